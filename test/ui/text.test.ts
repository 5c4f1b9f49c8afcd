import { describe, expect, it } from 'vitest';
import { displayWidth, fitParts, padCells, truncate, wrapText } from '../../src/ui/text.ts';

describe('widths', () => {
  it('counts wide characters as two cells and truncates by cells', () => {
    expect(displayWidth('東京')).toBe(4);
    expect(truncate('東京都渋谷区', 7)).toBe('東京都…');
    expect(displayWidth(truncate('東京都渋谷区', 7))).toBe(7);
    expect(truncate('short', 10)).toBe('short');
    expect(padCells('ab', 4)).toBe('ab  ');
    expect(padCells('7', 3, 'right')).toBe('  7');
  });
});

describe('fitParts', () => {
  const parts: [number, string | undefined][] = [
    [3, 'row 1 of 109'],
    [1, '109 places'],
    [2, 'counts: quality pool'],
    [2, undefined],
    [4, 'space marks'],
  ];
  it('joins every part when all fit, in their order', () => {
    expect(fitParts(parts, 80)).toBe('row 1 of 109 · 109 places · counts: quality pool · space marks');
  });
  it('leaves out the parts of the highest rank whole, keeping the order of the rest', () => {
    expect(fitParts(parts, 50)).toBe('row 1 of 109 · 109 places · counts: quality pool');
    expect(fitParts(parts, 33)).toBe('109 places · counts: quality pool');
    expect(fitParts(parts, 20)).toBe('109 places');
  });
  it('cuts the first part when not even the most wanted fits', () => {
    expect(fitParts([[1, 'a long status line']], 8)).toBe('a long …');
  });
});

describe('wrapText', () => {
  it('breaks at spaces, and a line that ends exactly at the width leaves its space behind', () => {
    expect(wrapText('aaaa bbbb cccc dddd', 9)).toEqual(['aaaa bbbb', 'cccc dddd']);
    expect(wrapText('aaaaaaaaa bbbbb', 9)).toEqual(['aaaaaaaaa', 'bbbbb']);
    expect(wrapText('one  two', 3)).toEqual(['one', 'two']);
  });
  it('cuts a word longer than the width, counts cells, keeps line breaks and a first indent', () => {
    expect(wrapText('abcdefghij k', 4)).toEqual(['abcd', 'efgh', 'ij k']);
    expect(wrapText('東京 大阪', 4)).toEqual(['東京', '大阪']);
    expect(wrapText('first\n  second line', 8)).toEqual(['first', '  second', 'line']);
    expect(wrapText('', 5)).toEqual(['']);
  });
});
