import { describe, expect, it } from 'vitest';
import { createWorld } from '../../../simulator/world/index.ts';
import { Rng } from '../../../simulator/world/prng.ts';
import {
  MAX_QUERY_LENGTH,
  normalise,
  SearchIndex,
  searchStrings,
  wordStartEntries,
} from '../../../simulator/world/search.ts';
import { timed } from '../../bench-figures.ts';

/** Plain Levenshtein distance of a and b. */
function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: a.length + 1 }, (_, i) => i);
  for (let j = 1; j <= b.length; j++) {
    const next = [j];
    for (let i = 1; i <= a.length; i++)
      next[i] = Math.min(row[i] + 1, next[i - 1] + 1, row[i - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[a.length];
}

/**
 * The aliases the service searches today (server: search/search_alias.go, prefix type,
 * minimum 3): the string, and every prefix of at least 3 characters that starts at a word.
 */
function aliases(value: string): string[] {
  const out = [value];
  for (let start = 0; start < value.length; start++) {
    if (value[start] === ' ' || (start > 0 && value[start - 1] !== ' ')) continue;
    for (let end = value.length; end > start; end--) {
      const alias = value.slice(start, end);
      if (alias.length >= 3 && alias.length !== value.length) out.push(alias);
    }
  }
  return out;
}

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

  it('folds as the service does (unidecode): Latin letters without a decomposition too, both ways', () => {
    expect(['Łódź', 'lodz', 'LODZ'].map(normalise)).toEqual(['lodz', 'lodz', 'lodz']);
    expect(normalise('Großbeeren Møre Ærø Diyarbakır')).toBe('grossbeeren more aero diyarbakir');
    // `são` finds Sao as `sao paulo` finds São Paulo: both fold to the same letters.
    const index = new SearchIndex(
      [
        { text: normalise('Sao Tome'), ref: 1 },
        { text: normalise('São Paulo, Brazil'), ref: 2 },
      ],
      0,
    );
    expect(index.search(normalise('são'), 0)).toEqual(
      new Map([
        [1, 0],
        [2, 0],
      ]),
    );
    expect(index.search(normalise('sao paulo'), 0)).toEqual(new Map([[2, 0]]));
  });
});

describe('SearchIndex', () => {
  const world = createWorld({ seed: 5, now: 0, providers: 200, locations: 400 });
  const { geo } = world;
  const index = new SearchIndex(searchStrings(geo, true));
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
    const queries = ['ger', 'united', 'nordic', 'x', 'new', 'sao', 'europe', 'us', 'd', 'de'];
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

  it('answers a 55 000-character query at once, finding nothing', async () => {
    await timed('world search: two 55 000-character queries answered', 1_000, () => {
      expect(index.search('a'.repeat(55_000), 11_000).size).toBe(0);
      expect(index.search(`${'berlin '.repeat(8_000)}`, 2).size).toBe(0);
    });
  });

  it('reads a query cut to MAX_QUERY_LENGTH characters', () => {
    const name = normalise(geo.cityName[0]);
    const long = name + 'x'.repeat(MAX_QUERY_LENGTH);
    expect(index.search(long, 2)).toEqual(index.search(long.slice(0, MAX_QUERY_LENGTH), 2));
  });

  describe("today's aliases (word starts, at least 3 characters, no groups)", () => {
    const current = new SearchIndex(wordStartEntries(searchStrings(geo, false)), 3);
    // Every alias once, with the places it belongs to.
    const owners = new Map<string, number[]>();
    for (const [text, ref] of strings.filter(([, r]) => r % 4 !== 3))
      for (const alias of aliases(text)) owners.set(alias, [...(owners.get(alias) ?? []), ref]);

    /** Best distance per place within `allowed`, from the distance to each alias. */
    function naiveAliases(query: string, allowed: number): Map<number, number> {
      const found = new Map<number, number>();
      for (const [alias, refs] of owners) {
        // Lengths alone put an alias further than allowed: skip the full computation.
        if (Math.abs(alias.length - query.length) > allowed) continue;
        const d = levenshtein(query, alias);
        if (d > allowed) continue;
        for (const ref of refs) if ((found.get(ref) ?? Infinity) > d) found.set(ref, d);
      }
      return found;
    }

    it('finds exactly what a brute-force search over the aliases finds', () => {
      const rng = new Rng(17);
      const queries = ['ger', 'de', 'd', 'us', 'united', 'states', 'x', 'ab', 'nordic', 'new yo'];
      for (let k = 0; k < 16; k++) {
        const name = normalise(k % 2 ? rng.pick(geo.cityName) : rng.pick(geo.regionName));
        const chars = name.split('');
        chars[rng.int(chars.length)] = 'qxz'[rng.int(3)];
        queries.push(chars.join('').slice(0, 3 + rng.int(10)));
      }
      for (const query of queries) {
        for (const allowed of [0, 1, 2]) {
          expect(current.search(query, allowed), `${query} within ${allowed}`).toEqual(
            naiveAliases(query, allowed),
          );
        }
      }
    });

    it('matches a word inside a name: "germany" finds every German place exactly', () => {
      const germany = geo.countryCode.indexOf('de');
      const found = current.search('germany', 2);
      expect(found.get(germany * 4 + 2)).toBe(0);
      const germanCity = geo.cityRegion.findIndex((r) => geo.regionCountry[r] === germany);
      expect(found.get(germanCity * 4)).toBe(0);
    });
  });
});
