import { describe, expect, it } from 'vitest';
import { KeyQueue, type QueuedKey } from '../../src/ui/input/keyQueue.ts';

/** A queue whose "render" is run by hand: `key` 'p' switches who gets keys. */
function setup(paste?: (text: string) => QueuedKey[] | undefined) {
  let route = 'a';
  const seen: string[] = [];
  const renders: (() => void)[] = [];
  const queue = new KeyQueue(
    (key) => {
      if ('text' in key) return paste?.(key.text);
      seen.push(`${route}:${key.input}`);
      if (key.input === 'p') route = route === 'a' ? 'b' : 'a';
      return undefined;
    },
    () => route,
    (run) => renders.push(run),
  );
  const render = () => renders.shift()?.();
  return { queue, seen, render, renders };
}
const keys = (s: string) => [...s].map((input) => ({ name: input, input }));

describe('KeyQueue', () => {
  it('handles keys in order at once while nobody else is to get them', () => {
    const { queue, seen, renders } = setup();
    queue.push(keys('xyz'));
    expect(seen).toEqual(['a:x', 'a:y', 'a:z']);
    expect(renders).toHaveLength(0);
  });

  it('holds the keys after a routing change until the next render, also keys pushed meanwhile', () => {
    const { queue, seen, render } = setup();
    queue.push(keys('xpy'));
    queue.push(keys('z'));
    expect(seen).toEqual(['a:x', 'a:p']);
    render();
    expect(seen).toEqual(['a:x', 'a:p', 'b:y', 'b:z']);
  });

  it('expands a paste nobody takes into its keys, which then wait like any others', () => {
    const { queue, seen, render } = setup((text) => keys(text));
    queue.push([{ text: 'pq' }]);
    expect(seen).toEqual(['a:p']);
    render();
    expect(seen).toEqual(['a:p', 'b:q']);
  });
});
