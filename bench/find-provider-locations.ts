// find-provider-locations as the service answers today (edit distance 2 on word-start
// aliases, the 30 best or every exact match, parents and top children) on a world of
// 50 000 cities: median over a mix of queries a user types (prefixes, whole words,
// misspellings, a country code). Baseline: a plain substring scan of the names.
import { benchSearch } from './lib/search-bench.ts';

benchSearch(
  'current',
  'find-provider-locations',
  ['ger', 'germany', 'united', 'japan', 'sw', 'new', 'fort', 'lake', 'brazil', 'de'],
  (engine, query) => engine.handle('findProviderLocations', { query }),
);
