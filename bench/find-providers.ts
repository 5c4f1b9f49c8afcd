// find-providers2 on a 1 000 000-provider world: count 10 with 10 000 excluded client
// ids, median over many calls (engine only, no HTTP). Baseline: building a Set of the
// same 10 000 ids, the least any implementation must do with them.

import { createEngine } from '../simulator/engine/index.ts';
import { eraProfile } from '../simulator/eras/index.ts';
import { ManualClock } from '../src/clock.ts';
import { DEFAULT_ERA } from '../src/contract/eras.ts';
import { fmt, quantile, report } from './lib/report.ts';

const PROVIDERS = 1_000_000;
const EXCLUDED = 10_000;
const CALLS = 400;
const BUDGET_MS = 5;

const engine = createEngine({
  seed: 1,
  profile: eraProfile(DEFAULT_ERA),
  clock: new ManualClock(),
  providers: PROVIDERS,
  locations: 50_000,
});
// Today's service raises a count under 20 unless forced, and samples tier 3 only on request.
const forced = { force_count: true, force_minimum: true };
const listed = engine.handle('providerLocations', undefined);
const home = listed.locations!.find((l) => l.location_type === 'country' && l.country_code === 'us')!;
const spec = { location_id: home.location_id! };

// 10 000 ids a caller iterating over the country would have seen.
const excluded: string[] = [];
while (excluded.length < EXCLUDED) {
  const page = engine.handle('findProviders', {
    specs: [spec],
    count: 1000,
    exclude_client_ids: excluded,
    ...forced,
  });
  excluded.push(...page.providers!.map((p) => p.client_id!).slice(0, EXCLUDED - excluded.length));
}

function median(run: () => unknown): number {
  for (let k = 0; k < 20; k++) run();
  const times = new Float64Array(CALLS);
  for (let k = 0; k < CALLS; k++) {
    const started = performance.now();
    run();
    times[k] = performance.now() - started;
  }
  return quantile(times.sort(), 0.5);
}

const body = { specs: [spec], count: 10, exclude_client_ids: excluded, ...forced };
const check = engine.handle('findProviders', body).providers!;
const seen = new Set(excluded);
if (check.length !== 10 || check.some((p) => seen.has(p.client_id!))) throw new Error('wrong answer');

const baseline = median(() => new Set(excluded).size);
const measured = median(() => engine.handle('findProviders', body));
report({
  name: `find-providers2 count 10, ${fmt(EXCLUDED)} exclusions, ${fmt(PROVIDERS)} providers (median of ${CALLS})`,
  value: `${fmt(measured, 3)} ms`,
  budget: `< ${BUDGET_MS} ms`,
  baseline: `Set of the ${fmt(EXCLUDED)} ids ${fmt(baseline, 3)} ms`,
  pass: measured < BUDGET_MS,
});
