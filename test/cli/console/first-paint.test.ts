// The console's first paint: plain escape codes drawing what Ink's first frame will, a
// status line that the world's progress rewrites, and the screen given back on the way out.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstFrameLines, paintFirstFrame } from '../../../src/cli/console/first-paint.ts';
import { LEAVE_ALT_SCREEN } from '../../../src/cli/console/terminal-screen.ts';
import { PANE_LIST } from '../../../src/ui/panes/list.ts';
import { renderApp } from '../../ui/render.tsx';

const demo = {
  target: { kind: 'demo', seed: 7 } as const,
  columns: 100,
  rows: 30,
  status: 'building the demo world…',
};
const plain = (lines: Map<number, string>) =>
  new Map([...lines].map(([row, line]) => [row, stripVTControlCharacters(line)]));
/** The tab bar of the pane list in one form: full titles or short ones, two apart. */
const tabs = (form: 'title' | 'shortTitle') => PANE_LIST.map((p) => `${p.digit} ${p[form]}`).join('  ');
const tab = (id: string) => PANE_LIST.filter((p) => p.id === id).map((p) => `${p.digit} ${p.title}`)[0];

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
    expect(lines.get(2)).toBe(tabs('title'));
    expect(lines.get(29)).toBe('? help  q/ctrl-c quit');
  });

  it('names the user’s keys in the footer, as Ink’s footer will', () => {
    const lines = plain(firstFrameLines({ ...demo, keys: { help: ['~'], quit: ['Q'] } }));
    expect(lines.get(29)).toBe('~ help  Q/ctrl-c quit');
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
    // Eight short titles two apart are 63 columns: the digits, the active tab's title kept, as Ink's tab bar draws them.
    expect(lines.get(2)).toBe(
      PANE_LIST.map((p, i) => (i === 0 ? `${p.digit} ${p.shortTitle}` : p.digit)).join('  '),
    );
    for (const line of lines.values()) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('marks the pane the console opens on: a remembered one, else the first', () => {
    const active = (pane?: string) =>
      firstFrameLines({ ...demo, pane })
        .get(2)
        ?.match(/\u001b\[7;1m([^\u001b]+)/)?.[1];
    expect(active()).toBe(tab('discover'));
    expect(active('network')).toBe(tab('network'));
    expect(active('gone')).toBe(tab('discover'));
    expect(active('constructor')).toBe(tab('discover'));
  });

  it('draws the tab bar Ink’s first frame draws, at any width', async () => {
    for (const [columns, rows] of [
      [120, 40],
      [100, 30],
      [70, 20],
      [60, 15],
    ]) {
      const app = await renderApp({ cols: columns, rows, pane: 'network', start: false });
      try {
        const painted = plain(firstFrameLines({ ...demo, columns, rows, pane: 'network' })).get(2);
        expect(painted).toBe(app.frame().split('\n')[1]);
      } finally {
        await app.unmount();
      }
    }
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
