// What My providers says of a provider's idle verdict and mute (provider-notes.ts): each
// verdict in words (idle with what it means and what to try; unproven as too soon to say,
// never as idle), and the note cell's words as its column has room for them.
import { describe, expect, it } from 'vitest';
import type { IdleVerdicts } from '../../src/store/idle-providers.ts';
import { idleLines, noteReader, noteText } from '../../src/ui/panes/my-providers/provider-notes.ts';

const HOUR = 3_600_000;
const verdicts: IdleVerdicts = new Map([
  ['idle', { state: 'idle', hours: 6 }],
  ['active', { state: 'active', hours: 6 }],
  ['unproven', { state: 'unproven', hours: 6 }],
]);
const idle = { data: verdicts, error: undefined, hours: 6 };

describe('the idle verdict in the detail', () => {
  it('idle: what it means (server#436) and what to try', () => {
    const words = idleLines(idle, 'idle', true);
    expect(words.state).toBe('IDLE: connected 6 hours with no search interest, no contract and no transfer');
    expect(words.explain).toMatch(/server#436/);
    expect(words.explain).toMatch(/restarting it, and check its connectivity/);
  });

  it('unproven: too soon to say, not idle; active: it carried something', () => {
    expect(idleLines(idle, 'unproven', true).state).toBe(
      'too soon to say: not connected throughout the last 6 hours',
    );
    expect(idleLines(idle, 'unproven', false).explain).toBe('');
    expect(idleLines(idle, 'active', true).state).toMatch(/^active: /);
    expect(idleLines({ ...idle, data: undefined }, 'idle', true).state).toBe('asking the service…');
    expect(idleLines(idle, 'unknown', true).state).toMatch(/^not known: /);
  });
});

describe('the note cell', () => {
  it('says idle and muted in words, shorter where the column is narrow', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const note = noteReader(verdicts, new Map([['idle', now + HOUR]]), now);
    expect(note('active')).toBeUndefined();
    expect(noteText(note('idle'), now, 40)).toMatch(/^idle, muted till \d\d:\d\d$/);
    expect(noteText(note('idle'), now, 11)).toBe('idle, muted');
    expect(noteText(note('unproven'), now, 11)).toBe('');
  });
});
