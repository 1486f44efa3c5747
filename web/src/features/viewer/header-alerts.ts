import type { ViewerLoad } from '@cardiomap/contract';

/** The warnings ViewerHeader lists: the study's, the config's and the legacy results', each once. */
export const headerWarnings = (load: Pick<ViewerLoad, 'warnings' | 'config' | 'legacyResults'>): string[] => [
  ...new Set([...load.warnings, ...load.config.warnings, ...(load.legacyResults?.warnings ?? [])]),
];

/**
 * How many alerts ViewerHeader shows: the warnings, for a non-clinical licence its banner (spec §8), and
 * for obsoleted results theirs (issue 30 §2).
 */
export const headerAlertCount = (
  load: Pick<ViewerLoad, 'warnings' | 'config' | 'legacyResults' | 'isClinical' | 'isObsolete'>,
): number => headerWarnings(load).length + (load.isClinical ? 0 : 1) + (load.isObsolete ? 1 : 0);
