// Simulator start-up at 1 000 000 providers: time to create the engine (world
// generation included) and the peak resident memory of a process that does only that.
// Each measurement runs in its own child process so memory is measured cleanly.
// Baseline: a child that allocates the same typed arrays in a bare loop.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt, report } from './lib/report.ts';

const PROVIDERS = 1_000_000;
const LOCATIONS = 50_000;
const BUDGET_S = 15;
const BUDGET_MB = 1500;

interface Sample {
  seconds: number;
  peakMb: number;
}

async function child(kind: string): Promise<void> {
  const started = performance.now();
  if (kind === 'engine') {
    const { ManualClock } = await import('../src/clock.ts');
    const { createEngine } = await import('../simulator/engine/index.ts');
    const { eraProfile } = await import('../simulator/eras/index.ts');
    const { DEFAULT_ERA } = await import('../src/contract/eras.ts');
    const importSeconds = (performance.now() - started) / 1000;
    const begin = performance.now();
    const engine = createEngine({
      seed: 1,
      profile: eraProfile(DEFAULT_ERA),
      clock: new ManualClock(),
      providers: PROVIDERS,
      locations: LOCATIONS,
    });
    const seconds = (performance.now() - begin) / 1000;
    // The demo network's stale clients (fleet.ts) come on top.
    if (engine.world.providers.count !== PROVIDERS + engine.world.fleet.staleCount)
      throw new Error('wrong world size');
    console.log(JSON.stringify({ seconds, importSeconds, peakMb: process.resourceUsage().maxRSS / 1024 }));
  } else {
    // The same arrays, filled by a plain loop with Math.random.
    const begin = performance.now();
    const arrays = [
      new Int32Array(PROVIDERS),
      new Int32Array(PROVIDERS),
      new Int8Array(PROVIDERS),
      new Uint8Array(PROVIDERS),
      new Uint8Array(PROVIDERS),
      new Float32Array(PROVIDERS),
      new Uint8Array(PROVIDERS),
    ];
    for (let i = 0; i < PROVIDERS; i++) for (const array of arrays) array[i] = (Math.random() * 100) | 0;
    const seconds = (performance.now() - begin) / 1000;
    console.log(JSON.stringify({ seconds, peakMb: process.resourceUsage().maxRSS / 1024 }));
  }
}

function measure(kind: string): Sample {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', kind],
    {
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  if (run.status !== 0) throw new Error(`${kind} child failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Sample;
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]);
} else {
  const baseline = measure('baseline');
  const engine = measure('engine');
  report({
    name: `simulator start, ${fmt(PROVIDERS)} providers, ${fmt(LOCATIONS)} cities`,
    value: `${fmt(engine.seconds, 2)} s`,
    budget: `< ${BUDGET_S} s`,
    baseline: `bare typed-array fill ${fmt(baseline.seconds, 2)} s`,
    pass: engine.seconds < BUDGET_S,
  });
  report({
    name: `simulator start peak RSS, ${fmt(PROVIDERS)} providers`,
    value: `${fmt(engine.peakMb)} MB`,
    budget: `< ${fmt(BUDGET_MB)} MB`,
    baseline: `bare typed-array fill ${fmt(baseline.peakMb)} MB`,
    pass: engine.peakMb < BUDGET_MB,
  });
}
