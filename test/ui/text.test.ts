import { describe, expect, it } from 'vitest';
import {
  displayWidth,
  formatBytesPerSecond,
  formatDuration,
  padCells,
  sanitize,
  truncate,
} from '../../src/ui/text.ts';

describe('sanitize', () => {
  it('strips CSI, OSC and other escape sequences a hostile name could carry', () => {
    expect(sanitize('evil\u001b[2J\u001b[Hname')).toBe('evilname');
    expect(sanitize('\u001b]0;pwned title\u0007Berlin')).toBe('Berlin');
    expect(sanitize('\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
    expect(sanitize('a\u009b31mb')).toBe('ab');
    expect(sanitize('\u001bPq#0;2;0;0;0\u001b\\x')).toBe('x');
  });

  it('removes control characters and bidi overrides, turns tabs and newlines into spaces', () => {
    expect(sanitize('a\u0000b\u0007c\u007fd')).toBe('abcd');
    expect(sanitize('line1\nline2\tend\r')).toBe('line1 line2 end ');
    expect(sanitize('abc\u202edcba')).toBe('abcdcba');
  });

  it('keeps ordinary text, accents and wide characters', () => {
    expect(sanitize('São Paulo 東京 🙂')).toBe('São Paulo 東京 🙂');
    expect(sanitize(undefined)).toBe('');
    expect(sanitize(42)).toBe('42');
  });
});

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
