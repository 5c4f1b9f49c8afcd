// Keys that arrive in one chunk ("3a", "a" + a pasted code, "/san", tab then enter) are
// handled one per render, as if typed: a key often changes who gets the next one (a pane
// switch, a dialog, a box or a form field gaining focus), and the handlers that go with
// the change exist only once React has rendered it. React commits a store update in a
// microtask, so the next key waits for the next macrotask.

/**
 * One key, or a run of printable text for a focused text box: keys typed faster than read,
 * or a paste the terminal marked as one (`pasted`: never keys).
 */
export type QueuedKey = { name: string | undefined; input: string } | { text: string; pasted?: true };

export class KeyQueue {
  private readonly pending: QueuedKey[] = [];
  private scheduled = false;

  constructor(
    /** Handles one; or gives back the keys it stands for (a paste with no box to take it). */
    private readonly handle: (key: QueuedKey) => QueuedKey[] | undefined,
    private readonly later: (run: () => void) => void = setImmediate,
  ) {}

  push(keys: QueuedKey[]): void {
    this.pending.push(...keys);
    if (!this.scheduled) this.next();
  }

  private next(): void {
    this.scheduled = false;
    let expanded: QueuedKey[] | undefined;
    do {
      const key = this.pending.shift();
      if (!key) return;
      expanded = this.handle(key);
      if (expanded) this.pending.unshift(...expanded);
    } while (expanded);
    if (this.pending.length === 0) return;
    this.scheduled = true;
    this.later(() => this.next());
  }
}
