// The console's one rule for mono's output (src/cli/console/ascii-stream.ts): the first
// paint and Ink write through `themedOutput`, which folds every string to ASCII for mono
// and leaves the other themes' output as it is.
import { describe, expect, it } from 'vitest';
import { themedOutput } from '../../../src/cli/console/ascii-stream.ts';
import { THEME_NAMES } from '../../../src/ui/theme.ts';

function fakeOut() {
  const chunks: string[] = [];
  return { chunks, columns: 93, write: (chunk: string) => chunks.push(chunk) };
}

const FRAME = '┌ netdeck · demo ▼ ✓ ┐';

describe('the output a theme writes through', () => {
  it('mono: every string folded to ASCII and box drawing, of the same width; the stream is still the stream', () => {
    const out = fakeOut();
    const mono = themedOutput(out, 'mono');
    mono.write(FRAME);
    expect(out.chunks).toEqual(['┌ netdeck | demo v + ┐']);
    expect(mono.columns).toBe(93);
  });

  it('the other themes and none: the stream itself, nothing folded', () => {
    for (const theme of [...THEME_NAMES.filter((name) => name !== 'mono'), undefined]) {
      const out = fakeOut();
      expect(themedOutput(out, theme), String(theme)).toBe(out);
    }
  });
});
