import { analyticsAllowed, type ConsentChoice } from './consent.ts';

/**
 * Usage analytics start only after the user accepts all cookies (spec §1). No analytics provider is
 * configured yet, so starting means recording page views in memory for a provider to drain later;
 * before consent nothing at all is recorded.
 */
let started = false;
const pageViews: string[] = [];

export const analytics = {
  startIfAllowed(choice: ConsentChoice | null): void {
    if (analyticsAllowed(choice)) started = true;
  },
  isStarted: (): boolean => started,
  pageView(path: string): void {
    if (started) pageViews.push(path);
  },
  recordedPageViews: (): readonly string[] => pageViews,
};
