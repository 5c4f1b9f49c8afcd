// What the console reads from its terminal before Ink does (src/ui/input/terminal-input.ts):
// mouse reports apart, in the order they came, whole even when a read cuts one; the
// rest to Ink untouched.
import { describe, expect, it } from 'vitest';
import type { MouseEvent } from '../../src/ui/input/mouse.ts';
import { onMouse, onSuspendKey, TerminalInput } from '../../src/ui/input/terminal-input.ts';
import { FakeStdin } from './render.tsx';

/** A TerminalInput on a fake terminal, read as Ink reads it; what came out, in order. */
function reading() {
  const source = new FakeStdin();
  const input = new TerminalInput(source);
  const out: (string | MouseEvent)[] = [];
  const onReadable = () => {
    for (let chunk = input.read(); chunk !== null; chunk = input.read()) out.push(chunk);
  };
  input.on('readable', onReadable);
  const stop = onMouse(input, (event) => out.push(event));
  return { source, input, out, onReadable, stop };
}

const click = { kind: 'press', button: 0, column: 11, row: 2 };

describe('TerminalInput', () => {
  it('gives Ink the keys as they came, and no mouse report', () => {
    const { source, out } = reading();
    source.write('jk\u001b[B');
    source.write('\u001b[<0;12;3M');
    source.write('q');
    expect(out).toEqual(['jk\u001b[B', click, 'q']);
  });

  it('keeps the order of keys and reports in one read', () => {
    const { source, out } = reading();
    source.write('a\u001b[<0;12;3M\u001b[<0;12;3mb\u001b[<65;1;1M');
    expect(out).toEqual([
      'a',
      click,
      { ...click, kind: 'release' },
      'b',
      { kind: 'wheelDown', button: 0, column: 0, row: 0 },
    ]);
  });

  it('puts a report cut by a read back together', () => {
    const { source, out } = reading();
    source.write('x\u001b[<0;1');
    expect(out).toEqual(['x']);
    source.write('2;3M');
    expect(out).toEqual(['x', click]);
    // A lone ESC and other sequences go on to Ink at once (it waits for the rest itself).
    source.write('\u001b');
    source.write('[A');
    expect(out).toEqual(['x', click, '\u001b', '[A']);
  });

  it('passes raw mode, ref and unref to the terminal, and stops reading it when Ink stops', () => {
    const { source, input, onReadable, stop } = reading();
    const calls: string[] = [];
    const record = (call: string) => () => void calls.push(call);
    Object.assign(source, {
      setRawMode: (on: boolean) => void calls.push(`raw ${on}`),
      ref: record('ref'),
      unref: record('unref'),
      pause: record('pause'),
    });
    expect(input.isTTY).toBe(true);
    input.ref();
    input.setRawMode(true);
    input.setRawMode(false);
    input.unref();
    expect(source.listenerCount('data')).toBe(1);
    input.off('readable', onReadable);
    expect(source.listenerCount('data')).toBe(0);
    expect(calls).toEqual(['ref', 'raw true', 'raw false', 'unref', 'pause']);
    stop();
    expect(input.listenerCount('mouse')).toBe(0);
  });

  it('has no mouse reports for a stream that is not one', () => {
    const stop = onMouse(new FakeStdin(), () => {
      throw new Error('no report expected');
    });
    stop();
  });

  it('takes ctrl-z out as a suspension, in its place among the keys', () => {
    const { source, input, out } = reading();
    onSuspendKey(input, () => out.push('<suspend>'));
    source.write('j\u001ak');
    source.write('\u001a');
    expect(out).toEqual(['j', '<suspend>', 'k', '<suspend>']);
  });
});

describe("TerminalInput's 'input'", () => {
  it('says each read, keys and clicks alike, before they are handed on', () => {
    const { source, input, out } = reading();
    const seen: string[] = [];
    input.on('input', () => seen.push(`input after ${out.length}`));
    source.write('j');
    source.write('\u001b[<0;12;3M');
    expect(seen).toEqual(['input after 0', 'input after 1']);
    expect(out).toEqual(['j', click]);
  });
});
