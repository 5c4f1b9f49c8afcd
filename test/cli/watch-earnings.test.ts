// `netdeck watch` and the network's earnings, against the simulator on a manual clock: a
// payout planned on Sunday at 10:00 UTC and completed hours later are events (the ones
// there already when it starts are not); the rank and the mean reliability past the limits
// given (--rank-worse-than, --reliability-below) are conditions, and --check counts them
// only when given; an older service without them is exit 1.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { ManualClock } from '../../src/clock.ts';
import { eventually, jsonLines, run, SMALL_WORLD, tempDir } from './harness.ts';

let sim: Simulator | undefined;
let config: ReturnType<typeof tempDir> | undefined;
afterEach(async () => {
  await sim?.close();
  config?.cleanup();
  sim = config = undefined;
});

/** A simulator on a manual clock from `start`, and the environment that points netdeck at it. */
async function startAt(start: string, era: 'current' | 'seed' = 'current') {
  const clock = new ManualClock(Date.parse(start));
  const requests: string[] = [];
  sim = await createSimulator({ seed: 5, era, clock, ...SMALL_WORLD, log: (line) => requests.push(line) });
  config = tempDir();
  const env = { NETDECK_API_URL: sim.url, NETDECK_TOKEN: sim.token, XDG_CONFIG_HOME: config.path };
  return { clock, env, requests };
}

describe('netdeck watch: payouts', () => {
  it('reports the payout planned on Sunday 10:00 UTC and its completion, not the ones it found', async () => {
    const { clock, env, requests } = await startAt('2026-01-04T09:50:00Z');
    const controller = new AbortController();
    const output = { stdout: '', stderr: '' };
    const timers = clock.pending;
    const done = run(['watch', '--refresh', '600', '--disconnected-minutes', '100000'], {
      env,
      output,
      deps: { clock, stop: controller.signal },
    });
    const polls = () => requests.filter((line) => line.startsWith('GET /account/payments ')).length;
    // Each poll, then its wait for the next (a timer more on the clock).
    const polled = (k: number) => eventually(() => polls() === k && clock.pending > timers, `poll ${k}`);
    await polled(1);
    expect(jsonLines(output.stdout).filter((e) => String(e.type).startsWith('payout'))).toEqual([]);
    for (let k = 2; k <= 30; k++) {
      await clock.advance(600_000);
      await polled(k);
    }
    controller.abort();
    expect((await done).code).toBe(ExitCode.ok);
    const payouts = jsonLines(output.stdout).filter((e) => String(e.type).startsWith('payout'));
    const planned = payouts.filter((e) => e.type === 'payout_planned');
    expect(planned).toHaveLength(1);
    expect(planned[0]).toMatchObject({ severity: 'info', time: '2026-01-04T10:00:00.000Z' });
    expect(planned[0].message).toMatch(/^a payout of [\d.]+ USD was planned to \w+$/);
    const completed = payouts.find(
      (e) => e.type === 'payout_completed' && e.payment_id === planned[0].payment_id,
    );
    expect(completed).toMatchObject({ state: 'completed', amount_usd: planned[0].amount_usd });
    expect(completed?.tx_hash).toMatch(/^\w{80,}$/);
    expect(payouts.indexOf(completed!)).toBeGreaterThan(payouts.indexOf(planned[0]));
  }, 30_000);
});

describe('netdeck watch: the rank and the reliability', () => {
  it('reports them past the limits given, and --check counts them only then', async () => {
    const { clock, env } = await startAt('2026-01-01T00:00:00Z');
    const deps = { clock };
    const fine = await run(['watch', '--check', '--disconnected-minutes', '100000'], { env, deps });
    expect(fine.code, fine.stderr).toBe(ExitCode.ok);
    const loose = await run(
      [
        'watch',
        '--check',
        '--disconnected-minutes',
        '100000',
        '--rank-worse-than',
        '100000',
        '--reliability-below',
        '0.01',
      ],
      { env, deps },
    );
    expect(loose.code, loose.stderr).toBe(ExitCode.ok);
    expect(loose.stderr).toMatch(
      /all is well: .*the rank within the top 100000, the mean reliability at least 0\.01/,
    );

    const strict = await run(
      [
        'watch',
        '--check',
        '--disconnected-minutes',
        '100000',
        '--rank-worse-than',
        '1',
        '--reliability-below',
        '1000',
      ],
      { env, deps },
    );
    expect(strict.code).toBe(ExitCode.problem);
    const events = jsonLines(strict.stdout);
    expect(events.map((e) => e.type)).toEqual(['rank_dropped', 'reliability_dropped']);
    expect(events[0]).toMatchObject({ severity: 'warning', threshold: 1 });
    expect(events[0].message).toMatch(/^the network's rank is #\d+, out of the top 1$/);
    expect(events[1]).toMatchObject({ severity: 'warning', threshold: 1000 });
    expect(strict.stderr).toMatch(/2 problems found/);
  });

  it('an older service has neither: exit 1, this service has no ranking', async () => {
    const { clock, env } = await startAt('2026-01-01T00:00:00Z', 'seed');
    const result = await run(['watch', '--check', '--rank-worse-than', '10'], { env, deps: { clock } });
    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toContain('this service has no ranking: --rank-worse-than cannot be watched');
    const plain = await run(['watch', '--check', '--disconnected-minutes', '100000'], {
      env,
      deps: { clock },
    });
    expect(plain.code, plain.stderr).toBe(ExitCode.ok);
  });

  it('refuses a limit that is no number (usage, exit 2)', async () => {
    const { env } = await startAt('2026-01-01T00:00:00Z');
    const result = await run(['watch', '--check', '--rank-worse-than', 'top'], { env });
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('expects a whole number');
  });
});
