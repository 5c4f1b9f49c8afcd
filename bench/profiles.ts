// Five profiles of 2 000 providers each (issue 35): five `netdeck sim --own-providers 2000`,
// seeds 1 to 5, each the API of one profile in a config folder of the bench's own. Each
// figure is printed beside one profile's from the same run (the first profile alone):
//   - an all-profiles scrape: `netdeck exporter --profiles all`, its first /metrics (every
//     profile polled, then one registry of them all built), wall time and the exporter's CPU;
//     and with `--per-provider off`, the aggregates only;
//   - `watch`'s CPU per poll: `netdeck watch --profiles all --refresh 5` over 30 s, the CPU
//     of the process against the polls the simulators answered.
//   - the console's (CONSOLE_MEASURES): My providers merged over the five profiles
//     (`netdeck --profiles all`, 10 000 rows) in a pty, `j` to the moved cursor on screen,
//     median at most 50 ms; and the console's peak resident memory, at most 250 MB.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { cpuSeconds } from './lib/process-cpu.ts';
import { fmt, quantile, report } from './lib/report.ts';
import { BINARY, type Screen, spawnInPty } from './lib/tui-pty.ts';

const SEEDS = [1, 2, 3, 4, 5];
const OWN_PROVIDERS = 2_000;
const WATCH_MS = 30_000;
const WATCH_REFRESH_S = 5;
/** A scrape must end within Prometheus' default scrape timeout. */
const SCRAPE_TIMEOUT_MS = 10_000;
/** Five profiles cost at most this many times one: linear, with room for a busy machine. */
const AT_MOST_TIMES_ONE = 6;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The world the measures share: the simulators, and the environment whose config names them. */
interface World {
  env: Record<string, string>;
  /** `GET /account/payout-wallet` requests the simulators have answered: one per poll of a profile. */
  polls(): number;
  profiles: string[];
}

/** The environment of every child: none of the machine's NETDECK_*, a home of the bench's own. */
function childEnv(home: string): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('NETDECK_')) clean[k] = v;
  return { ...clean, HOME: home, XDG_CONFIG_HOME: join(home, 'xdg'), XDG_STATE_HOME: join(home, 'state') };
}

/** A `netdeck sim` of one seed, its request log counted; resolves once it has said its URL and token. */
async function startSim(seed: number, env: Record<string, string>, counts: number[]) {
  const child = spawn(
    BINARY,
    ['sim', '--port', '0', '--seed', String(seed), '--own-providers', String(OWN_PROVIDERS), '--verbose'],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const k = counts.push(0) - 1;
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (line.startsWith('GET /account/payout-wallet ')) counts[k]++;
  });
  const banner: { url?: string; token?: string } = {};
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('listening on ')) banner.url = line.slice('listening on '.length);
    if (line.startsWith('token: ')) banner.token = line.slice('token: '.length);
    if (banner.url && banner.token) break;
  }
  return { child, url: banner.url!, token: banner.token! };
}

/** Starts `netdeck ARGS`; resolves with it once a stdout line matches `ready` (and that line). */
async function startNetdeck(args: string[], env: Record<string, string>, ready: RegExp) {
  const child = spawn(BINARY, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! }))
    if (ready.test(line)) return { child, line };
  throw new Error(`netdeck ${args.join(' ')} ended before it was ready`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** The first scrape of an exporter over `profiles`: wall time, the exporter's CPU, the page's series. */
async function firstScrape(world: World, profiles: string, ...more: string[]) {
  const { child, line } = await startNetdeck(
    ['exporter', '--profiles', profiles, '--listen', '127.0.0.1:0', ...more],
    world.env,
    /^listening on /,
  );
  try {
    const url = line.slice('listening on '.length);
    const cpu = cpuSeconds(child.pid!);
    const started = performance.now();
    const body = await (await fetch(url, { signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS * 3) })).text();
    const ms = performance.now() - started;
    const series = body.split('\n').filter((text) => text && !text.startsWith('#')).length;
    return { ms, cpuMs: (cpuSeconds(child.pid!) - cpu) * 1000, series, bytes: body.length };
  } finally {
    await stop(child);
  }
}

