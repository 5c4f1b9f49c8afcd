// find-locations (the seed era's search) on a world of 50 000 cities: median over a mix
// of queries (prefixes, misspellings, countries, groups, full names). Baseline: a plain
// substring scan of the same names with the same queries. Today's search:
// find-provider-locations.ts.
import { benchSearch } from './lib/search-bench.ts';

benchSearch(
  'seed',
  'find-locations',
  ['ger', 'united', 'nordic', 'europ', 'japan', 'sw', 'new', 'fort', 'lake'],
  (engine, query) => engine.handle('findLocations', { query }),
);
