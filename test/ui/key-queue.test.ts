import { describe, expect, it } from 'vitest';
import { KeyQueue, type QueuedKey } from '../../src/ui/input/key-queue.ts';

/** A queue whose "renders" are run by hand. */
function setup(paste?: (text: string) => QueuedKey[] | undefined) {
  const seen: string[] = [];
  const renders: (() => void)[] = [];
  const queue = new KeyQueue(
    (key) => {
      if ('text' in key) return paste?.(key.text);
      seen.push(key.input);
      return undefined;
    },
    (run) => renders.push(run),
  );
  const render = () => renders.shift()?.();
  return { queue, seen, render, renders };
}
const keys = (s: string) => [...s].map((input) => ({ name: input, input }));

describe('KeyQueue', () => {
  it('handles a lone key at once', () => {
    const { queue, seen, renders } = setup();
    queue.push(keys('x'));
    expect(seen).toEqual(['x']);
    expect(renders).toHaveLength(0);
  });

  it('handles keys that came together one per render, in order, with keys pushed meanwhile after them', () => {
    const { queue, seen, render } = setup();
    queue.push(keys('xy'));
    queue.push(keys('z'));
    expect(seen).toEqual(['x']);
    render();
    expect(seen).toEqual(['x', 'y']);
    render();
    expect(seen).toEqual(['x', 'y', 'z']);
  });

  it('expands a paste nobody takes into its keys, which then go one per render', () => {
    const { queue, seen, render } = setup((text) => keys(text));
    queue.push([{ text: 'pq' }]);
    expect(seen).toEqual(['p']);
    render();
    expect(seen).toEqual(['p', 'q']);
  });
});
