// `e` in Providers, My providers and Earnings: a dialog asks where and in what format (CSV, as the
// commands' --csv writes it, or JSON Lines), writes a new private file of the rows shown
// and says where; a file already there is never written over.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shownPayments } from '../../src/store/earnings.ts';
import { visibleProviders } from '../../src/store/my-providers.ts';
import { visibleSeen } from '../../src/store/providers.ts';
import { linesOf, run } from '../cli/harness.ts';
import { footerOf, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'netdeck-export-'));
});
afterEach(async () => {
  await app?.unmount();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const PROVIDER_COLUMNS =
  'client_id,device_name,connected,uptime_hours,transfer_gib,payout_usd,searches,contracts,clients,provide_mode';
const SAMPLED_COLUMNS = 'client_id,tier,speed_bytes_per_second,city,region,country_code';
const PAYOUT_COLUMNS =
  'payment_id,planned_at,amount_usd,sent_usd,bytes,points,wallet_address,wallet_id,blockchain,state,submitted_at,completed_at,tx_hash';

describe('the columns of an export', () => {
  it('are those of the commands’ --csv: `providers`, `stats providers` and `payments`', async () => {
    const header = async (argv: string[]) => linesOf((await run([...argv, '--csv', '--quiet'])).stdout)[0];
    expect(await header(['providers', '--best'])).toBe(SAMPLED_COLUMNS);
    expect(await header(['stats', 'providers'])).toBe(PROVIDER_COLUMNS);
    expect(await header(['payments'])).toBe(PAYOUT_COLUMNS);
  });
});

describe('export from My providers', () => {
  it('asks a path and a format, writes the providers shown as CSV, says where; JSON Lines into a folder', async () => {
    app = await renderApp({ pane: 'myProviders', exportDir: dir });
    const { waitFor, press, type, frame, stores } = app;
    await waitFor('Σ total');
    // The filter narrows what is written: the rows shown, in their order.
    await press('/');
    await type('pi');
    await press('enter');
    const shown = visibleProviders(stores.myProviders.getState());
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(stores.myProviders.getState().data?.providers?.length ?? 0);
    await press('e');
    await waitFor('Export the providers shown');
    expect(frame()).toMatch(/Format: +CSV +JSON Lines/);
    const file = join(dir, 'mine.csv');
    await type(file);
    await press('enter');
    await waitFor(`wrote ${shown.length} provider`);
    expect(frame().replace(/\s*│\s*/g, ' ')).toContain(`to ${file} (CSV)`);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(PROVIDER_COLUMNS);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(shown.map((p) => p.client_id));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await press('enter');
    await waitFor('Σ total');

    // Again, as JSON Lines into the folder: a new file named for the time.
    await press('e', 'down');
    await press('ctrl-u');
    await type(dir);
    await press('enter');
    await waitFor('(JSON Lines)');
    const made = readdirSync(dir).find((name) => name.endsWith('.jsonl')) ?? '';
    expect(made).toMatch(/^netdeck-my-providers-20260101-000000-[\w-]{12}\.jsonl$/);
    const records = readFileSync(join(dir, made), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.map((r) => r.client_id)).toEqual(shown.map((p) => p.client_id));
    expect(Object.keys(records[0])).toEqual(
      PROVIDER_COLUMNS.split(',').filter((c) => records[0][c] !== undefined),
    );
  });

  it('never writes over a file: says so and writes nothing', async () => {
    app = await renderApp({ pane: 'myProviders', exportDir: dir });
    const { waitFor, press, type } = app;
    await waitFor('Σ total');
    const there = join(dir, 'there.csv');
    writeFileSync(there, 'mine\n');
    await press('e');
    await type(there);
    await press('enter');
    await waitFor('is there already');
    expect(readFileSync(there, 'utf8')).toBe('mine\n');
    // A folder that is not there: the reason, not a stack trace.
    await press('ctrl-u');
    await type(join(dir, 'nowhere', 'x.csv'));
    await press('enter');
    await waitFor('could not write');
  });

  it('e says why it cannot act where the table is not shown', async () => {
    app = await renderApp({ pane: 'myProviders', exportDir: dir });
    await app.waitFor('Σ total');
    await app.press('enter', 'e');
    expect(footerOf(app.frame())).toBe(
      'e exports the 24-hour table, which is not shown here (esc goes back to it)',
    );
    expect(app.stores.session.getState().dialogs).toEqual([]);
  });
});

describe('export from Providers', () => {
  it('writes the providers shown (the filter narrows them) as `netdeck providers --csv` does', async () => {
    app = await renderApp({ exportDir: dir });
    const { waitFor, press, type, stores } = app;
    await waitFor('places with providers');
    await press('enter');
    await waitFor(/\d+ seen/);
    const seen = stores.providers.getState().seen;
    const kept = seen[0].client_id?.slice(0, 6) ?? '';
    await press('/');
    await type(kept);
    await press('enter');
    const shown = visibleSeen(stores.providers.getState());
    expect(shown.length).toBeLessThan(seen.length);
    await press('e');
    await waitFor('Export the providers shown');
    await press('enter');
    await waitFor(`wrote ${shown.length} provider`);
    const made = readdirSync(dir).find((name) => name.endsWith('.csv')) ?? '';
    expect(made).toMatch(/^netdeck-providers-20260101-000000-[\w-]{12}\.csv$/);
    const lines = readFileSync(join(dir, made), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(SAMPLED_COLUMNS);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(shown.map((p) => p.client_id));
  });

  it('e with nothing seen opens nothing and says what to do', async () => {
    app = await renderApp({ exportDir: dir });
    await app.waitFor('places with providers');
    await app.press('2', 'e');
    expect(footerOf(app.frame())).toBe(
      'nothing to export yet: mark places in Discover and send them here (p)',
    );
    expect(app.stores.session.getState().dialogs).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('export from Earnings', () => {
  it('writes the payouts shown as the payments command’s CSV does', async () => {
    app = await renderApp({ pane: 'earnings', exportDir: dir });
    const { waitFor, press, type, stores } = app;
    await waitFor('Transfer');
    await press('e');
    await waitFor('Export the payouts shown');
    await type(dir);
    await press('enter');
    const payouts = shownPayments(stores.earnings.getState());
    await waitFor(`wrote ${payouts.length} payouts`);
    const made = readdirSync(dir).find((name) => name.endsWith('.csv')) ?? '';
    expect(made).toMatch(/^netdeck-payouts-20260101-000000-[\w-]{12}\.csv$/);
    const lines = readFileSync(join(dir, made), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(PAYOUT_COLUMNS);
    expect(lines).toHaveLength(payouts.length + 1);
    expect(lines[1].split(',').slice(0, 2)).toEqual([
      payouts[0].payment_id,
      new Date(payouts[0].create_time ?? '').toISOString(),
    ]);
  });
});
