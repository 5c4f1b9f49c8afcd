// Keys that arrive in one chunk ("3a", "a" + a pasted code, "/san") are handled one by
// one, but a key that changes who gets keys (a pane switch, a dialog or box opening)
// only takes effect once React has rendered and mounted the new handlers. So the keys
// after such a key wait for that render (the next macrotask: React commits store
// updates in a microtask) instead of going to handlers that are not there yet.

/** One key, or a run of printable text (a paste) for a focused text box. */
export type QueuedKey = { name: string | undefined; input: string } | { text: string };

export class KeyQueue {
  private readonly pending: QueuedKey[] = [];
  private scheduled = false;

  constructor(
    /** Handles one; may instead give back the keys it stands for (a paste with no box to take it). */
    private readonly handle: (key: QueuedKey) => QueuedKey[] | undefined,
    /** Who gets keys now; a change means new handlers are about to mount. */
    private readonly routing: () => string,
    private readonly later: (run: () => void) => void = setImmediate,
  ) {}

  push(keys: QueuedKey[]): void {
    this.pending.push(...keys);
    if (!this.scheduled) this.drain();
  }

  private drain(): void {
    this.scheduled = false;
    while (this.pending.length > 0) {
      const before = this.routing();
      const expanded = this.handle(this.pending.shift()!);
      if (expanded) {
        this.pending.unshift(...expanded);
        continue;
      }
      if (this.pending.length > 0 && this.routing() !== before) {
        this.scheduled = true;
        this.later(() => this.drain());
        return;
      }
    }
  }
}
