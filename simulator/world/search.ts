// Fuzzy prefix search over every location's search strings. The strings are sorted,
// so neighbours share prefixes: the Levenshtein rows of a shared prefix are computed
// once (an implicit trie), and a prefix whose row minimum exceeds the allowed distance
// prunes every string that starts with it.
//
// Two indexes, one per era of the service:
// - seed (find-locations, early 2025): the distance of the query to the best prefix of
//   any search string of a location or group (`ger` matches Germany at distance 0);
// - current (find-provider-locations today): search strings and, from each word start,
//   every prefix of at least 3 characters (server: search/search_alias.go
//   GenerateAliases with SearchTypePrefix); the distance is to the best such alias.
import { foldForSearch } from '../../src/format/search-text.ts';
import type { Geo } from './geo.ts';
import { runSteps, type Steps } from './steps.ts';

export const KIND_CITY = 0;
export const KIND_REGION = 1;
export const KIND_COUNTRY = 2;
export const KIND_GROUP = 3;

/**
 * Bounds on the work of one search (a query of 55 000 characters once froze the
 * simulator): no search string is near this long, so a longer query cannot match
 * anything a cut one would not, and the distance allowed never passes 16.
 */
export const MAX_QUERY_LENGTH = 256;
export const MAX_DISTANCE = 16;
/** Current era: aliases are prefixes of at least this many characters (or a whole shorter string). */
export const MIN_ALIAS_LENGTH = 3;
/** No distance found yet (distances never pass MAX_DISTANCE). */
const NONE = 255;

/** As the service normalises names and queries (src/format/search-text.ts: Latin letters folded to ASCII, lower case, spaces single). */
export const normalise = foldForSearch;

/** Items per step of a stepped build (a few milliseconds of work). */
const STEP_MASK = 0xfff;

/** A reference to a location or group: number * 4 + kind. */
export const refOf = (kind: number, index: number) => index * 4 + kind;

export interface SearchEntry {
  text: string;
  ref: number;
}

/**
 * Every location's search strings, as the service builds them (server:
 * model/network_client_location_model.go Location.SearchStrings): a city as "City,
 * Country", "City (cc)" and "City, Region"; a region as "Region, Country" and "Region
 * (cc)"; a country as "Country (cc)" and "cc". Groups (seed era only) by name.
 */
export function searchStrings(geo: Geo, withGroups: boolean): SearchEntry[] {
  return runSteps(searchStringSteps(geo, withGroups));
}

/** searchStrings in steps (steps.ts). */
export function* searchStringSteps(geo: Geo, withGroups: boolean): Steps<SearchEntry[]> {
  const entries: SearchEntry[] = [];
  // Joined rather than templated: a join is one flat string, a template of this length a
  // tree of concatenations that sorting then flattens into a second copy.
  const join = (a: string, b: string, c: string, d = '') => [a, b, c, d].join('');
  const country = geo.countryName.map(normalise);
  const region = geo.regionName.map(normalise);
  country.forEach((name, c) => {
    const ref = refOf(KIND_COUNTRY, c);
    entries.push({ text: join(name, ' (', geo.countryCode[c], ')'), ref }, { text: geo.countryCode[c], ref });
  });
  region.forEach((name, r) => {
    const c = geo.regionCountry[r];
    const ref = refOf(KIND_REGION, r);
    entries.push(
      { text: join(name, ', ', country[c]), ref },
      { text: join(name, ' (', geo.countryCode[c], ')'), ref },
    );
  });
  for (let city = 0; city < geo.cityName.length; city++) {
    const name = normalise(geo.cityName[city]);
    const r = geo.cityRegion[city];
    const c = geo.regionCountry[r];
    const ref = refOf(KIND_CITY, city);
    entries.push(
      { text: join(name, ', ', country[c]), ref },
      { text: join(name, ' (', geo.countryCode[c], ')'), ref },
      { text: join(name, ', ', region[r]), ref },
    );
    if ((city & STEP_MASK) === STEP_MASK) yield city / geo.cityName.length;
  }
  if (withGroups) {
    for (const [g, group] of geo.groups.entries())
      entries.push({ text: normalise(group.name), ref: refOf(KIND_GROUP, g) });
  }
  return entries;
}

/** The current era's aliases: each string from each of its word starts (their prefixes are searched). */
export function wordStartEntries(entries: SearchEntry[]): SearchEntry[] {
  return runSteps(wordStartSteps(entries));
}

