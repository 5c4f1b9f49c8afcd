import { describe, expect, it } from 'vitest';
import type { ProviderStats } from '../../../../src/contract/schemas.ts';
import { MY_PROVIDERS_SORT_COLUMNS } from '../../../../src/store/my-providers.ts';
import { ASCII_GLYPHS, UNICODE_GLYPHS } from '../../../../src/ui/glyphs.ts';
import { eventLines, timelineAxis } from '../../../../src/ui/panes/my-providers/provider-detail-lines.ts';
import {
  fitNumber,
  headerCells,
  joinCells,
  layoutProviderColumns,
  providerCells,
  tableWidth,
  totalsCells,
} from '../../../../src/ui/panes/my-providers/provider-table.ts';
import { displayWidth } from '../../../../src/ui/text.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const A = {
  client_id: '3f2a9c1e-1111-4222-8333-444455556666',
  connected: true,
  connected_events_last_24h: [{ event_time: '2025-12-31T12:00:00Z', connected: true }],
  uptime_last_24h: 12,
  transfer_data_last_24h: 3.456,
  payout_last_24h: 0.17281,
  search_interest_last_24h: 1234,
  contracts_last_24h: 5,
  clients_last_24h: 3,
  provide_mode: 3,
  device_name: "Ada's laptop",
} as ProviderStats;
const B = { client_id: 'b0b0b0b0-1111-4222-8333-444455556666', uptime_last_24h: 6 } as ProviderStats;
const ctx = { now: NOW, changed: () => false, clean: (s: string) => s };
/** The columns that stay at 70 columns; wider ones add the counts and the mode. */
const NARROW_KEYS = ['state', 'id', 'name', 'uptime', 'timeline', 'transfer', 'payout'];

describe('My providers table layout', () => {
  it('shows every column with the device names and an hourly timeline at 120 columns, 30-minute cells at 140', () => {
    const at120 = layoutProviderColumns(118);
    expect(at120.find((c) => c.key === 'timeline')).toMatchObject({
      width: 24,
      header: 'LAST 24 H, 1 H A CELL',
    });
    // The counts' columns keep a cell for the sort mark: the names get what is left.
    expect(at120.find((c) => c.key === 'name')?.width).toBe(21);
    expect(tableWidth(at120)).toBe(118);
    const columns = layoutProviderColumns(138);
    expect(columns.map((c) => c.key)).toEqual([...NARROW_KEYS, 'search', 'contracts', 'clients', 'mode']);
    expect(columns.find((c) => c.key === 'timeline')?.width).toBe(48);
    expect(tableWidth(columns)).toBeLessThanOrEqual(138);
  });

  it('keeps id, name, uptime, a timeline of 2 h a cell, transfer and payout at 70 columns', () => {
    const columns = layoutProviderColumns(68);
    expect(columns.map((c) => c.key)).toEqual(NARROW_KEYS);
    expect(columns.find((c) => c.key === 'timeline')).toMatchObject({ width: 12, header: '24 H BY 2 H' });
    expect(tableWidth(columns)).toBeLessThanOrEqual(68);
  });

  it('shows full client ids on a wide screen', () => {
    expect(layoutProviderColumns(200).find((c) => c.key === 'id')?.width).toBe(36);
  });

  it('heads every column in capitals, with `stats providers`’ own headers where there is room for them', () => {
    const header = (width: number) =>
      joinCells(headerCells(layoutProviderColumns(width), undefined, UNICODE_GLYPHS));
    for (const width of [58, 78, 118, 138, 200])
      expect(header(width).replaceAll('GiB', '').replaceAll('USD', ''), `at ${width}`).toBe(
        header(width).replaceAll('GiB', '').replaceAll('USD', '').toUpperCase(),
      );
    // Room to spare: the command's words (units keep their case).
    expect(header(200)).toMatch(
      /^ {2}CLIENT ID +DEVICE +UP NOW +LAST 24 H, 30 MIN A CELL +TRANSFER GiB {2}PAYOUT USD {2}SEARCHES {2}CONTRACTS {2}CLIENTS MODE +$/,
    );
    // None: the short ones, and the table as wide as before.
    expect(header(118)).toMatch(/ GiB {5}USD {2}SEARCH {2}CONTR {2}CLIENTS MODE +$/);
    expect(tableWidth(layoutProviderColumns(118))).toBe(118);
    // The stale view's timeline column.
    expect(joinCells(headerCells(layoutProviderColumns(118), undefined, UNICODE_GLYPHS, true))).toContain(
      'LAST SEEN',
    );
  });
});

