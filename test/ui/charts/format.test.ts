import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatCompact,
  formatCount,
  formatGbps,
  formatGiB,
  formatHours,
  formatUsdc,
  MISSING,
  provideModeName,
} from '../../../src/ui/charts/format.ts';

describe('formatting of figures', () => {
  it('groups thousands in counts and rounds them', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999.6)).toBe('1,000');
    expect(formatCount(-4321)).toBe('-4,321');
    expect(formatCount(undefined)).toBe(MISSING);
  });

  it('writes units: GiB (TiB from 1024), USDC, Gbit/s, hours', () => {
    expect(formatGiB(12.345)).toBe('12.35 GiB');
    expect(formatGiB(1536)).toBe('1.50 TiB');
    expect(formatUsdc(0.01234)).toBe('0.0123 USDC');
    expect(formatGbps(3.2)).toBe('3.20 Gbit/s');
    expect(formatGbps(3)).toBe('3 Gbit/s');
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

  it('names provide modes, an absent one being none', () => {
    expect(provideModeName(-1)).toBe('default');
    expect(provideModeName(3)).toBe('public');
    expect(provideModeName(2)).toBe('friends & family');
    expect(provideModeName(undefined)).toBe('none');
    expect(provideModeName(9)).toBe('mode 9');
  });

  it('writes ages in seconds, then minutes, hours and days', () => {
    expect(formatAge(45)).toBe('45 s');
    expect(formatAge(600)).toBe('10 min');
    expect(formatAge(3 * 3600 + 300)).toBe('3 h 5 min');
    expect(formatAge(3 * 86400)).toBe('3 d');
  });
});