/** wordStartEntries in steps (steps.ts). */
export function* wordStartSteps(entries: SearchEntry[]): Steps<SearchEntry[]> {
  const out: SearchEntry[] = [];
  for (let e = 0; e < entries.length; e++) {
    const { text, ref } = entries[e];
    if ((e & STEP_MASK) === STEP_MASK) yield e / entries.length;
    out.push({ text, ref });
    for (let i = 1; i < text.length; i++) {
      if (text[i - 1] === ' ' && text[i] !== ' ' && text.length - i >= MIN_ALIAS_LENGTH)
        out.push({ text: text.slice(i), ref });
    }
  }
  return out;
}

export class SearchIndex {
  /** distinct strings, sorted */
  private readonly strings: string[];
  /** length of the common prefix with the previous string */
  private readonly lcp: Int32Array;
  /** owners of string s: owners[ownerStart[s] .. ownerStart[s + 1]) */
  private readonly ownerStart: Int32Array;
  private readonly owners: Int32Array;
  readonly longest: number;
  private readonly byRef: Uint8Array;
  private rows = new Int32Array(0);
  private best = new Int32Array(0);

  /**
   * `minPrefix`: the shortest prefix that counts (0: any, as in the seed era); a string
   * shorter than that counts as a whole. `sorted`: the entries already sorted (built
   * in steps by searchIndexSteps).
   */
  constructor(
    entries: SearchEntry[],
    private readonly minPrefix = 0,
    sorted: SortedEntries = runSteps(sortSteps(entries)),
  ) {
    this.strings = sorted.strings;
    this.ownerStart = sorted.ownerStart;
    this.owners = sorted.owners;
    this.lcp = sorted.lcp;
    this.longest = sorted.longest;
    this.byRef = new Uint8Array(sorted.owners.reduce((max, ref) => Math.max(max, ref), 0) + 1).fill(NONE);
  }

  get size(): number {
    return this.strings.length;
  }

