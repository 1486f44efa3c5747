import type { ViewerLoad } from '@cardiomap/contract';

/** The warnings ViewerHeader lists: the study's and the config's, each once. */
export const headerWarnings = (load: Pick<ViewerLoad, 'warnings' | 'config'>): string[] => [
  ...new Set([...load.warnings, ...load.config.warnings]),
];

/** How many alerts ViewerHeader shows: the warnings and, for a non-clinical licence, its banner (spec §8). */
export const headerAlertCount = (load: Pick<ViewerLoad, 'warnings' | 'config' | 'isClinical'>): number =>
  headerWarnings(load).length + (load.isClinical ? 0 : 1);
