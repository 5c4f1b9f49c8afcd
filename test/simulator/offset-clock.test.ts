// OffsetClock: a running clock that /__sim/advance can jump forward.
import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../../simulator/offset-clock.ts';
import { ManualClock, PRIORITY, ScaledClock } from '../../src/clock.ts';

describe('OffsetClock', () => {
  it('jumps ahead, firing each due timer at its own instant, in time then priority order', async () => {
    const base = new ManualClock();
    const clock = new OffsetClock(base);
    const seen: string[] = [];
    clock.setInterval(() => seen.push(`tick@${clock.now() - ManualClock.EPOCH}`), 60_000, PRIORITY.simulator);
    clock.setTimeout(() => seen.push(`store@${clock.now() - ManualClock.EPOCH}`), 60_000, PRIORITY.store);
    clock.setTimeout(() => seen.push(`ui@${clock.now() - ManualClock.EPOCH}`), 90_000);
    const now = await clock.advance(150_000);
    expect(now).toBe(ManualClock.EPOCH + 150_000);
    expect(clock.now()).toBe(ManualClock.EPOCH + 150_000);
    expect(base.now()).toBe(ManualClock.EPOCH);
    expect(seen).toEqual(['tick@60000', 'store@60000', 'ui@90000', 'tick@120000']);
  });

  it('keeps firing timers as its base clock runs, after a jump too', async () => {
    const base = new ManualClock();
    const clock = new OffsetClock(base);
    let ticks = 0;
    clock.setInterval(() => ticks++, 60_000);
    await base.advance(60_000);
    expect(ticks).toBe(1);
    await clock.advance(30_000);
    expect(ticks).toBe(1);
    await base.advance(29_999);
    expect(ticks).toBe(1);
    await base.advance(1);
    expect(ticks).toBe(2);
    expect(clock.now()).toBe(ManualClock.EPOCH + 120_000);
  });

  it('in real time, does not let a timer that never settles hold up the others', async () => {
    const base = new ManualClock();
    const clock = new OffsetClock(base);
    let ticks = 0;
    clock.setTimeout(() => new Promise(() => {}), 1_000);
    clock.setInterval(() => ticks++, 60_000);
    await base.advance(120_000);
    expect(ticks).toBe(2);
  });

  it('cancels timers and resolves sleeps on the jumped time', async () => {
    const clock = new OffsetClock(new ManualClock());
    let fired = false;
    clock
      .setTimeout(() => {
        fired = true;
      }, 1_000)
      .cancel();
    const slept = clock.sleep(5_000);
    await clock.advance(5_000);
    await expect(slept).resolves.toBeUndefined();
    expect(fired).toBe(false);
  });

  it('runs on a sped-up real clock and reports its speed', async () => {
    const clock = new OffsetClock(new ScaledClock(1_000));
    expect(clock.speed).toBe(1_000);
    const before = clock.now();
    await clock.sleep(20_000); // 20 simulated seconds: about 20 real ms
    expect(clock.now() - before).toBeGreaterThanOrEqual(20_000);
    await clock.advance(3_600_000);
    expect(clock.now() - before).toBeGreaterThanOrEqual(3_620_000);
  });
});