  /** The first string after `s` that does not share its first `depth` characters. */
  private endOfPrefix(s: number, depth: number): number {
    const { strings, lcp } = this;
    // Neighbours first (most prunes skip a few strings), then a binary search.
    let i = s + 1;
    for (let step = 0; step < 8 && i < strings.length; step++, i++) if (lcp[i] < depth) return i;
    const prefix = strings[s].slice(0, depth);
    let lo = i;
    let hi = strings.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (strings[mid].startsWith(prefix)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Best distance of `query` (already normalised) to any prefix (of at least `minPrefix`
   * characters) of each location's search strings, for those within `allowed`:
   * ref -> distance. The query is cut and the distance capped (MAX_QUERY_LENGTH,
   * MAX_DISTANCE) so that no request costs more than a few milliseconds.
   */
  search(fullQuery: string, allowed: number): Map<number, number> {
    const found = new Map<number, number>();
    const query = fullQuery.slice(0, MAX_QUERY_LENGTH);
    const m = query.length;
    const k = Math.min(allowed, MAX_DISTANCE);
    // Every prefix is at most `longest` long, so at least m - longest edits away.
    if (m === 0 || m - k > this.longest) return found;
    const minPrefix = this.minPrefix;
    const maxDepth = Math.min(m + k, this.longest);
    const width = m + 1;
    if (this.rows.length < (maxDepth + 1) * width) this.rows = new Int32Array((maxDepth + 1) * width);
    if (this.best.length < maxDepth + 1) this.best = new Int32Array(maxDepth + 1);
    const rows = this.rows;
    const best = this.best;
    const never = m + k + 1;
    const q = new Int32Array(m);
    for (let i = 0; i < m; i++) q[i] = query.charCodeAt(i);
    for (let i = 0; i <= m; i++) rows[i] = i;
    best[0] = minPrefix > 0 ? never : m;

    const { strings, lcp, owners, ownerStart, byRef } = this;
    // Best distance per ref so far (NONE: not found), reset after the search.
    const touched: number[] = [];
    let computed = 0; // rows[0..computed] hold the current prefix's rows
    let stopped = false; // nothing below depth `computed` can change the result
    let result = never;
    let skipTo = 0;
    for (let s = 0; s < strings.length; s++) {
      const shared = lcp[s];
      const text = strings[s];
      if (!(stopped && shared >= computed)) {
        // biome-ignore lint/complexity/useMathMinMax: the innermost loop of the search (a call per string)
        let d = shared < computed ? shared : computed;
        stopped = false;
        // biome-ignore lint/complexity/useMathMinMax: as above
        const end = text.length < maxDepth ? text.length : maxDepth;
        while (d < end) {
          const ch = text.charCodeAt(d);
          const prev = d * width;
          const cur = prev + width;
          rows[cur] = d + 1;
          let rowMin = d + 1;
          for (let i = 1; i <= m; i++) {
            let v = rows[prev + i - 1] + (q[i - 1] === ch ? 0 : 1);
            const del = rows[prev + i] + 1;
            if (del < v) v = del;
            const ins = rows[cur + i - 1] + 1;
            if (ins < v) v = ins;
            rows[cur + i] = v;
            if (v < rowMin) rowMin = v;
          }
          d++;
          const atEnd = rows[cur + m];
          best[d] = d >= minPrefix && atEnd < best[d - 1] ? atEnd : best[d - 1];
          // Row minima never decrease with depth: deeper prefixes cannot do better.
          if (rowMin > k || rowMin >= best[d]) {
            stopped = true;
            break;
          }
        }
        if (d === maxDepth) stopped = true;
        computed = d;
        result = best[d];
        // Nothing under this prefix can match (a shorter string below it neither: its
        // whole distance is at least the row minimum): skip past them all after this one.
        if (stopped && result > k) skipTo = this.endOfPrefix(s, computed);
      }
      // A string shorter than the shortest alias counts as a whole (a country code).
      let distance = result;
      if (text.length < minPrefix && computed === text.length) {
        distance = Math.min(distance, rows[text.length * width + m]);
      }
      if (distance <= k) {
        for (let o = ownerStart[s]; o < ownerStart[s + 1]; o++) {
          const ref = owners[o];
          const old = byRef[ref];
          if (old === NONE) touched.push(ref);
          if (distance < old) byRef[ref] = distance;
        }
      }
      if (skipTo > s + 1) {
        s = skipTo - 1;
        skipTo = 0;
      }
    }
    for (const ref of touched) {
      found.set(ref, byRef[ref]);
      byRef[ref] = NONE;
    }
    return found;
  }
}

interface SortedEntries {
  strings: string[];
  lcp: Int32Array;
  ownerStart: Int32Array;
  owners: Int32Array;
  longest: number;
}

/**
 * The distinct strings sorted (as Array.prototype.sort orders them: by UTF-16 code
 * units), their owners and the common prefix of each with the one before. Sorted in
 * buckets of the same first two characters, a few buckets per step.
 */
function* sortSteps(entries: SearchEntry[]): Steps<SortedEntries> {
  // Identical strings (a suffix shared by a country's every place) are sorted once.
  const byText = new Map<string, number[]>();
  for (let e = 0; e < entries.length; e++) {
    const { text, ref } = entries[e];
    const refs = byText.get(text);
    if (refs) refs.push(ref);
    else byText.set(text, [ref]);
    if ((e & STEP_MASK) === STEP_MASK) yield (0.4 * e) / entries.length;
  }
  // A bucket's key orders as its first two characters do ("a" before "a " before "aa").
  const buckets = new Map<number, string[]>();
  for (const text of byText.keys()) {
    const key =
      text.length === 0 ? -1 : text.charCodeAt(0) * 0x10001 + (text.length > 1 ? text.charCodeAt(1) + 1 : 0);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(text);
    else buckets.set(key, [text]);
  }
  yield 0.5;
  const strings: string[] = [];
  let sinceStep = 0;
  for (const key of [...buckets.keys()].sort((a, b) => a - b)) {
    const bucket = buckets.get(key)!.sort();
    for (const text of bucket) strings.push(text);
    sinceStep += bucket.length;
    if (sinceStep > STEP_MASK) {
      sinceStep = 0;
      yield 0.5 + (0.3 * strings.length) / byText.size;
    }
  }
  const starts = new Int32Array(strings.length + 1);
  const owners = new Int32Array(entries.length);
  const lcp = new Int32Array(strings.length);
  let k = 0;
  let longest = 0;
  for (let i = 0; i < strings.length; i++) {
    const text = strings[i];
    starts[i] = k;
    for (const ref of byText.get(text)!) owners[k++] = ref;
    longest = Math.max(longest, text.length);
    if (i > 0) {
      const before = strings[i - 1];
      const limit = Math.min(before.length, text.length);
      let l = 0;
      while (l < limit && before.charCodeAt(l) === text.charCodeAt(l)) l++;
      lcp[i] = l;
    }
    if ((i & STEP_MASK) === STEP_MASK) yield 0.8 + (0.2 * i) / strings.length;
  }
  starts[strings.length] = k;
  return { strings, lcp, ownerStart: starts, owners, longest };
}

/** A SearchIndex of the entries in steps (steps.ts). */
export function* searchIndexSteps(entries: SearchEntry[], minPrefix = 0): Steps<SearchIndex> {
  return new SearchIndex(entries, minPrefix, yield* sortSteps(entries));
}
