// The bundle measures text with string-width behind a fast path (scripts/shims): it must
// give the package's own width for every string, or Ink would cut and pad lines wrongly.
import fc from 'fast-check';
import realStringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript of the build
import { fastStringWidth, simpleWidthExceptions } from '../../scripts/shims/string-width.js';

type Measure = (text: string, options?: object) => number;
const wrapped = (real: Measure, onLoad = () => {}): Measure =>
  fastStringWidth(() => {
    onLoad();
    return real;
  }, simpleWidthExceptions(real));
const width = wrapped(realStringWidth);

const PIECES = [
  'a',
  'Z',
  ' ',
  '~',
  '›',
  '▸',
  '▾',
  '·',
  '●',
  '○',
  '…',
  '─',
  '│',
  '█',
  '▁',
  '↻',
  '→',
  '✓',
  '✗',
  '⚠',
  'é',
  'ß',
  '\u0301',
  '\u200d',
  '\ufe0f',
  '\u20e3',
  '1',
  '日',
  '한',
  '\u1100',
  '\u1161',
  '👍',
  '🇩🇪',
  '\u00ad',
  '\u200b',
  'क',
  '\u094d',
  'ष',
  '\u093e',
  'Ω',
  'Ж',
  '\u0483',
  '\t',
  '\u001b[1m',
  '\u001b[0m',
  '\u001b[38;5;12m',
  '\u001b]8;;x\u0007',
  '⌚',
  '⏩',
  '☔',
  '♥',
  '❤',
  '⬛',
  '⭐',
  '∑',
  '\u2028',
  '\u2060',
  '¤',
  '\u00a0',
];

describe('string-width behind the fast path', () => {
  it('gives the package width for strings made of what a console draws and of what breaks the fast path', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(width(text)).toBe(realStringWidth(text));
        expect(width(text)).toBe(realStringWidth(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the package width for any string, and passes options through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (text) => {
        expect(width(text)).toBe(realStringWidth(text));
        expect(width(text, { ambiguousIsNarrow: false })).toBe(
          realStringWidth(text, { ambiguousIsNarrow: false }),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('sums each character of the fast path as the package measures it alone', () => {
    const differ: string[] = [];
    for (let code = 0x20; code < 0x2c00; code++) {
      const char = String.fromCharCode(code);
      if (width(char) !== realStringWidth(char))
        differ.push(`U+${code.toString(16)}: ${width(char)} vs ${realStringWidth(char)}`);
    }
    expect(differ).toEqual([]);
  });

  it('loads the package only for text off the fast path', () => {
    let loads = 0;
    const lazy = wrapped(realStringWidth, () => loads++);
    const row = '›  country ▸ United States ●';
    expect(lazy(row)).toBe(realStringWidth(row));
    expect(loads).toBe(0);
    expect(lazy('👍 ok')).toBe(5);
    expect(lazy('🇩🇪')).toBe(2);
    expect(loads).toBe(1);
  });

  it('measures a Discover row as wide as its columns', () => {
    expect(width('›  country ▸ United States   US   556 ●')).toBe(39);
  });
});
