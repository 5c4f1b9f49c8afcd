// `npm run bench [name...]`: runs every benchmark in bench/ one after another (they
// measure time and memory, so never in parallel) and sums up their PASS/FAIL lines.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort();

let failed = 0;
const summary: string[] = [];
for (const file of benches) {
  console.log(`\n== ${basename(file, '.ts')}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CI: 'false' },
    timeout: 5 * 60_000,
  });
  process.stdout.write(run.stdout ?? '');
  const lines = (run.stdout ?? '').split('\n').filter((line) => /\b(PASS|FAIL)\b/.test(line));
  if (run.status !== 0) lines.push(`${file}: exited with ${run.status ?? run.signal} FAIL`);
  for (const line of lines) {
    summary.push(line.trim());
    if (/\bFAIL\b/.test(line)) failed++;
  }
}
console.log('\n== summary');
for (const line of summary) console.log(line);
process.exitCode = failed ? 1 : 0;
