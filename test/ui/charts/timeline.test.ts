import { describe, expect, it } from 'vitest';
import { meterBar } from '../../../src/ui/charts/bar.ts';
import {
  connectionTimeline,
  halveTimeline,
  parseEventTime,
  renderTimeline,
} from '../../../src/ui/charts/timeline.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const at = (hhmm: string) => `2025-12-31T${hhmm}:00Z`;
const draw = (events: { event_time?: string; connected?: boolean }[], connected: boolean) =>
  renderTimeline(connectionTimeline(events, { now: NOW, connected }));

describe('24-hour connection timeline', () => {
  it('is 48 half-hour cells, all on or all off without events, as the provider is now', () => {
    expect(draw([], true)).toBe('█'.repeat(48));
    expect(draw([], false)).toBe('·'.repeat(48));
  });

  it('is off before a first connect and on after it, mixed in the half hour it happened', () => {
    // Connected at 12:10: cells 0-23 off, 24 (12:00-12:30) mixed, 25-47 on.
    expect(draw([{ event_time: at('12:10'), connected: true }], true)).toBe(
      `${'·'.repeat(24)}▒${'█'.repeat(23)}`,
    );
  });

  it('follows alternating events; a change on a cell boundary leaves both cells whole', () => {
    const line = draw(
      [
        { event_time: at('03:00'), connected: true },
        { event_time: at('10:00'), connected: false },
        { event_time: at('20:00'), connected: true },
      ],
      true,
    );
    expect(line).toBe(`${'·'.repeat(6)}${'█'.repeat(14)}${'·'.repeat(20)}${'█'.repeat(8)}`);
  });

  it('follows overlapping connections: a reconnect before the old one closed leaves the provider on', () => {
    const cases: [string, [string, boolean][], boolean, string][] = [
      // A second connection at 20:00, the first closed at 20:10: on from 03:00.
      [
        'overlap',
        [
          ['03:00', true],
          ['20:00', true],
          ['20:10', false],
        ],
        true,
        `${'·'.repeat(6)}${'█'.repeat(42)}`,
      ],
      // One open before the window, a second come and gone: on all day.
      [
        'before the window',
        [
          ['08:00', true],
          ['09:00', false],
        ],
        true,
        '█'.repeat(48),
      ],
      // Every connection closed at 21:00 (two disconnects at once): off from then on.
      [
        'all closed',
        [
          ['02:00', true],
          ['21:00', false],
          ['21:00', false],
        ],
        false,
        `${'█'.repeat(42)}${'·'.repeat(6)}`,
      ],
    ];
    for (const [name, events, connected, line] of cases)
      expect(
        draw(
          events.map(([hhmm, on]) => ({ event_time: at(hhmm), connected: on })),
          connected,
        ),
        name,
      ).toBe(line);
  });

  it('marks a half hour with a short drop as mixed, and treats an event without `connected` as a disconnect', () => {
    const cells = connectionTimeline(
      [{ event_time: at('23:40') }, { event_time: at('23:45'), connected: true }],
      { now: NOW, connected: true },
    );
    expect(cells.slice(-2)).toEqual(['on', 'mixed']);
    expect(cells.filter((c) => c !== 'on')).toHaveLength(1);
  });

  it('reads nanosecond times, ignores unreadable ones and events in the future, sorts the rest', () => {
    expect(parseEventTime('2025-12-31T10:00:00.123456789Z')).toBe(Date.parse('2025-12-31T10:00:00.123Z'));
    expect(parseEventTime('yesterday')).toBeUndefined();
    const line = draw(
      [
        { event_time: '2026-01-01T05:00:00Z', connected: false },
        { event_time: 'garbage', connected: false },
        { event_time: at('18:00'), connected: true },
        { event_time: at('06:00'), connected: false },
      ],
      true,
    );
    // Sorted: off at 06:00 (so on before it), on at 18:00; the future disconnect is ignored.
    expect(line).toBe(`${'█'.repeat(12)}${'·'.repeat(24)}${'█'.repeat(12)}`);
  });

  it('a lone disconnect is on until it, never an all-off day, even one listed after the window ends', () => {
    expect(draw([{ event_time: at('23:30'), connected: false }], false)).toBe(`${'█'.repeat(47)}·`);
    // An answer whose disconnect came after its own time: the provider was on at that time.
    expect(draw([{ event_time: '2026-01-01T00:00:30Z', connected: false }], false)).toBe('█'.repeat(48));
  });

  it('halves to hour cells for narrow layouts, a mixed pair staying mixed', () => {
    expect(halveTimeline(['on', 'on', 'on', 'off', 'off', 'off'])).toEqual(['on', 'mixed', 'off']);
  });
});

describe('meter bar', () => {
  it('fills eighths of the width and pads with the empty shade', () => {
    expect(meterBar(24, 24, 6)).toBe('██████');
    expect(meterBar(12, 24, 6)).toBe('███░░░');
    expect(meterBar(1, 24, 6)).toBe('▎░░░░░');
    expect(meterBar(0, 24, 4)).toBe('░░░░');
    expect(meterBar(undefined, 24, 3)).toBe('░░░');
    expect(meterBar(30, 24, 3)).toBe('███');
  });
});
