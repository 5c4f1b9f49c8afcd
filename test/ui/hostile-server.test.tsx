// The console against answers a hostile or broken server sends: times beyond a Date's
// range, a megabyte-long field, an answer that drips forever. The console draws them (or
// "unknown"), stays responsive, and says the server is not answering.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { startStores } from '../../src/store/index.ts';
import { timed } from '../bench-figures.ts';
import { answering, neverClient, withOverrides } from './fakes.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
let server: Server | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe('the console on hostile answers', () => {
  it('draws the Network pane when the stats were computed at a time no Date can hold', async () => {
    const stats = {
      lookback: 90,
      created_time: 8.64e15 + 1,
      all_transfer_data: { '2026-01-01': 10, '2026-01-02': 12 },
      providers_summary: 12,
    };
    app = await renderApp({ pane: 'network', client: answering('networkStats', stats) });
    // A per-day series: is its last day the one the figures were computed on (still running)?
    app.stores.network.getState().selectSeries('all_transfer_data');
    await app.waitFor('transfer per day');
    expect(app.frame().split('\n')[1]).toMatch(/^1 Discover/);
    expect(app.frame()).not.toContain('Invalid time value');
    expect(app.frame()).toContain('last 90 days');
  });

  it('draws a wallet id a megabyte long at once, cut to the screen', async () => {
    const wallet = `${'w'.repeat(1_000_000)}\u001b]0;x\u0007`;
    const client = answering(
      'accountWallets',
      { wallets: [{ wallet_id: wallet, blockchain: 'SOL', wallet_address: wallet }] },
      answering('getPayoutWallet', { wallet_id: wallet }),
    );
    app = await renderApp({ pane: 'account', client });
    await timed('console: a wallet id a megabyte long drawn', 2_000, () => app!.waitFor('www', 15_000));
    for (const line of app.frame().split('\n')) expect(line.length).toBeLessThanOrEqual(120);
  });

  it('leaves "connecting…" for a retry state when the server drips its answer forever', async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dripping = createClient({ baseUrl: url, retries: 0, deadlineMs: 500, bodyTimeoutMs: 30_000 });
    // The stores start after the first frame: the answer's half second runs from the
    // request, and on a busy machine it ran out before a first frame drawn after it.
    app = await renderApp({
      client: withOverrides(neverClient(), { providerLocations: () => dripping.providerLocations() }),
      start: false,
    });
    expect(app.frame()).toContain('connecting…');
    void startStores(app.stores);
    await app.waitFor(/retrying in|offline/, 5_000);
    expect(app.frame()).toContain('no complete answer within 0.5 s');
    await dripping.close();
  });
});
