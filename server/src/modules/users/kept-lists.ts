/**
 * Narrowed users lists (a search, an organisation) kept by this instance: the matching ids in the
 * list's order and the users_list_version they were read at (migration 0020). Paging through a search or
 * asking for it again then reads one page of users by id instead of running the search again. A kept
 * list is only ever used after the database confirmed its version, in the same statement that reads the
 * page, so it is never stale, on any instance.
 *
 * Bounded: at most MAX_KEPT_LISTS lists of at most MAX_KEPT_IDS ids (~20 MB at worst); a list with more
 * matches is not kept (such a broad search is paged by the database as before). Least recently used
 * lists go first.
 */
export const MAX_KEPT_IDS = 2_000;
export const MAX_KEPT_LISTS = 200;

export interface KeptList {
  version: string;
  ids: readonly string[];
}

export class KeptLists {
  private readonly lists = new Map<string, KeptList>();

  constructor(private readonly maxLists = MAX_KEPT_LISTS) {}

  get(key: string): KeptList | undefined {
    const list = this.lists.get(key);
    if (list) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.lists.delete(key);
      this.lists.set(key, list);
    }
    return list;
  }

  keep(key: string, list: KeptList): void {
    this.lists.delete(key);
    this.lists.set(key, list);
    while (this.lists.size > this.maxLists) {
      const oldest = this.lists.keys().next().value;
      if (oldest === undefined) break;
      this.lists.delete(oldest);
    }
  }

  forget(key: string): void {
    this.lists.delete(key);
  }

  get size(): number {
    return this.lists.size;
  }
}
