// `netdeck providers --all` over 100 000 providers and more: the peak resident memory of
// the netdeck process (GNU time's maximum resident size) while its JSON Lines are read, and when the
// first row arrived against the whole run (rows are streamed: the first comes long
// before the last). Against `netdeck sim` on a world of 1 200 000 providers, all of one
// country listed. Baseline, same run: the peak of `netdeck locations --json` against the
// same simulator (the process with its client, no stream). Budget: < 300 MB.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuilt } from '../test/e2e/harness.ts';
import { fmt, report } from './lib/report.ts';
import { BINARY } from './lib/tui-pty.ts';

const BUDGET_MB = 300;
const WANTED = 100_000;

const env = () => {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('NETDECK_')) clean[k] = v;
  return clean;
};

/** Runs netdeck, reading its stdout line by line: its peak resident MB (GNU time), lines, first line's time. */
async function measure(args: string[], keep = false) {
  const started = performance.now();
  const timeFile = join(mkdtempSync(join(tmpdir(), 'netdeck-bench-')), 'rss');
  const child = spawn('/usr/bin/time', ['-o', timeFile, '-f', '%M', BINARY, ...args], {
    env: env(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let lines = 0;
  let firstAt = 0;
  const output: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    if (lines === 0) firstAt = performance.now() - started;
    lines++;
    if (keep) output.push(line);
  }
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  const peakMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)) / 1024;
  return { peakMb, lines, firstAt, totalMs: performance.now() - started, code, output };
}

await ensureBuilt();
const sim = spawn(BINARY, ['sim', '--port', '0', '--providers', '1200000', '--locations', '2000'], {
  env: env(),
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const banner: Record<string, string> = {};
  for await (const line of createInterface({ input: sim.stdout })) {
    const [key, ...rest] = line.split(': ');
    if (line.startsWith('listening on ')) banner.url = line.slice('listening on '.length);
    else banner[key] = rest.join(': ');
    if (banner.url && banner.token) break;
  }
  const connection = ['--api-url', banner.url, '--token', banner.token];
  const base = await measure(['locations', '--json', ...connection], true);
  const locations = JSON.parse(base.output.join('')) as {
    locations?: { location_id: string; name: string; provider_count?: number }[];
  };
  const biggest = [...(locations.locations ?? [])].sort(
    (a, b) => (b.provider_count ?? 0) - (a.provider_count ?? 0),
  )[0];
  const all = await measure([
    'providers',
    '--all',
    '--json',
    '--location',
    biggest.location_id,
    ...connection,
  ]);
  report({
    name: `netdeck providers --all --json over ${fmt(all.lines)} providers (${biggest.name}; first row after ${fmt(all.firstAt)} ms of ${fmt(all.totalMs)} ms; exit ${all.code}: --all stops at 100 000)`,
    value: `peak ${fmt(all.peakMb)} MB`,
    budget: `< ${BUDGET_MB} MB, at least ${fmt(WANTED)} rows, streamed (first row before half the run)`,
    baseline: `netdeck locations --json ${fmt(base.peakMb)} MB`,
    pass: all.peakMb < BUDGET_MB && all.lines >= WANTED && all.firstAt < all.totalMs / 2,
  });
} finally {
  sim.kill('SIGTERM');
}
