// Sliding windows of event times per key, for rate limits that must not grow without
// bound under any stream of requests.

/**
 * A sliding window of event times per key (rate limits): each key keeps at most `cap`
 * times, keys whose newest time has left the window are pruned, and at most
 * `maxKeys` keys are kept (least recently used dropped first).
 */
export class Windows<K> {
  private readonly times = new Map<K, number[]>();

  constructor(
    readonly windowMs: number,
    readonly cap: number,
    private readonly maxKeys: number,
  ) {}

  get size(): number {
    return this.times.size;
  }

  /** Records an event at `now` and returns how many the key has in the window, this one included. */
  record(key: K, now: number): number {
    const list = this.live(key, now);
    list.push(now);
    if (list.length > this.cap) list.splice(0, list.length - this.cap);
    // Re-inserted: the map's order is least recently used first.
    this.times.delete(key);
    this.times.set(key, list);
    while (this.times.size > this.maxKeys) this.times.delete(this.times.keys().next().value as K);
    return list.length;
  }

  /** Events of the key within the window. */
  count(key: K, now: number): number {
    return this.live(key, now).length;
  }

  clear(key: K): void {
    this.times.delete(key);
  }

  /** Drops every key whose events have all left the window. */
  prune(now: number): void {
    for (const [key, list] of this.times)
      if (list[list.length - 1] <= now - this.windowMs) this.times.delete(key);
  }

  private live(key: K, now: number): number[] {
    const list = this.times.get(key) ?? [];
    const since = now - this.windowMs;
    let drop = 0;
    while (drop < list.length && list[drop] <= since) drop++;
    return drop ? list.slice(drop) : list;
  }
}
