import { describe, expect, it } from 'vitest';
import { provideModeName } from '../../src/contract/schemas.ts';
import {
  formatAge,
  formatBytes,
  formatBytesPerSecond,
  formatCompact,
  formatCount,
  formatDuration,
  formatGiB,
  formatHours,
  formatMiB,
  formatMibitRate,
  formatPeriodAtSpeed,
  formatUsd,
  MISSING,
} from '../../src/format/numbers.ts';

describe('formatting of figures', () => {
  it('groups thousands in counts and rounds them', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999.6)).toBe('1,000');
    expect(formatCount(-4321)).toBe('-4,321');
    expect(formatCount(undefined)).toBe(MISSING);
  });

  it('writes units: GiB (TiB from 1024), USD, Gbit/s, hours', () => {
    expect(formatGiB(12.345)).toBe('12.35 GiB');
    expect(formatGiB(1536)).toBe('1.50 TiB');
    expect(formatUsd(0.01234)).toBe('0.0123 USD');
    expect(formatMibitRate(6900)).toBe('6.74 Gibit/s');
    expect(formatMibitRate(3)).toBe('3 Mibit/s');
    expect(formatGiB(527)).toBe('527 GiB');
    expect(formatHours(23.46)).toBe('23.5h');
    expect(formatGiB(Number.NaN)).toBe(MISSING);
  });

  it('shortens large figures for axes and cards', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1234)).toBe('1.2k');
    expect(formatCompact(45_300_000)).toBe('45.3M');
    expect(formatCompact(250_000)).toBe('250k');
    expect(formatCompact(0.5)).toBe('0.50');
  });

  it("writes /stats/last-90's units with binary prefixes: bytes, MiB, Mibit/s", () => {
    expect(formatBytes(2 ** 40)).toBe('1 TiB');
    expect(formatBytes(75_000_000_000_000)).toBe('68.21 TiB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatMiB(1_048_576)).toBe('1 TiB');
    expect(formatMiB(3 * 1024)).toBe('3 GiB');
    expect(formatMiB(undefined)).toBe(MISSING);
  });

  it('names provide modes; an absent one is unknown (today the service does not send it), not "none"', () => {
    expect(provideModeName(-1)).toBe('default');
    expect(provideModeName(3)).toBe('public');
    expect(provideModeName(2)).toBe('friends & family');
    expect(provideModeName(undefined)).toBe('unknown');
    expect(provideModeName(0)).toBe('none');
    expect(provideModeName(9)).toBe('mode 9');
  });

  it('writes ages in seconds, then minutes, hours and days', () => {
    expect(formatAge(45)).toBe('45 s');
    expect(formatAge(600)).toBe('10 min');
    expect(formatAge(3 * 3600 + 300)).toBe('3 h 5 min');
    expect(formatAge(3 * 86400)).toBe('3 d');
  });
});

describe('speeds and countdowns', () => {
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
  it('says a period of a sped-up clock in real time too (netdeck sim --speed)', () => {
    expect(formatPeriodAtSpeed(60_000, 1)).toBe('60 s');
    expect(formatPeriodAtSpeed(60_000, 60)).toBe('60 s (1 s at 60x)');
    expect(formatPeriodAtSpeed(60_000, 600)).toBe('60 s (0.1 s at 600x)');
    expect(formatPeriodAtSpeed(600_000, 2)).toBe('10 min (5 min at 2x)');
    expect(formatPeriodAtSpeed(60_000, 2.5)).toBe('60 s (24 s at 2.5x)');
  });
});

describe('countOf', () => {
  it('says one thing in the singular and the rest in the plural, counts separated', async () => {
    const { countOf } = await import('../../src/format/numbers.ts');
    expect(countOf(1, 'match', 'matches')).toBe('1 match');
    expect(countOf(0, 'match', 'matches')).toBe('0 matches');
    expect(countOf(1, 'place')).toBe('1 place');
    expect(countOf(12345, 'provider')).toBe('12,345 providers');
  });
});
