/** A Map that forgets its least recently stored entries beyond a bound: for in-process caches. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly bound: number) {
    super();
  }

  /** Stores the entry as the newest, dropping the oldest when over the bound. */
  remember(key: K, value: V): void {
    this.delete(key);
    this.set(key, value);
    if (this.size > this.bound) {
      const oldest = this.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
  }
}
