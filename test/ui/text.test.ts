import { describe, expect, it } from 'vitest';
import { displayWidth, formatBytesPerSecond, formatDuration, padCells, truncate } from '../../src/ui/text.ts';

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

describe('formatters', () => {
  it('shows speeds in human units', () => {
    expect(formatBytesPerSecond(950)).toBe('950 B/s');
    expect(formatBytesPerSecond(1_250_000)).toBe('1.25 MB/s');
    expect(formatBytesPerSecond(12_500_000)).toBe('12.5 MB/s');
    expect(formatBytesPerSecond(undefined)).toBe('–');
  });
  it('shows durations', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(7800)).toBe('2h 10m');
  });
});