describe('My providers rows', () => {
  const columns = layoutProviderColumns(138);

  it('marks the sorted column beside its whole label at every width, the name and connected sorts too', () => {
    for (const width of [160, 138, 120, 100, 80, 67, 60]) {
      const laid = layoutProviderColumns(width);
      for (const column of MY_PROVIDERS_SORT_COLUMNS) {
        const at = laid.findIndex((c) => c.sort === column);
        if (at < 0) continue;
        for (const [glyphs, mark] of [
          [UNICODE_GLYPHS, '▼'],
          [ASCII_GLYPHS, ASCII_GLYPHS.descending],
        ] as const) {
          const cell = headerCells(laid, { column, descending: true }, glyphs)[at].text;
          const label = laid[at].header.trim();
          expect(cell.length, `${column} at ${width}`).toBe(laid[at].width);
          // The state column is one cell: the mark alone; every other keeps its label whole.
          expect(cell.trim(), `${column} at ${width}`).toBe(
            label ? (laid[at].align === 'right' ? `${mark}${label}` : `${label}${mark}`) : mark,
          );
        }
      }
    }
    expect(layoutProviderColumns(138).find((c) => c.key === 'name')?.sort).toBe('name');
  });

  it('writes a provider with its device name, units in the header, its bar and its timeline', () => {
    expect(joinCells(headerCells(columns, { column: 'uptime', descending: true }, UNICODE_GLYPHS))).toMatch(
      /^ {2}CLIENT {3}DEVICE {10}UP NOW▼ +LAST 24 H, 30 MIN A CELL +GiB +USD {2}SEARCH {2}CONTR {2}CLIENTS MODE +$/,
    );
    const line = joinCells(providerCells(A, columns, ctx));
    expect(line).toBe(
      `● 3f2a9c1e Ada's laptop    12.0h ███░░░ ${'·'.repeat(24)}${'█'.repeat(24)}     3.46  0.1728   1,234      5        3 public  `,
    );
    // A provider /network/clients does not name shows a dash.
    expect(
      providerCells(B, columns, ctx)
        .find((c) => c.key === 'name')
        ?.text.trim(),
    ).toBe('–');
  });

  it('marks a changed figure and shows a disconnected provider with an empty state', () => {
    const cells = providerCells(B, columns, { ...ctx, changed: (f) => f === 'uptime_last_24h' });
    expect(cells.find((c) => c.key === 'uptime')).toMatchObject({ text: ' 6.0h █▌░░░░', changed: true });
    expect(cells.find((c) => c.key === 'transfer')).toMatchObject({ changed: false });
    expect(cells[0]).toMatchObject({ text: '○', tone: 'off' });
    // No provide_mode sent (today's service never sends it): unknown, not "none".
    expect(cells.find((c) => c.key === 'mode')?.text.trim()).toBe('unknown');
  });

  it('sums the figures in the totals row and averages uptime', () => {
    const line = joinCells(totalsCells([A, B], columns));
    expect(line).toMatch(/^Σ total {20} 9\.0h ██▎░░░ 1\/2 connected now +3\.46 +0\.1728 +1,234 +5 +3 +$/);
  });

  it('drops decimals before overflowing a column', () => {
    expect(fitNumber(0.17281, 7, 4)).toBe('0.1728');
    expect(fitNumber(123.45678, 7, 4)).toBe('123.457');
    expect(fitNumber(123456.7, 7, 2)).toBe('123,457');
  });
});

describe('provider detail', () => {
  it('marks the hours under the 48-cell timeline and lists events newest first', () => {
    expect(timelineAxis()).toBe(
      `-24h${' '.repeat(8)}-18h${' '.repeat(8)}-12h${' '.repeat(8)}-6h${' '.repeat(6)}now`,
    );
    const p = {
      connected_events_last_24h: [
        { event_time: '2025-12-31T12:00:00Z', connected: true },
        { event_time: '2025-12-31T18:30:00Z' },
      ],
    } as ProviderStats;
    expect(eventLines(p, NOW)).toEqual([
      '2025-12-31 18:30:00  disconnected  5 h 30 min ago',
      '2025-12-31 12:00:00  connected     12 h ago',
    ]);
  });
});

