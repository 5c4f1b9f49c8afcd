// The location-search benches (find-locations, find-provider-locations): a world of
// 50 000 cities in one era, a deterministic mix of queries a user would type, the median
// of each search over several rounds, and the baseline of a plain substring scan of the
// same names with the same queries.
import { createEngine, type Engine } from '../../simulator/engine/index.ts';
import { eraProfile } from '../../simulator/eras/index.ts';
import { Rng } from '../../simulator/world/prng.ts';
import { normalise } from '../../simulator/world/search.ts';
import { ManualClock } from '../../src/clock.ts';
import type { Era } from '../../src/contract/eras.ts';
import { fmt, quantile, report } from './report.ts';

export const LOCATIONS = 50_000;
const ROUNDS = 10;
const BUDGET_MS = 10;

/** Times `search` on the query mix (`extra` first) and reports it beside the baseline. */
export function benchSearch(
  era: Era,
  label: string,
  extra: string[],
  search: (engine: Engine, query: string) => unknown,
): void {
  const engine = createEngine({
    seed: 1,
    profile: eraProfile(era),
    clock: new ManualClock(),
    providers: 100_000,
    locations: LOCATIONS,
  });
  const { geo } = engine.world;
  const rng = new Rng(5);
  const queries = [...extra];
  // Prefixes of city names, and the same with a typo.
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
  search(engine, 'warm');
  const buildMs = performance.now() - built;

  const names = [...geo.cityName, ...geo.regionName, ...geo.countryName].map((name) => name.toLowerCase());
  const substringScan = (query: string) => {
    let hits = 0;
    for (const name of names) if (name.includes(query)) hits++;
    return hits;
  };
  const median = (run: (query: string) => unknown) => {
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
  };

  const baseline = median(substringScan);
  const measured = median((query) => search(engine, query));
  report({
    name: `${label}, ${fmt(LOCATIONS)} cities, ${queries.length} queries x ${ROUNDS} (median)`,
    value: `${fmt(measured, 3)} ms`,
    budget: `< ${BUDGET_MS} ms`,
    baseline: `substring scan of the names ${fmt(baseline, 3)} ms; index built once in ${fmt(buildMs)} ms`,
    pass: measured < BUDGET_MS,
  });
}
