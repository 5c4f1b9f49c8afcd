// The Account pane's API keys on the whole app against the simulator: the list (←/→ move
// the cursor between the wallets and the keys), the create dialog (the key shown once, `y`
// copies it, closing forgets it) and removing one after a y/n question.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { osc52 } from '../../src/ui/clipboard.ts';
import { BALANCE_LOADED, isolateStateFolder, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
const copies = isolateStateFolder('netdeck-api-key-');
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const KEY = /urn_[0-9A-V]{52}/;
/** The frame with the key (random: the simulator's secret is) written as its form. */
const masked = (frame: string) => frame.replace(new RegExp(KEY, 'g'), `urn_${'X'.repeat(52)}`);

describe.each([
  [80, 24],
  [120, 40],
])('Account at %ix%i', (cols, rows) => {
  it('lists the keys: name and when made (the id where wide), never a key; → moves the cursor there', async () => {
    app = await renderApp({ cols, rows, pane: 'account' });
    await app.loaded();
    await app.waitFor('API keys (1)');
    await app.waitFor(BALANCE_LOADED);
    // Each under its header: when made (no "made" before it), and the id where there is room.
    expect(app.frame()).toMatch(/ {4}monitoring {15}2025-12-12 00:00 UTC/);
    const lines = app.frame().split('\n');
    const header = lines.find((line) => /NAME +MADE/.test(line)) ?? '';
    const row = lines.find((line) => line.includes('monitoring')) ?? '';
    expect(row.indexOf('2025-12-12')).toBe(header.indexOf('MADE'));
    const id = app.stores.apiKeys.getState().data?.[0]?.id ?? '?';
    if (cols >= 120) expect(row.indexOf(id)).toBe(header.indexOf('ID'));
    else expect(row).not.toContain(id);
    expect(app.frame()).not.toMatch(/urn_/);
    await app.press('right');
    expect(app.frame()).toContain('API keys (1) · row 1 of 1');
    expect(app.frame()).toMatch(/ {2}› monitoring/);
    expect(app.frame()).not.toMatch(/› ★ payout/);
    expect(app.frame()).toMatchSnapshot('the keys');
    await app.press('right');
    expect(app.frame()).toContain('the cursor is in the API keys (← the wallets)');
    await app.press('left');
    expect(app.frame()).toMatch(/› ★ payout/);
  });

  it('n makes a key: shown once with its warning, y copies it, esc forgets it', async () => {
    app = await renderApp({ cols, rows, pane: 'account' });
    await app.loaded();
    await app.press('n');
    await app.waitFor('Make an API key');
    await app.type('grafana');
    expect(app.frame()).toMatchSnapshot('the name typed');
    await app.press('enter');
    await app.waitFor(KEY);
    const key = app.stores.apiKeys.getState().form.key!;
    expect(app.frame()).toContain(key);
    expect(app.frame()).toContain('It will not be shown again');
    expect(masked(app.frame())).toMatchSnapshot('the key made');
    // The service lists it by name, never by key.
    const listed = await app.client.apiKeys();
    expect(listed.api_keys?.map((k) => k.name)).toContain('grafana');
    expect(JSON.stringify(listed)).not.toContain(key);

    await app.press('y');
    await app.waitFor('Sent to the terminal clipboard (OSC 52)');
    expect(app.frame()).toContain('delete it once the key is stored');
    expect(app.stdout.frames).toContain(osc52(key));
    expect(readFileSync(copies.copyFile, 'utf8').trim()).toBe(key);

    await app.press('esc');
    expect(app.stores.apiKeys.getState().form.key).toBeUndefined();
    await app.waitFor('API keys (2)');
    expect(app.frame()).not.toContain(key);
    // The key works as a token.
    const user = await fetch(`${app.sim.url}/network/user`, { headers: { authorization: `Bearer ${key}` } });
    expect(user.status).toBe(200);
  });

  it('x on a key asks, then removes it: it is refused from then on', async () => {
    app = await renderApp({ cols, rows, pane: 'account' });
    await app.loaded();
    const made = await app.client.createApiKey({ name: 'old-script' });
    await app.press('r');
    await app.waitFor('API keys (2)');
    await app.press('right', 'G', 'x');
    await app.waitFor('Remove an API key');
    expect(app.frame()).toContain(`Remove the API key "old-script" (${made.id})?`);
    expect(app.frame()).toMatchSnapshot('the question');
    await app.press('y');
    await app.waitFor('✓ Removed the API key "old-script"');
    await app.press('esc');
    await app.waitFor('API keys (1)');
    const refused = await fetch(`${app.sim.url}/network/user`, {
      headers: { authorization: `Bearer ${made.api_key}` },
    });
    expect(refused.status).toBe(401);
  });
});

describe('API keys where the service has none, or nothing to act on', () => {
  it('the seed era: the section and the dialog say the service has no API keys', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'account', sim: { era: 'seed' } });
    await app.loaded();
    await app.waitFor('this service has no API keys.');
    await app.press('n');
    await app.type('x');
    await app.press('enter');
    await app.waitFor('✗ this service has no API keys');
  });

  it('a name over 128 characters is refused before it is sent; x with no key says so', async () => {
    app = await renderApp({ cols: 120, rows: 40, pane: 'account' });
    await app.loaded();
    await app.press('right', 'x', 'y');
    await app.waitFor('✓ Removed the API key "monitoring"');
    await app.press('esc');
    await app.waitFor('No API keys yet: n makes one.');
    await app.press('x');
    expect(app.frame()).toContain('no API key here to remove (n makes one)');
    await app.press('n');
    await app.type('x'.repeat(129));
    await app.press('enter');
    await app.waitFor('✗ A name is at most 128 characters.');
  });
});
