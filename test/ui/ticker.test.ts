// The shared ticker behind useNow: whole periods of the clock, one timer for everyone.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { tickerFor } from '../../src/ui/hooks/ticker.ts';

describe('tickerFor', () => {
  it('ticks on whole periods of the clock, whenever the first subscriber came', async () => {
    const clock = new ManualClock();
    await clock.advance(300);
    const ticker = tickerFor(clock, 1000);
    const seen: number[] = [];
    const stop = ticker.subscribe(() => seen.push(ticker.now - ManualClock.EPOCH));
    expect(ticker.now - ManualClock.EPOCH).toBe(300);
    await clock.advance(2_800);
    expect(seen).toEqual([1000, 2000, 3000]);
    stop();
  });

  it('is one ticker per clock and period, telling every subscriber in the same tick', async () => {
    const clock = new ManualClock();
    const ticker = tickerFor(clock, 1000);
    expect(tickerFor(clock, 1000)).toBe(ticker);
    expect(tickerFor(clock, 100)).not.toBe(ticker);
    expect(tickerFor(new ManualClock(), 1000)).not.toBe(ticker);
    const calls: string[] = [];
    const stopA = ticker.subscribe(() => calls.push(`a${ticker.now - ManualClock.EPOCH}`));
    await clock.advance(500);
    const stopB = ticker.subscribe(() => calls.push(`b${ticker.now - ManualClock.EPOCH}`));
    await clock.advance(1_000);
    expect(calls).toEqual(['a1000', 'b1000']);
    stopA();
    stopB();
  });

  it('stops its timer when the last subscriber leaves', async () => {
    const clock = new ManualClock();
    const ticker = tickerFor(clock, 1000);
    let calls = 0;
    const stop = ticker.subscribe(() => calls++);
    await clock.advance(1_000);
    stop();
    await clock.advance(5_000);
    expect(calls).toBe(1);
    // A later subscriber starts it again from the clock's time then.
    const again = ticker.subscribe(() => calls++);
    expect(ticker.now - ManualClock.EPOCH).toBe(6_000);
    await clock.advance(1_000);
    expect(calls).toBe(2);
    again();
  });
});
