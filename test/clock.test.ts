import { describe, expect, it } from 'vitest';
import { ManualClock, PRIORITY, ScaledClock } from '../src/clock.ts';

describe('ManualClock', () => {
  it('starts at 2026-01-01T00:00:00Z and moves only when advanced', async () => {
    const clock = new ManualClock();
    expect(new Date(clock.now()).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await clock.advance(1500);
    expect(clock.now() - ManualClock.EPOCH).toBe(1500);
  });

  it('fires due timers in time order, simulator before store at the same instant', async () => {
    const clock = new ManualClock();
    const order: string[] = [];
    clock.setTimeout(() => order.push(`store@${clock.now() - ManualClock.EPOCH}`), 60_000, PRIORITY.store);
    clock.setInterval(
      () => order.push(`tick@${clock.now() - ManualClock.EPOCH}`),
      60_000,
      PRIORITY.simulator,
    );
    clock.setTimeout(() => order.push('early'), 10);
    await clock.advance(59_999);
    expect(order).toEqual(['early']);
    await clock.advance(60_001);
    expect(order).toEqual(['early', 'tick@60000', 'store@60000', 'tick@120000']);
  });

  it('waits for the promise a timer returns', async () => {
    const clock = new ManualClock();
    let done = false;
    clock.setTimeout(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      done = true;
    }, 100);
    await clock.advance(100);
    expect(done).toBe(true);
  });

  it('cancels timers and rejects an aborted sleep', async () => {
    const clock = new ManualClock();
    let fired = false;
    clock
      .setTimeout(() => {
        fired = true;
      }, 10)
      .cancel();
    const controller = new AbortController();
    const sleeping = clock.sleep(1000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    await clock.advance(2000);
    expect(fired).toBe(false);
    expect(clock.pending).toBe(0);
  });
});

describe('ScaledClock', () => {
  it('runs simulated time faster by its speed', async () => {
    const clock = new ScaledClock(60);
    const start = clock.now();
    await clock.sleep(600); // 10 real ms
    expect(clock.now() - start).toBeGreaterThanOrEqual(540);
  });
});
