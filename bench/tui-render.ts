// Render work per keypress, in process: from the key written to Ink's stdin to the frame
// written to stdout, on a Discover list of at least 10 000 locations (seed era, `--locations 10000`
// with enough providers that nearly every city has one). Keys are spaced so Ink's frame
// throttle (maxFps 60) never defers a frame. Baseline, same run: an Ink app whose one
// line changes on every key. Budget: median < 16 ms. (No JSX: bench/run.ts runs .ts files.)
import { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import { createSimulator } from '../simulator/index.ts';
import { createClient } from '../src/api/client.ts';
import { ManualClock } from '../src/clock.ts';
import { createConnectionStore } from '../src/store/connection.ts';
import { createStores, startStores, stopStores } from '../src/store/index.ts';
import { PLAIN_THEME } from '../src/ui/theme.ts';
import { fmt, quantile, report } from './lib/report.ts';

// As shipped: React's production build (scripts/build.mjs defines NODE_ENV), frames as a
// colour terminal gets them (chalk decides at import). So react and ink load after this.
process.env.NODE_ENV = 'production';
process.env.FORCE_COLOR ??= '3';
const { createElement, useState } = await import('react');
const { Text, render, useInput } = await import('ink');
const { App } = await import('../src/ui/app.tsx');

const { values } = parseArgs({ options: { locations: { type: 'string', default: '10000' } } });
const LOCATIONS = Number(values.locations);
const KEYS = [
  ...Array(60).fill('j'),
  ...Array(15).fill('\u001b[6~'),
  'G',
  ...Array(30).fill('k'),
  'g',
  ...Array(10).fill('\u001b[B'),
  // `o` waits for a column's letter; `o` again sorts by the next column.
  'o',
  'o',
  ...Array(20).fill('j'),
  'o',
  'o',
];
const GAP_MS = 40;

class TimedStdout extends EventEmitter {
  /** A terminal: Ink 8 draws every frame only where stdout is one (else just the last). */
  isTTY = true;
  columns = 120;
  rows = 40;
  lastWriteAt = 0;
  write = (_chunk: string) => {
    this.lastWriteAt = performance.now();
    return true;
  };
}

class KeyStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(data: string) {
    this.data = data;
    this.emit('readable');
  }
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from each key written to the next frame written. */
async function timeKeys(element: React.ReactElement, ready: () => boolean): Promise<number[]> {
  const stdout = new TimedStdout();
  const stdin = new KeyStdin();
  const instance = render(element, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 60,
  });
  for (let i = 0; i < 200 && !ready(); i++) await pause(20);
  if (!ready()) throw new Error('the list never loaded');
  await pause(100);
  const times: number[] = [];
  for (const key of KEYS) {
    const before = stdout.lastWriteAt;
    const t0 = performance.now();
    stdin.write(key);
    for (let i = 0; i < 50 && stdout.lastWriteAt === before; i++) await pause(1);
    if (stdout.lastWriteAt !== before) times.push(stdout.lastWriteAt - t0);
    await pause(GAP_MS);
  }
  instance.unmount();
  return times.sort((a, b) => a - b);
}

function Hello() {
  const [n, setN] = useState(0);
  useInput(() => setN((x) => x + 1));
  return createElement(Text, null, `Hello, world: ${n} keys`);
}

const clock = new ManualClock();
// The seed era: its provider-locations lists every city (today's lists countries only).
const sim = await createSimulator({
  seed: 1,
  era: 'seed',
  clock,
  locations: LOCATIONS,
  providers: LOCATIONS * 15,
});
const client = createClient({ baseUrl: sim.url, token: sim.token });
const stores = createStores(
  { client, clock, connection: createConnectionStore() },
  { target: { kind: 'demo', seed: 1 } },
);
await startStores(stores);
const rows = stores.discovery.getState().rows.length;

const baseline = await timeKeys(createElement(Hello), () => true);
const netdeck = await timeKeys(createElement(App, { stores, clock, theme: PLAIN_THEME }), () => rows > 0);
stopStores(stores);
await client.close();
await sim.close();

const median = quantile(netdeck, 0.5);
report({
  name: `render work per keypress, Discover list of ${fmt(rows)} rows (median of ${netdeck.length} keys; p95 ${fmt(quantile(netdeck, 0.95), 1)} ms)`,
  value: `${fmt(median, 1)} ms`,
  budget: '< 16 ms median',
  baseline: `Ink hello world per keypress ${fmt(quantile(baseline, 0.5), 1)} ms`,
  pass: median < 16 && rows >= 10_000,
});
