import { describe, expect, it } from 'vitest';
import { displayWidth, padCells, truncate } from '../../src/ui/text.ts';

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
