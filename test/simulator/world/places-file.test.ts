import { describe, expect, it } from 'vitest';
import { placesFromFile } from '../../../simulator/world/places-file.ts';

const file = (regions: string, names: string, columns: string, key = 'k') => {
  const sections = [regions, names, columns].map((text) => Buffer.from(text, 'utf8'));
  return Buffer.concat([Buffer.from(`${key} ${sections.map((b) => b.length).join(' ')}\n`), ...sections]);
};

describe('the places file', () => {
  const bytes = file('de\tBerlin\njp\tTokyo', 'Berlin\n東京\nKöln', 'AAAABBBBCCCC');

  it('decodes the first N names and columns only, and every region', () => {
    const places = placesFromFile(bytes);
    expect(places.regions).toBe('de\tBerlin\njp\tTokyo');
    expect(places.columnsLength).toBe(12);
    expect(places.columns(8)).toBe('AAAABBBB');
    expect(places.names(0)).toEqual([]);
    expect(places.names(2)).toEqual(['Berlin', '東京']);
    expect(places.names(9)).toEqual(['Berlin', '東京', 'Köln']);
  });

  it('refuses a file cut short, one with bytes after its sections, and one of another kind', () => {
    expect(() => placesFromFile(bytes.subarray(0, bytes.length - 1))).toThrow(/cut short or not one/);
    expect(() => placesFromFile(Buffer.concat([bytes, Buffer.from('x')]))).toThrow(/cut short or not one/);
    expect(() => placesFromFile(Buffer.from('{"regions":"","names":"","columns":""}'))).toThrow(/not one/);
  });
});
