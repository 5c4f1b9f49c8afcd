// The console's first paint: plain escape codes drawing what Ink's first frame will, a
// status line that the world's progress rewrites, and the screen given back on the way out.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstFrameLines, paintFirstFrame } from '../../src/cli/first-paint.ts';
import { LEAVE_ALT_SCREEN } from '../../src/cli/terminal-screen.ts';
import { PANES } from '../../src/ui/panes/registry.ts';
import { PANE_TITLES } from '../../src/ui/panes/titles.ts';

const demo = {
  target: { kind: 'demo', seed: 7 } as const,
  columns: 100,
  rows: 30,
  status: 'building the demo world…',
};
const plain = (lines: Map<number, string>) =>
  new Map([...lines].map(([row, line]) => [row, stripVTControlCharacters(line)]));

function fakeOut() {
  const chunks: string[] = [];
  return { chunks, write: (chunk: string) => chunks.push(chunk), isTTY: true };
}

afterEach(() => {
  process.removeAllListeners('SIGINT');
});

describe('the first paint', () => {
  it('draws the header, the tab bar and the footer where Ink will, within the width', () => {
    const lines = plain(firstFrameLines(demo));
    expect(lines.get(1)).toMatch(/^netdeck · SIMULATOR seed 7 +● connecting…$/);
    expect(lines.get(1)).toHaveLength(100);
    expect(lines.get(2)).toBe('1 Discover  2 Providers  3 Devices  4 My providers  5 Network  6 Account');
    expect(lines.get(29)).toBe('? help: all keys  q/ctrl-c quit');
  });

  it('takes the compact form below 80 columns and names an API by its URL', () => {
    const lines = plain(
      firstFrameLines({
        ...demo,
        columns: 60,
        rows: 15,
        target: { kind: 'api', url: 'https://api.example' },
      }),
    );
    expect(lines.get(1)).toMatch(/^https:\/\/api\.example +● connecting…$/);
    expect(lines.get(2)).toBe('1 Disc  2 Prov  3 Devices  4 Mine  5 Net  6 Acct');
    for (const line of lines.values()) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('marks the pane the console opens on: a remembered one, else the first', () => {
    const active = (pane?: string) =>
      firstFrameLines({ ...demo, pane })
        .get(2)
        ?.match(/\u001b\[7;1m([^\u001b]+)/)?.[1];
    expect(active()).toBe('1 Discover');
    expect(active('network')).toBe('5 Network');
    expect(active('gone')).toBe('1 Discover');
    expect(active('constructor')).toBe('1 Discover');
  });

  it('has the panes in the registry’s order with their titles', () => {
    expect(Object.entries(PANE_TITLES).map(([id, t]) => [id, t.title, t.shortTitle])).toEqual(
      PANES.map((p) => [p.id, p.title, p.shortTitle]),
    );
  });

  it('rewrites the status line in place and stops writing once Ink has the screen', () => {
    const out = fakeOut();
    const paint = paintFirstFrame(out, demo);
    expect(stripVTControlCharacters(out.chunks.join(''))).toContain('building the demo world…');
    paint.status('building the demo world 42%');
    expect(out.chunks.at(-1)).toBe('\u001b[4;1H\u001b[2K  building the demo world 42%');
    paint.handOver();
    paint.status('late');
    paint.leave();
    expect(out.chunks.join('')).not.toContain('late');
    expect(out.chunks.join('')).not.toContain(LEAVE_ALT_SCREEN);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });

  it('gives the main screen back when the console stops before Ink, and on ctrl-c', () => {
    const out = fakeOut();
    const paint = paintFirstFrame(out, demo);
    paint.leave();
    paint.leave();
    expect(out.chunks.filter((c) => c === LEAVE_ALT_SCREEN)).toHaveLength(1);

    const again = fakeOut();
    paintFirstFrame(again, demo);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    process.emit('SIGINT', 'SIGINT');
    expect(again.chunks.at(-1)).toBe(LEAVE_ALT_SCREEN);
    expect(exit).toHaveBeenCalledWith(130);
    exit.mockRestore();
  });
});