/** `watch` over `profiles` for WATCH_MS after its first polls: its CPU per poll of one profile, and per round. */
async function watchCpu(world: World, profiles: string, count: number) {
  const before = world.polls();
  const watcher = spawn(
    BINARY,
    [
      'watch',
      '--profiles',
      profiles,
      '--refresh',
      String(WATCH_REFRESH_S),
      '--disconnected-minutes',
      '100000',
    ],
    { env: world.env, stdio: 'ignore' },
  );
  try {
    while (world.polls() < before + count) await pause(50);
    const from = { cpu: cpuSeconds(watcher.pid!), polls: world.polls() };
    await pause(WATCH_MS);
    const polls = world.polls() - from.polls;
    const perPoll = ((cpuSeconds(watcher.pid!) - from.cpu) * 1000) / Math.max(1, polls);
    return { perPoll, perRound: perPoll * count, polls };
  } finally {
    await stop(watcher);
  }
}

/** Keys timed in the console, 100 ms apart; its memory budget (MB, the peak resident size). */
const CONSOLE_KEYS = 40;
const KEY_GAP_MS = 100;
const KEY_BUDGET_MS = 50;
const CONSOLE_MEMORY_MB = 250;
/** How long the console is left after its figures are in, before the keys. */
const SETTLE_MS = 10_000;

/** The console's screen below its header (whose clock ticks on its own). */
const belowHeader = (screen: Screen) => screen.lines.slice(1).join('\n');

/**
 * The console in a pty on My providers, on the first profile alone or (`merged`) merged over
 * every profile (`--profiles all`): `j` timed from its write to the moved cursor on screen,
 * then the process's peak resident size.
 */
async function consoleOnMyProviders(world: World, merged: boolean) {
  const program = spawnInPty(['--profile', world.profiles[0], ...(merged ? ['--profiles', 'all'] : [])], {
    command: BINARY,
    // The world's profiles; a state folder of its own (spawnInPty's), so that it starts on
    // Discover whatever pane the run before it ended on.
    env: { HOME: world.env.HOME, XDG_CONFIG_HOME: world.env.XDG_CONFIG_HOME },
  });
  try {
    await program.until((s) => /places with providers/.test(s.text), 120_000);
    program.write('4');
    const loaded = merged
      ? (s: Screen) => s.text.includes(`${world.profiles.length} of ${world.profiles.length} profiles loaded`)
      : (s: Screen) => /^Σ total/m.test(s.text);
    await program.until(loaded, 120_000);
    // The idle verdicts load beside the figures (each profile's providers-last-n): the keys
    // are timed once they are in, not against the first loads.
    await pause(SETTLE_MS);
    const rows = Number(
      program
        .screen()
        .text.match(/row 1 of ([\d,]+)/)?.[1]
        .replace(/,/g, '') ?? 0,
    );
    const times: number[] = [];
    // The CPU the keys cost, beside their wall time: on a busy machine the wall time is
    // mostly the wait for a core.
    const cpu = cpuSeconds(program.pid);
    for (let k = 0; k < CONSOLE_KEYS; k++) {
      const before = belowHeader(program.screen());
      const sent = performance.now();
      program.write('j');
      times.push((await program.until((s) => belowHeader(s) !== before, 30_000)) - sent);
      await pause(KEY_GAP_MS);
    }
    const cpuMsPerKey = ((cpuSeconds(program.pid) - cpu) * 1000) / CONSOLE_KEYS;
    times.sort((a, b) => a - b);
    return {
      rows,
      cpuMsPerKey,
      median: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      peakMb: program.memory().peakMb,
    };
  } finally {
    program.write('q');
    await Promise.race([program.exited, pause(5_000)]);
    program.kill();
  }
}

/**
 * The console's measures over the same world (issue 35's console part): the merged My
 * providers' keypress in a pty and the console's resident memory, each beside one profile's.
 */
