// The alerts' pipeline alone (src/cli/notify/pipeline.ts) on a manual clock, what needs
// hours of it: a flapping provider pushed as stable once it has been so an hour; the daily
// digest once a day, not at the start of a watch begun after its time; a mute that ends;
// what the first look finds, as one notice when it is several things.
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../src/cli/notify/notice.ts';
import { createPipeline } from '../../src/cli/notify/pipeline.ts';
import type { SinkQueue } from '../../src/cli/notify/sink-queue.ts';
import { ManualClock } from '../../src/clock.ts';
import type { NetdeckEvent } from '../../src/store/events/event-source.ts';

const HOUR = 3_600_000;

function rig(options: { digestAt?: number; mutedUntil?: number; start?: string; looked?: boolean } = {}) {
  const clock = new ManualClock(Date.parse(options.start ?? '2026-01-01T10:00:00Z'));
  const sent: Notice[] = [];
  const sink: SinkQueue = { push: (notice) => sent.push(notice), idle: () => Promise.resolve() };
  const pipeline = createPipeline({
    clock,
    sinks: [sink],
    mutedUntil: (_id, now) =>
      options.mutedUntil !== undefined && now < options.mutedUntil ? options.mutedUntil : undefined,
    flapCount: 1,
    zone: 'UTC',
    digestAt: options.digestAt,
    label: 'netdeck demo',
    problems: () => [],
  });
  // A watch's first look is over before the events these tests send (unless a test is about it).
  if (options.looked !== false) pipeline.observe({ at: clock.now(), results: {} });
  let id = 1;
  const event = (type: NetdeckEvent['type']): NetdeckEvent => ({
    id: id++,
    type,
    severity: type === 'provider_disconnected' ? 'critical' : 'info',
    time: new Date(clock.now()).toISOString(),
    message: `provider lab (p1) ${type}`,
    client_id: 'p1',
    device_name: 'lab',
  });
  return { clock, sent, pipeline, event };
}

describe('the alerts pipeline', () => {
  it('pushes a flapping provider as stable once, when it has had no change for an hour', async () => {
    const { clock, sent, pipeline, event } = rig();
    for (const type of [
      'provider_disconnected',
      'provider_reconnected',
      'provider_disconnected',
      'provider_reconnected',
    ] as const) {
      pipeline.event(event(type));
      await clock.advance(60_000);
    }
    expect(sent.map((n) => n.kind)).toEqual(['event', 'event', 'flapping']);
    await clock.advance(HOUR - 2 * 60_000);
    expect(sent).toHaveLength(3);
    await clock.advance(2 * 60_000);
    expect(sent.map((n) => n.kind)).toEqual(['event', 'event', 'flapping', 'stable']);
    expect(sent[3].body).toBe(
      'provider lab (p1) has been stable for an hour, connected; its changes are pushed again',
    );
    await clock.advance(10 * 60_000);
    expect(sent).toHaveLength(4);
    // Its changes are pushed again.
    pipeline.event(event('provider_disconnected'));
    expect(sent.map((n) => n.kind)).toHaveLength(5);
    pipeline.stop();
  });

  it('sends the daily digest once a day at its time, not when the watch begins after it', async () => {
    const early = rig({ digestAt: 8 * 60, start: '2026-01-02T07:50:00Z' });
    await early.clock.advance(9 * 60_000);
    expect(early.sent).toEqual([]);
    await early.clock.advance(60_000);
    expect(early.sent.map((n) => [n.kind, n.title])).toEqual([
      ['daily-digest', 'netdeck demo: the day, 2026-01-02'],
    ]);
    await early.clock.advance(HOUR);
    expect(early.sent).toHaveLength(1);
    early.pipeline.stop();
    const late = rig({ digestAt: 8 * 60, start: '2026-01-02T08:05:00Z' });
    await late.clock.advance(HOUR);
    expect(late.sent).toEqual([]);
    late.pipeline.stop();
  });

  it('pushes nothing of a muted provider until its mute ends', async () => {
    const { clock, sent, pipeline, event } = rig({ mutedUntil: Date.parse('2026-01-01T10:30:00Z') });
    pipeline.event(event('provider_disconnected'));
    expect(sent).toEqual([]);
    await clock.advance(30 * 60_000);
    pipeline.event(event('provider_reconnected'));
    expect(sent.map((n) => n.title)).toEqual(['netdeck demo: provider reconnected']);
    pipeline.stop();
  });

  it('pushes what the first look finds as one notice when it is several things, then each event as it comes', () => {
    const { clock, sent, pipeline, event } = rig({ looked: false });
    const down = event('provider_disconnected');
    const idle = {
      ...event('provider_idle'),
      severity: 'warning' as const,
      client_id: 'p2',
      message: 'provider b (p2) idle',
    };
    pipeline.event(down);
    pipeline.event(idle);
    // Nothing goes before the look is over: its events come before its observe.
    expect(sent).toEqual([]);
    pipeline.observe({ at: clock.now(), results: {} });
    expect(sent).toEqual([
      {
        kind: 'start-digest',
        severity: 'critical',
        title: 'netdeck demo: 2 found as watching began',
        body: 'provider lab (p1) provider_disconnected\nprovider b (p2) idle',
        time: new Date(clock.now()).toISOString(),
        events: [down, idle],
      },
    ]);
    pipeline.event(event('provider_reconnected'));
    expect(sent.map((n) => [n.kind, n.title])).toEqual([
      ['start-digest', 'netdeck demo: 2 found as watching began'],
      ['event', 'netdeck demo: provider reconnected'],
    ]);
    pipeline.stop();
  });

  it('pushes a first look that finds one thing as that event, and one that finds nothing not at all', () => {
    const one = rig({ looked: false });
    one.pipeline.event(one.event('provider_disconnected'));
    one.pipeline.observe({ at: one.clock.now(), results: {} });
    expect(one.sent.map((n) => [n.kind, n.title])).toEqual([
      ['event', 'netdeck demo: provider disconnected'],
    ]);
    one.pipeline.stop();
    const none = rig({ looked: false });
    none.pipeline.observe({ at: none.clock.now(), results: {} });
    expect(none.sent).toEqual([]);
    none.pipeline.stop();
  });
});
