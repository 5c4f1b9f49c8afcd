import { describe, expect, it } from 'vitest';
import { createWorld } from '../../../simulator/world/index.ts';
import { Rng } from '../../../simulator/world/prng.ts';
import { normalise, SearchIndex } from '../../../simulator/world/search.ts';

/** Plain Levenshtein distance of q to the best prefix of s. */
function prefixDistance(q: string, s: string): number {
  let row = Array.from({ length: q.length + 1 }, (_, i) => i);
  let best = row[q.length];
  for (let j = 1; j <= s.length; j++) {
    const next = [j];
    for (let i = 1; i <= q.length; i++)
      next[i] = Math.min(row[i] + 1, next[i - 1] + 1, row[i - 1] + (q[i - 1] === s[j - 1] ? 0 : 1));
    row = next;
    best = Math.min(best, row[q.length]);
  }
  return best;
}

describe('normalise', () => {
  it('removes accents, lowercases and collapses whitespace', () => {
    expect(normalise('  São   Paulo ')).toBe('sao paulo');
    expect(normalise('ZÜRICH\tcity')).toBe('zurich city');
  });
});

describe('SearchIndex', () => {
  const world = createWorld({ seed: 5, now: 0, providers: 200, locations: 400 });
  const { geo } = world;
  const index = new SearchIndex(geo);
  // The search strings of the reference document, built independently here.
  const strings: [string, number][] = [];
  geo.countryName.forEach((name, c) => {
    strings.push([`${normalise(name)} (${geo.countryCode[c]})`, c * 4 + 2], [geo.countryCode[c], c * 4 + 2]);
  });
  geo.regionName.forEach((name, r) => {
    const c = geo.regionCountry[r];
    strings.push(
      [normalise(`${name}, ${geo.countryName[c]}`), r * 4 + 1],
      [normalise(`${name} (${geo.countryCode[c]})`), r * 4 + 1],
    );
  });
  geo.cityName.forEach((name, city) => {
    const r = geo.cityRegion[city];
    const c = geo.regionCountry[r];
    strings.push(
      [normalise(`${name}, ${geo.countryName[c]}`), city * 4],
      [normalise(`${name} (${geo.countryCode[c]})`), city * 4],
      [normalise(`${name}, ${geo.regionName[r]}`), city * 4],
    );
  });
  geo.groups.forEach((group, g) => {
    strings.push([normalise(group.name), g * 4 + 3]);
  });

  function naive(query: string, allowed: number): Map<number, number> {
    const found = new Map<number, number>();
    for (const [text, ref] of strings) {
      const d = prefixDistance(query, text);
      if (d <= allowed && (found.get(ref) ?? Infinity) > d) found.set(ref, d);
    }
    return found;
  }

  it('finds exactly what a brute-force prefix Levenshtein search finds', () => {
    const rng = new Rng(11);
    const queries = ['ger', 'united', 'nordic', 'x', 'new', 'sao', 'europe', 'us'];
    // Misspelt names of random cities and regions.
    for (let k = 0; k < 30; k++) {
      const name = normalise(k % 2 ? rng.pick(geo.cityName) : rng.pick(geo.regionName));
      const chars = name.split('');
      const at = rng.int(chars.length);
      chars[at] = 'qxz'[rng.int(3)];
      queries.push(chars.join('').slice(0, 3 + rng.int(10)));
    }
    for (const query of queries) {
      for (const allowed of [0, 1, 2, 3]) {
        expect(index.search(query, allowed), `${query} within ${allowed}`).toEqual(naive(query, allowed));
      }
    }
  });

  it('returns nothing for an empty query', () => {
    expect(index.search('', 3).size).toBe(0);
  });
});
