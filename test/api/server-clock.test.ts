// The service's clock from its answers' Date headers: the local clock until an answer
// disagrees, then the offset and the rate the answers allow (a Date has one-second
// resolution); absurd headers ignored, jumps followed, timers on the service's time.
import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../src/api/server-clock.ts';
import { ManualClock } from '../../src/clock.ts';

/**
 * A local clock, a ServerClock on it, and a service whose clock is `offset` ms ahead of the
 * local one and runs `rate` times as fast; with `probe` the ServerClock may ask it for one
 * more answer (counted in `probes`).
 */
function setUp({ offset = 0, rate = 1, probe = false } = {}) {
  const local = new ManualClock();
  const from = local.now();
  let jump = 0;
  let probes = 0;
  const at = () => from + offset + jump + rate * (local.now() - from);
  /** One answer, `latencyMs` on the way there and back each, its Date made in between. */
  const answer = async (latencyMs = 10) => {
    const sent = local.now();
    await local.advance(latencyMs);
    const date = new Date(at()).toUTCString();
    await local.advance(latencyMs);
    clock.observe(date, sent, local.now());
  };
  const askAgain = async () => {
    probes++;
    await answer();
  };
  const clock: ServerClock = new ServerClock(local, probe ? askAgain : undefined);
  return { local, clock, at, answer, jump: (ms: number) => (jump += ms), probes: () => probes };
}

const HOUR = 3_600_000;

describe('ServerClock', () => {
  it('is the local clock until an answer comes, and while the answers agree with it', async () => {
    const { local, clock, answer } = setUp();
    expect(clock.now()).toBe(local.now());
    for (let i = 0; i < 5; i++) {
      await answer();
      await local.advance(700);
    }
    expect(clock.now()).toBe(local.now());
    expect(clock.speed).toBe(1);
  });

  it('takes the offset of a service whose clock is ahead, within its one-second resolution', async () => {
    const { local, clock, at, answer } = setUp({ offset: 2 * HOUR + 12_345 });
    await answer();
    expect(Math.abs(clock.now() - at())).toBeLessThan(1000);
    // Answers at other fractions of a second narrow it.
    for (let i = 0; i < 8; i++) {
      await local.advance(1_130);
      await answer();
    }
    expect(Math.abs(clock.now() - at())).toBeLessThan(150);
    expect(clock.speed).toBe(1);
  });

  it('learns the rate of a sped-up simulator (60x) from answers a fraction of a second apart', async () => {
    const { local, clock, at, answer } = setUp({ offset: -5 * HOUR, rate: 60 });
    await answer();
    await local.advance(400);
    await answer();
    expect(clock.speed).toBe(60);
    for (let i = 0; i < 5; i++) {
      await local.advance(1_000);
      await answer();
    }
    expect(clock.speed).toBe(60);
    // A simulated second is 17 local ms: the estimate stays within one.
    expect(Math.abs(clock.now() - at())).toBeLessThan(1000);
    await local.advance(10_000);
    expect(Math.abs(clock.now() - at())).toBeLessThan(1000);
  });

  it('ignores absurd Date headers and keeps what it knew', async () => {
    const { local, clock, at, answer } = setUp({ offset: HOUR });
    await answer();
    const before = clock.now();
    for (const bad of ['soon', '', 'Mon, 01 Jan 1900 00:00:00 GMT', 'Fri, 01 Jan 2400 00:00:00 GMT'])
      clock.observe(bad, local.now(), local.now());
    clock.observe(undefined, local.now(), local.now());
    // An answer that came back before it was sent is no measure either.
    clock.observe(new Date(at() + HOUR).toUTCString(), local.now(), local.now() - 5);
    expect(clock.now()).toBe(before);
    expect(clock.speed).toBe(1);
  });

  it('follows a jump of the service’s clock (a simulator advanced, a restart) at the next answer, keeping the rate', async () => {
    const { local, clock, at, answer, jump } = setUp({ rate: 60 });
    for (let i = 0; i < 3; i++) {
      await answer();
      await local.advance(500);
    }
    expect(clock.speed).toBe(60);
    jump(6 * HOUR);
    await answer();
    expect(Math.abs(clock.now() - at())).toBeLessThan(1000);
    jump(-9 * HOUR);
    await answer();
    expect(Math.abs(clock.now() - at())).toBeLessThan(1000);
    expect(clock.speed).toBe(60);
  });

  it('runs timers on the service’s time: 60 s of a 60x service pass in a local second', async () => {
    const { local, clock, answer } = setUp({ rate: 60 });
    const fired: number[] = [];
    // Armed before the rate is known: re-armed once the answers tell it.
    clock.setTimeout(() => fired.push(local.now()), 60_000);
    const start = local.now();
    await answer();
    await local.advance(300);
    await answer();
    expect(clock.speed).toBe(60);
    await local.advance(2_000);
    expect(fired).toHaveLength(1);
    expect(fired[0] - start).toBeGreaterThan(500);
    expect(fired[0] - start).toBeLessThan(1_500);
    // And sleep.
    const slept = clock.sleep(30_000).then(() => local.now());
    const from = local.now();
    await local.advance(1_000);
    expect((await slept) - from).toBeLessThanOrEqual(600);
  });

  it('answers that came together tell no rate: before a long wait it asks for one more (a few times at most)', async () => {
    const { local, clock, at, probes } = setUp({ rate: 60, probe: true });
    // A poll's requests in parallel: no rate in them.
    const sent = local.now();
    await local.advance(5);
    clock.observe(new Date(at()).toUTCString(), sent, local.now());
    clock.observe(new Date(at()).toUTCString(), sent, local.now());
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(local.now()), 60_000);
    await local.advance(1_100);
    expect(probes()).toBe(1);
    expect(clock.speed).toBe(60);
    await local.advance(200);
    expect(fired).toHaveLength(1);
    // Known now: no more probes, however long the waits.
    clock.setTimeout(() => {}, 3_600_000);
    await local.advance(120_000);
    expect(probes()).toBe(1);
  });
  it('probes a second after the first answers even while a timer ticks every second (the header’s clock)', async () => {
    const { local, clock, answer, probes } = setUp({ rate: 60, probe: true });
    await answer(0);
    let ticks = 0;
    clock.setInterval(() => ticks++, 1_000);
    await local.advance(1_000);
    expect(probes()).toBe(1);
    expect(clock.speed).toBe(60);
    await local.advance(1_000);
    expect(ticks).toBeGreaterThan(30);
  });

  it('an answer that was on its way with the first tells no jump: a slow one of a poll’s is left out', async () => {
    const { local, clock, at, answer } = setUp({ rate: 60 });
    const sent = local.now();
    await answer(0);
    // Sent with the first, answered half a second (30 simulated seconds) later.
    await local.advance(500);
    clock.observe(new Date(at()).toUTCString(), sent, local.now());
    await local.advance(500);
    await answer(0);
    // The rate from the first answer to the last, not a jump at the slow one.
    expect(clock.speed).toBe(60);
    expect(Math.abs(clock.now() - at())).toBeLessThan(1000);
  });
});