describe('issue 28: the table measures, totals and gives way as a person reads it', () => {
  it('a wide-character name takes its display width: the row keeps its columns', () => {
    const columns = layoutProviderColumns(138);
    const wide = { ...A, device_name: '客厅盒子' } as ProviderStats;
    const cells = providerCells(wide, columns, ctx);
    expect(displayWidth(joinCells(cells))).toBe(tableWidth(columns));
    expect(cells.find((c) => c.key === 'mode')?.text.trim()).toBe('public');
    // The name's cell is its width in cells, not in characters.
    expect(displayWidth(cells.find((c) => c.key === 'name')!.text)).toBe(
      columns.find((c) => c.key === 'name')!.width,
    );
  });

  it('the totals of 1 000 providers fit: every figure whole, the connected count with its separator', () => {
    const many = Array.from(
      { length: 1000 },
      (_, i) =>
        ({
          ...A,
          client_id: `${i}`,
          connected: i < 867,
          transfer_data_last_24h: 1.3045,
          payout_last_24h: 51.4321,
          search_interest_last_24h: 1234,
        }) as ProviderStats,
    );
    for (const width of [118, 138, 160]) {
      const columns = layoutProviderColumns(width, many);
      const line = joinCells(totalsCells(many, columns));
      expect(line).not.toContain('…');
      expect(tableWidth(columns)).toBeLessThanOrEqual(width);
      if (columns.some((c) => c.key === 'transfer')) expect(line).toContain('1,304.50');
      if (columns.some((c) => c.key === 'payout')) expect(line).toContain('51,432.1000');
      if (columns.some((c) => c.key === 'timeline')) expect(line).toContain('867/1,000 connected now');
    }
  });

  it('the timeline narrows, then goes, before a device name is cut (73x19 cut names to 13 characters)', () => {
    const names = ["Dannie's smartphone", "Theresa's tablet", "Jeremie's laptop", "Elise's mini pc"];
    const rows = names.map((device_name, i) => ({ ...A, client_id: `${i}`, device_name }) as ProviderStats);
    for (const width of [72, 66, 60]) {
      const columns = layoutProviderColumns(width, rows);
      expect(tableWidth(columns)).toBeLessThanOrEqual(width);
      for (const p of rows)
        expect(
          providerCells(p, columns, ctx)
            .find((c) => c.key === 'name')
            ?.text.trim(),
          `at ${width}`,
        ).toBe(p.device_name);
      // Narrower than an hour a cell at 72: two hours a cell; none at 60.
      expect(columns.find((c) => c.key === 'timeline')?.width ?? 0, `at ${width}`).toBeLessThan(24);
    }
    // The timeline of 2 h a cell: each cell the pair of hours it stands for.
    const columns = layoutProviderColumns(72, rows);
    expect(providerCells(A, columns, ctx).find((c) => c.key === 'timeline')?.text).toBe(
      `${'·'.repeat(6)}${'█'.repeat(6)}`,
    );
  });

  it('the totals do not depend on the order of the rows (a sum once read 10.9h one way, 10.8h the other)', () => {
    // 13.72 + 13.59 + 5.24 adds up to 32.550000000000004 in this order and 32.55 reversed.
    const rows = [13.72, 13.59, 5.24].map((uptime_last_24h, i) => ({
      ...A,
      client_id: `${i}`,
      uptime_last_24h,
    }));
    const columns = layoutProviderColumns(138, rows);
    const uptime = (order: ProviderStats[]) =>
      totalsCells(order, columns).find((c) => c.key === 'uptime')?.text;
    expect(uptime(rows)).toBe(uptime([...rows].reverse()));
    expect(uptime([rows[1], rows[2], rows[0]])).toBe(uptime(rows));
  });

  it('the device name is the last column to go: kept from 60 columns up', () => {
    for (let width = 58; width <= 200; width++) {
      const name = layoutProviderColumns(width).find((c) => c.key === 'name');
      expect(name?.width, `at ${width} columns`).toBeGreaterThanOrEqual(8);
    }
    // 67 columns (66 beside the scrollbar): the name, not the payout.
    const at66 = layoutProviderColumns(66);
    expect(at66.find((c) => c.key === 'name')?.width).toBeGreaterThanOrEqual(12);
    expect(tableWidth(at66)).toBeLessThanOrEqual(66);
  });
});
