import type { Case } from '@cardiomap/contract';
import { BoundedMap } from '../../lib/bounded-map.ts';

/** Notified (from database triggers, at commit) whenever anything a case-list page shows changes. */
export const CASES_CHANGED_CHANNEL = 'cm_cases_changed';

export interface CaseListPage {
  count: number;
  results: Case[];
}

interface Entry {
  page: CaseListPage;
  storedAt: number;
}

/**
 * Pages of the case list as already presented to one user at one profile version, so a page asked for
 * again (the list polls, people page back and forth, many users open the same first page) costs no
 * database work. Exactness comes from change notifications, as for the session cache: pages are kept only
 * while the instance is listening, every notice drops them all, and a page whose load raced with a notice
 * is not stored. Entries also expire after `ttlMs` as a backstop.
 */
export class CaseListCache {
  private readonly pages: BoundedMap<string, Entry>;
  private live = false;
  private generation = 0;

  constructor(
    private readonly ttlMs = 30_000,
    maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    this.pages = new BoundedMap(maxEntries);
  }

  get(key: string): CaseListPage | undefined {
    if (!this.live) return undefined;
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.pages.delete(key);
      return undefined;
    }
    return entry.page;
  }

  /** Call before loading a page from the database; pass the answer to `store` with the page. */
  beginLoad(): number {
    return this.generation;
  }

  store(loadStartedAt: number, key: string, page: CaseListPage): void {
    if (!this.live || loadStartedAt !== this.generation) return;
    this.pages.remember(key, { page, storedAt: this.now() });
  }

  /** A change notice: every cached page may be stale. */
  changed(): void {
    this.generation++;
    this.pages.clear();
  }

  setListening(live: boolean): void {
    this.live = live;
    this.changed();
  }

  get size(): number {
    return this.pages.size;
  }
}
