// find-locations (the seed era's search) on a world of 50 000 cities: median over a mix
// of queries (prefixes, misspellings, countries, groups, full names). Baseline: a plain
// substring scan of the same names with the same queries. find-provider-locations
// (today's search): find-provider-locations.ts.

import { createEngine } from '../simulator/engine/index.ts';
import { Rng } from '../simulator/world/prng.ts';
import { normalise } from '../simulator/world/search.ts';
import { ManualClock } from '../src/clock.ts';
import { fmt, quantile, report } from './lib/report.ts';

const LOCATIONS = 50_000;
const ROUNDS = 10;
const BUDGET_MS = 10;

const engine = createEngine({
  seed: 1,
  era: 'seed',
  clock: new ManualClock(),
  providers: 100_000,
  locations: LOCATIONS,
});
const { geo } = engine.world;
const rng = new Rng(5);

// A deterministic mix a user would type.
const queries: string[] = ['ger', 'united', 'nordic', 'europ', 'japan', 'sw', 'new', 'fort', 'lake'];
for (let k = 0; k < 40; k++) {
  const name = normalise(rng.pick(geo.cityName));
  const cut = name.slice(0, 3 + rng.int(Math.max(1, name.length - 2)));
  if (k % 2 === 0) queries.push(cut);
  else {
    const chars = cut.split('');
    chars[rng.int(chars.length)] = 'e';
    queries.push(chars.join(''));
  }
}
for (let k = 0; k < 10; k++) queries.push(normalise(rng.pick(geo.regionName)).slice(0, 6));

// Build the search index before timing (done once per world, on first search).
const built = performance.now();
engine.handle('findLocations', { query: 'warm' });
const buildMs = performance.now() - built;

const names = [...geo.cityName, ...geo.regionName, ...geo.countryName].map((name) => name.toLowerCase());
function substringScan(query: string): number {
  let hits = 0;
  for (const name of names) if (name.includes(query)) hits++;
  return hits;
}

function median(run: (query: string) => unknown): number {
  for (const query of queries) run(query);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      const started = performance.now();
      run(query);
      times.push(performance.now() - started);
    }
  }
  return quantile(Float64Array.from(times).sort(), 0.5);
}

const baseline = median(substringScan);
const measured = median((query) => engine.handle('findLocations', { query }));
report({
  name: `find-locations, ${fmt(LOCATIONS)} cities, ${queries.length} queries x ${ROUNDS} (median)`,
  value: `${fmt(measured, 3)} ms`,
  budget: `< ${BUDGET_MS} ms`,
  baseline: `substring scan of the names ${fmt(baseline, 3)} ms; index built once in ${fmt(buildMs)} ms`,
  pass: measured < BUDGET_MS,
});
