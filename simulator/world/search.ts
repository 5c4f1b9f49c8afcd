// Fuzzy prefix search over every location's search strings. The strings are sorted,
// so neighbours share prefixes: the Levenshtein rows of a shared prefix are computed
// once (an implicit trie), and a prefix whose row minimum exceeds the allowed distance
// prunes every string that starts with it.
import type { Geo } from './geo.ts';

export const KIND_CITY = 0;
export const KIND_REGION = 1;
export const KIND_COUNTRY = 2;
export const KIND_GROUP = 3;

/** Accents removed, lowercase, whitespace collapsed. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A reference to a location or group: number * 4 + kind. */
export const refOf = (kind: number, index: number) => index * 4 + kind;

export class SearchIndex {
  private readonly strings: string[];
  /** length of the common prefix with the previous string */
  private readonly lcp: Int32Array;
  private readonly owners: Int32Array;
  private rows = new Int32Array(0);
  private best = new Int32Array(0);

  constructor(geo: Geo) {
    const texts: string[] = [];
    const refs: number[] = [];
    const add = (text: string, ref: number) => {
      texts.push(text);
      refs.push(ref);
    };
    // Joined rather than templated: a join is one flat string, a template of this length a
    // tree of concatenations that sorting then flattens into a second copy.
    const join = (a: string, b: string, c: string, d = '') => [a, b, c, d].join('');
    const country = geo.countryName.map(normalise);
    const region = geo.regionName.map(normalise);
    country.forEach((name, c) => {
      const ref = refOf(KIND_COUNTRY, c);
      add(join(name, ' (', geo.countryCode[c], ')'), ref);
      add(geo.countryCode[c], ref);
    });
    region.forEach((name, r) => {
      const c = geo.regionCountry[r];
      const ref = refOf(KIND_REGION, r);
      add(join(name, ', ', country[c]), ref);
      add(join(name, ' (', geo.countryCode[c], ')'), ref);
    });
    geo.cityName.forEach((raw, city) => {
      const name = normalise(raw);
      const r = geo.cityRegion[city];
      const c = geo.regionCountry[r];
      const ref = refOf(KIND_CITY, city);
      add(join(name, ', ', country[c]), ref);
      add(join(name, ' (', geo.countryCode[c], ')'), ref);
      add(join(name, ', ', region[r]), ref);
    });
    geo.groups.forEach((group, g) => {
      add(normalise(group.name), refOf(KIND_GROUP, g));
    });

    const order = Array.from(texts.keys()).sort((a, b) =>
      texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0,
    );
    this.strings = order.map((i) => texts[i]);
    this.owners = Int32Array.from(order, (i) => refs[i]);
    this.lcp = new Int32Array(order.length);
    for (let i = 1; i < this.strings.length; i++) {
      const a = this.strings[i - 1];
      const b = this.strings[i];
      const limit = Math.min(a.length, b.length);
      let l = 0;
      while (l < limit && a.charCodeAt(l) === b.charCodeAt(l)) l++;
      this.lcp[i] = l;
    }
  }

  get size(): number {
    return this.strings.length;
  }

  /**
   * Best distance of `query` (already normalised) to any prefix of each location's
   * search strings, for those within `allowed`: ref -> distance.
   */
  search(query: string, allowed: number): Map<number, number> {
    const found = new Map<number, number>();
    const m = query.length;
    if (m === 0) return found;
    const k = allowed;
    const maxDepth = m + k;
    const width = m + 1;
    if (this.rows.length < (maxDepth + 1) * width) this.rows = new Int32Array((maxDepth + 1) * width);
    if (this.best.length < maxDepth + 1) this.best = new Int32Array(maxDepth + 1);
    const rows = this.rows;
    const best = this.best;
    const q = new Int32Array(m);
    for (let i = 0; i < m; i++) q[i] = query.charCodeAt(i);
    for (let i = 0; i <= m; i++) rows[i] = i;
    best[0] = m;

    const { strings, lcp, owners } = this;
    let computed = 0; // rows[0..computed] hold the current prefix's rows
    let stopped = false; // nothing below depth `computed` can change the result
    let result = m;
    for (let s = 0; s < strings.length; s++) {
      const shared = lcp[s];
      if (!(stopped && shared >= computed)) {
        const text = strings[s];
        let d = shared < computed ? shared : computed;
        stopped = false;
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
          best[d] = atEnd < best[d - 1] ? atEnd : best[d - 1];
          // Row minima never decrease with depth: deeper prefixes cannot do better.
          if (rowMin > k || rowMin >= best[d]) {
            stopped = true;
            break;
          }
        }
        if (d === maxDepth) stopped = true;
        computed = d;
        result = best[d];
      }
      if (result <= k) {
        const ref = owners[s];
        const old = found.get(ref);
        if (old === undefined || result < old) found.set(ref, result);
      }
    }
    return found;
  }
}
