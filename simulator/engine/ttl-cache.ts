// Answers kept for a while, as the service's handler cache keeps them (30 s per network
// and body for the statistics routes): bounded, so no stream of bodies makes it grow.

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value kept under `key`, if it has not expired at `now`. */
  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` until `now + ttlMs`; past the bound, expired entries go, then the oldest. */
  set(key: string, value: V, now: number): V {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      for (const [k, entry] of this.entries) if (entry.until <= now) this.entries.delete(k);
      while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, until: now + this.ttlMs });
    return value;
  }
}