const CONSOLE_MEASURES: ((world: World) => Promise<void>)[] = [
  async (world) => {
    const one = await consoleOnMyProviders(world, false);
    const all = await consoleOnMyProviders(world, true);
    report({
      name: `console, My providers merged over five profiles of ${fmt(OWN_PROVIDERS)} providers (${fmt(all.rows)} rows): keypress to changed screen in a pty, keys ${KEY_GAP_MS} ms apart (median of ${CONSOLE_KEYS}; p95 ${fmt(all.p95, 1)} ms)`,
      value: `${fmt(all.median, 1)} ms (CPU ${fmt(all.cpuMsPerKey, 1)} ms a key)`,
      budget: `< ${KEY_BUDGET_MS} ms median`,
      baseline: `one profile (${fmt(one.rows)} rows): ${fmt(one.median, 1)} ms (p95 ${fmt(one.p95, 1)} ms, CPU ${fmt(one.cpuMsPerKey, 1)} ms a key)`,
      pass: all.median < KEY_BUDGET_MS && all.rows >= world.profiles.length * OWN_PROVIDERS,
    });
    report({
      name: 'console, resident memory at its peak (VmHWM) after the merged My providers of five profiles',
      value: `${fmt(all.peakMb)} MB`,
      budget: `<= ${CONSOLE_MEMORY_MB} MB`,
      baseline: `one profile's My providers: ${fmt(one.peakMb)} MB`,
      pass: all.peakMb <= CONSOLE_MEMORY_MB,
    });
  },
];

await ensureBuilt();
const home = mkdtempSync(join(tmpdir(), 'netdeck-bench-profiles-'));
const env = childEnv(home);
const counts: number[] = [];
const sims = await Promise.all(SEEDS.map((seed) => startSim(seed, env, counts)));
try {
  const profiles = SEEDS.map((seed) => `seed${seed}`);
  const folder = join(env.XDG_CONFIG_HOME, 'netdeck');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'config.json'),
    JSON.stringify({
      profiles: Object.fromEntries(
        profiles.map((name, k) => [name, { api_url: sims[k].url, token: sims[k].token }]),
      ),
    }),
  );
  chmodSync(join(folder, 'config.json'), 0o600);
  const world: World = { env, profiles, polls: () => counts.reduce((sum, n) => sum + n, 0) };

  const one = await firstScrape(world, profiles[0]);
  const all = await firstScrape(world, 'all');
  report({
    name: `netdeck exporter --profiles all, five profiles of ${fmt(OWN_PROVIDERS)} providers: the first scrape (each profile polled, one page built; ${fmt(all.series)} series, ${fmt(all.bytes / 1024)} KiB)`,
    value: `${fmt(all.ms)} ms, exporter CPU ${fmt(all.cpuMs)} ms`,
    budget: `< ${fmt(SCRAPE_TIMEOUT_MS)} ms (Prometheus' scrape timeout), CPU <= ${AT_MOST_TIMES_ONE}x one profile's`,
    baseline: `one profile (--profiles ${profiles[0]}): ${fmt(one.ms)} ms, CPU ${fmt(one.cpuMs)} ms, ${fmt(one.series)} series`,
    pass: all.ms < SCRAPE_TIMEOUT_MS && all.cpuMs <= AT_MOST_TIMES_ONE * Math.max(one.cpuMs, 10),
  });

  const off = await firstScrape(world, 'all', '--per-provider', 'off');
  report({
    name: `netdeck exporter --profiles all --per-provider off, the same five: the aggregates only (${fmt(off.bytes / 1024)} KiB)`,
    value: `${fmt(off.series)} series, first scrape ${fmt(off.ms)} ms, exporter CPU ${fmt(off.cpuMs)} ms`,
    budget: 'fewer series than one profile with its providers',
    baseline: `one profile with series for 1 000 of its providers: ${fmt(one.series)} series`,
    pass: off.series < one.series,
  });

  const watchOne = await watchCpu(world, profiles[0], 1);
  const watchAll = await watchCpu(world, 'all', profiles.length);
  report({
    name: `netdeck watch --profiles all --refresh ${WATCH_REFRESH_S}, five profiles of ${fmt(OWN_PROVIDERS)} providers, over ${fmt(WATCH_MS / 1000)} s (${fmt(watchAll.polls)} polls)`,
    value: `CPU ${fmt(watchAll.perPoll, 1)} ms per profile's poll, ${fmt(watchAll.perRound, 1)} ms per round of all five`,
    budget: `a round <= ${AT_MOST_TIMES_ONE}x one profile's poll`,
    baseline: `one profile: ${fmt(watchOne.perPoll, 1)} ms per poll (${fmt(watchOne.polls)} polls)`,
    pass: watchAll.perRound <= AT_MOST_TIMES_ONE * Math.max(watchOne.perPoll, 1),
  });

  for (const measure of CONSOLE_MEASURES) await measure(world);
} finally {
  await Promise.all(sims.map((sim) => stop(sim.child)));
}
