// Every list: Home/End and g/G go to the first/last row, the position ("row 35 of 2,213")
// is shown, and a VirtualList with more rows than fit has a scrollbar in its last column
// (no line wider than the pane).
import { afterEach, describe, expect, it } from 'vitest';
import type { LocationResult } from '../../src/contract/schemas.ts';
import { rowOf } from '../../src/format/numbers.ts';
import {
  hasScrollbar,
  listRowWidth,
  SCROLL_THUMB,
  SCROLL_TRACK,
  scrollbarCells,
} from '../../src/ui/components/virtual-list.tsx';
import { withOverrides } from './fakes.ts';
import { type Rendered, type RenderOptions, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const bar = (start: number, height: number, count: number) =>
  scrollbarCells(start, height, count)
    .map((c) => (c === SCROLL_THUMB ? '#' : '.'))
    .join('');

describe('list position and scrollbar (pure)', () => {
  it('rowOf counts from one, with thousands separators', () => {
    expect(rowOf(34, 2213)).toBe('row 35 of 2,213');
    expect(rowOf(0, 1)).toBe('row 1 of 1');
  });

  it('a scrollbar only when there are more rows than fit; the rows give it a column', () => {
    expect(hasScrollbar(10, 10)).toBe(false);
    expect(hasScrollbar(11, 10)).toBe(true);
    expect(scrollbarCells(0, 10, 10)).toEqual([]);
    expect(listRowWidth(80, 10, 10)).toBe(80);
    expect(listRowWidth(80, 11, 10)).toBe(79);
  });

  it('the thumb is the window’s share of the list, at its place', () => {
    expect(bar(0, 10, 20)).toBe('#####.....');
    expect(bar(10, 10, 20)).toBe('.....#####');
    expect(bar(4, 10, 20)).toBe('..#####...');
    // At least one cell, and never at an end unless the window is there.
    expect(bar(0, 10, 10_000)).toBe('#.........');
    expect(bar(9_990, 10, 10_000)).toBe('.........#');
    expect(bar(1, 10, 10_000)).toBe('.#........');
    expect(bar(9_989, 10, 10_000)).toBe('........#.');
    // Never the whole track while the list scrolls.
    expect(bar(0, 10, 11)).toMatch(/\.$/);
    expect(bar(1, 10, 11)).toMatch(/^\./);
    for (const cell of scrollbarCells(3, 5, 9)) expect([SCROLL_THUMB, SCROLL_TRACK]).toContain(cell);
  });
});

/** The scrollbar column of a frame: the last cell of the lines between `from` and `to`. */
function scrollColumn(frame: string, width: number, from: number, to: number): string {
  return frame
    .split('\n')
    .slice(from, to)
    .map((l) =>
      l.padEnd(width)[width - 1] === SCROLL_THUMB
        ? '#'
        : l.padEnd(width)[width - 1] === SCROLL_TRACK
          ? '.'
          : ' ',
    )
    .join('');
}

const manyPlaces = (n: number): RenderOptions['wrapClient'] => {
  const locations = Array.from({ length: n }, (_, i) => ({
    location_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    location_type: 'city',
    name: `City ${String(i).padStart(5, '0')}`,
    country: 'Testland',
    provider_count: n - i,
  }));
  return (client) =>
    withOverrides(client, { providerLocations: async () => ({ locations }) as unknown as LocationResult });
};

describe('Discover: a long list', () => {
  it('End/Home and G/g go to the last/first row; the position and the scrollbar follow', async () => {
    app = await renderApp({ cols: 100, rows: 30, wrapClient: manyPlaces(2213) });
    await app.waitFor('2,213 places with providers');
    expect(app.frame()).toContain('row 1 of 2,213 · 2,213 places with providers');
    const lines = () => app!.frame().split('\n');
    const list = () => {
      const all = lines();
      const header = all.findIndex((l) => l.includes('TYPE') && l.includes('NAME'));
      return { from: header + 1, to: all.length - 2 };
    };
    const column = () => scrollColumn(app!.frame(), 100, list().from, list().to);
    expect(column()).toMatch(/^#\.+$/);

    await app.press('end');
    expect(app.stores.discovery.getState().cursor).toBe(2212);
    expect(app.frame()).toContain('row 2,213 of 2,213');
    expect(column()).toMatch(/^\.+#$/);
    await app.press('home');
    expect(app.stores.discovery.getState().cursor).toBe(0);
    expect(column()).toMatch(/^#\.+$/);
    await app.press('G');
    expect(app.frame()).toContain('row 2,213 of 2,213');
    await app.press('g');
    expect(app.frame()).toContain('row 1 of 2,213');
    for (let i = 0; i < 34; i++) await app.press('j');
    expect(app.frame()).toContain('row 35 of 2,213');
    expect(column()).toMatch(/^\.#\.+$/);
  });

  it('no line is wider than the terminal, the scrollbar at its right edge, at every size', async () => {
    for (const [cols, rows] of [
      [60, 15],
      [70, 20],
      [80, 24],
      [120, 40],
      [200, 60],
    ] as const) {
      app = await renderApp({ cols, rows, wrapClient: manyPlaces(500) });
      await app.waitFor('500 places with providers');
      await app.press('G');
      const frame = app.frame();
      for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(cols);
      const marked = frame.split('\n').filter((l) => l.length === cols && /[│█]$/.test(l));
      expect(marked.length).toBeGreaterThan(3);
      expect(frame).toMatch(/›.*City 00499/);
      await app.unmount();
      app = undefined;
    }
  });
});

describe('Providers and My providers', () => {
  it('Providers: position in the counters, End/Home, a scrollbar once there are more rows than fit', async () => {
    app = await renderApp({ cols: 100, rows: 20 });
    await app.waitFor('places with providers');
    const places = await app.client.providerLocations();
    const big = places.locations!.find((l) => (l.provider_count ?? 0) >= 40)!;
    await app.press('2');
    await app.stores.providers
      .getState()
      .choose([{ label: big.name!, kind: 'country', spec: { location_id: big.location_id! } }]);
    await app.waitFor('row 1 of 10 seen');
    await app.press('n');
    await app.waitFor('row 1 of 20 seen');
    await app.press('end');
    expect(app.frame()).toContain('row 20 of 20 seen');
    expect(app.stores.providers.getState().cursor).toBe(19);
    await app.press('g');
    expect(app.frame()).toContain('row 1 of 20 seen');
    const frame = app.frame();
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    expect(frame.split('\n').filter((l) => /[│█]$/.test(l)).length).toBeGreaterThan(5);
    // The rows end before the scrollbar: no row is cut with an ellipsis.
    expect(frame).not.toMatch(/…[│█]$/m);
  });

  it('My providers: the position in the summary line follows End/Home', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'myProviders' });
    await app.waitFor('row 1 of 10');
    await app.press('end');
    expect(app.frame()).toContain('row 10 of 10');
    await app.press('home');
    expect(app.frame()).toContain('row 1 of 10');
  });

  it('My providers at 60x15: more rows than fit get a scrollbar, header and totals line up, nothing wider', async () => {
    app = await renderApp({ cols: 60, rows: 15, pane: 'myProviders' });
    await app.waitFor('Σ');
    await app.press('G');
    const frame = app.frame();
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(frame.split('\n').some((l) => /[│█]$/.test(l))).toBe(true);
  });
});

describe('Devices and Account', () => {
  it('Devices: the position leads the status line and follows End/Home', async () => {
    app = await renderApp({ pane: 'devices' });
    await app.waitFor(/row 1 of \d+ · \d+ associations/);
    const count = Number(app.frame().match(/row 1 of (\d+)/)![1]);
    await app.press('end');
    expect(app.frame()).toContain(`row ${count} of ${count}`);
    await app.press('g');
    expect(app.frame()).toContain(`row 1 of ${count}`);
  });

  it('Account: the position beside the wallets’ title', async () => {
    app = await renderApp({ pane: 'account' });
    await app.waitFor('Wallets (3) · row 1 of 3');
    await app.press('G');
    expect(app.frame()).toContain('Wallets (3) · row 3 of 3');
    await app.press('home');
    expect(app.frame()).toContain('Wallets (3) · row 1 of 3');
  });
});
