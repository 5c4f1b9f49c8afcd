// Issue 34 in the console against the simulator: Discover's P makes a proxy in the place
// under the cursor (the dialog, its choices, the URLs with the token, y copies one), pane 8
// lists the network's proxies in its states (loading, data, empty, error, narrow), draws a
// proxy's WireGuard configuration as a QR code (or says what it needs on a terminal too
// small) and removes one after y/n.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { osc52 } from '../../src/ui/clipboard.ts';
import { neverClient } from './fakes.ts';
import { isolateStateFolder, type Rendered, type RenderOptions, renderApp } from './render.tsx';

let app: Rendered | undefined;
const copies = isolateStateFolder('netdeck-proxies-');
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const TOKEN = /[0-9A-V]{58}/g;
/** The frame without what changes from run to run: the proxies' ports and tokens. */
const steady = (frame: string) =>
  frame.replace(TOKEN, 'T'.repeat(58)).replace(/localhost:\d+/g, 'localhost:PORT');

async function open(options: RenderOptions = {}): Promise<Rendered> {
  app = await renderApp({ cols: 100, rows: 32, ...options });
  return app;
}

/** A proxy made as `proxy create` makes one, described with its place. */
const makeProxy = (rendered: Rendered, wg = true) =>
  rendered.client.authClient({
    description: 'proxy in Germany (DE)',
    proxy_config: { enable_wg: wg, initial_device_state: { country_code: 'de' } },
  });

describe('Discover: P makes a proxy in the place under the cursor', () => {
  it('the dialog: WireGuard and the lock to choose, then the URLs with the token; y copies the HTTP one', async () => {
    const { press, waitFor, frame, stores } = await open({ pane: 'discover' });
    await app!.loaded();
    const place = stores.discovery.getState().rows[0]!;
    await press('P');
    await waitFor(`A proxy in ${place.name}`);
    expect(frame()).toContain('[ ] WireGuard too (w)');
    expect(frame()).toMatchSnapshot('the dialog');
    await press('w', 'enter');
    await waitFor('✓ Made.');
    const made = stores.proxies.getState().form!.made!;
    expect(frame()).toContain(`HTTP    ${made.http!.slice(0, 40)}`);
    expect(frame()).toContain('This is the simulator: traffic leaves from this machine');
    // The URLs wrap in the dialog (their token and ports differ each run): drawn as one placeholder.
    const urls = /│ HTTP {4}http:[\s\S]*?(?=│ This is the simulator)/;
    expect(frame().replace(urls, '│ (the HTTP and SOCKS5 URLs)\n            ')).toMatchSnapshot(
      'the proxy made',
    );
    await press('y');
    await waitFor('Sent to the terminal clipboard (OSC 52)');
    expect(app!.stdout.frames).toContain(osc52(made.http!));
    expect(readFileSync(copies.copyFile, 'utf8').trim()).toBe(made.http);
    // The service made it where it was asked, with WireGuard, and lists it.
    const listed = (await app!.client.networkClients()).clients?.find((c) => c.client_id === made.clientId);
    expect(listed?.device_name).toBe(`proxy in ${stores.proxies.getState().form!.place.text}`);
    expect(listed?.proxy_client?.wg_config?.client_private_key).toBeTruthy();
  });
});

describe('Proxies (8)', () => {
  it('data: place, when made, URLs without the token; narrow: no URLs', async () => {
    const { waitFor, frame, resize } = await open({ pane: 'proxies', cols: 120, rows: 32 });
    await makeProxy(app!);
    await app!.press('r');
    await waitFor('Germany (DE)');
    expect(frame()).toMatch(
      /Germany \(DE\) +2026-01-01 00:00 UTC +http:\/\/localhost:\d+ +socks5h:\/\/localhost:\d+ +yes/,
    );
    expect(frame()).not.toMatch(TOKEN);
    expect(steady(frame())).toMatchSnapshot('data');
    await resize(80, 24);
    await waitFor(() => !/http:\/\//.test(frame()));
    expect(steady(frame())).toMatchSnapshot('narrow');
  });

  it('empty, loading and error say so in the pane', async () => {
    await open({ pane: 'proxies' });
    await app!.waitFor('No hosted proxies yet. In Discover, P on a country, region or city makes one there.');
    expect(app!.frame()).toMatchSnapshot('empty');
    await app!.unmount();
    await open({ pane: 'proxies', client: neverClient() });
    await app!.waitFor("loading the network's proxies…");
    expect(app!.frame()).toMatchSnapshot('loading');
    await app!.unmount();
    // The faults first, then the pane (which loads when shown): its first request fails.
    await open({ pane: 'discover', start: false });
    app!.sim.admin.setFaults({ error_rate: 1, status: 500 });
    await app!.press('8');
    await app!.waitFor('HTTP 500');
    expect(app!.frame()).toMatchSnapshot('error');
  });

  it('Q draws the WireGuard configuration as a QR code; a terminal too small says what it needs', async () => {
    await open({ pane: 'proxies', cols: 120, rows: 40 });
    await makeProxy(app!);
    await app!.press('r');
    await app!.waitFor('Germany (DE)');
    await app!.press('Q');
    await app!.waitFor('WireGuard: the proxy in Germany (DE)');
    // Half blocks, one column a module: a picture, not text.
    expect(
      app!
        .frame()
        .split('\n')

        .filter((line) => (line.match(/[▀▄█]/g)?.length ?? 0) > 10).length,
    ).toBeGreaterThan(15);
    await app!.resize(80, 24);
    await app!.waitFor('The QR code needs a terminal of');
    expect(app!.frame()).toContain(
      'y copies the configuration; netdeck proxy create --wg --wg-out FILE.conf',
    );
    expect(
      app!.frame().replace(/\d+ columns and \d+ rows; this/, 'N columns and N rows; this'),
    ).toMatchSnapshot('too small');
  });

  it('a proxy without WireGuard: Q says why not; x removes it after y/n', async () => {
    await open({ pane: 'proxies' });
    await makeProxy(app!, false);
    await app!.press('r');
    await app!.waitFor('Germany (DE)');
    await app!.press('Q');
    await app!.waitFor('no WireGuard configuration');
    await app!.press('x');
    await app!.waitFor('Remove it?');
    await app!.press('y');
    await app!.waitFor('Removed the proxy in Germany (DE): its URLs stop working.');
    await app!.press('enter');
    await app!.waitFor('No hosted proxies yet');
  });
});
