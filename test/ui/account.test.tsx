// The Account pane (6) on the whole app against the simulator: its states, the wallet
// dialog (valid, malformed, not owned) and the feedback form (the simulator receives
// exactly the flags chosen).
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { FEEDBACK_NEEDS } from '../../src/contract/schemas.ts';
import { startStores } from '../../src/store/index.ts';
import { lateClient, neverClient } from './fakes.ts';
import { type Rendered, type RenderOptions, renderApp } from './render.tsx';

const silentClient = neverClient();

/** The demo network's payout wallet as the simulator holds it. */
const walletOf = ({ sim }: Rendered) =>
  sim.engine.handle('getPayoutWallet', undefined, {
    networkId: sim.engine.demoNetwork.id,
    networkName: sim.engine.demoNetwork.name,
  }).wallet_id;

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

async function open(options: RenderOptions = {}): Promise<Rendered> {
  app = await renderApp({ cols: 100, rows: 32, pane: 'account', ...options });
  return app;
}

describe('Account pane states', () => {
  it('data: the payout wallet id', async () => {
    const { waitFor, frame } = await open();
    const current = walletOf(app!) ?? '';
    await waitFor(current);
    expect(frame()).toContain('Payout wallet');
    expect(frame()).toMatchSnapshot();
  });

  it('loading: a spinner', async () => {
    const { frame } = await open({ client: silentClient });
    expect(frame()).toContain('loading the payout wallet…');
    expect(frame()).toMatchSnapshot();
  });

  it('empty: "none set" for a network without a payout wallet', async () => {
    const { client, attach } = lateClient();
    const { waitFor, frame, sim, stores } = await open({ client, start: false });
    attach(createClient({ baseUrl: sim.url, token: sim.admin.token('new-net').token, retries: 0 }));
    void startStores(stores);
    await waitFor('none set');
    expect(frame()).toMatchSnapshot();
  });

  it('error: the failure in the pane', async () => {
    const { waitFor, frame, sim, stores } = await open({ start: false });
    sim.admin.setFaults({ error_rate: 1, status: 500 });
    void startStores(stores);
    await waitFor('✗ payout wallet: HTTP 500');
    expect(frame()).toMatchSnapshot();
  });

  it('without a token: what is missing and how to give it', async () => {
    const { waitFor, frame, press } = await open({ client: createClient({ baseUrl: 'http://127.0.0.1:9' }) });
    await waitFor('none was given');
    expect(frame()).toContain("✗ The payout wallet needs your network's token, and none was given.");
    expect(frame()).toContain('NETDECK_TOKEN_FILE=<path>');
    await press('f');
    await press('shift-tab', 'enter');
    await waitFor("Sending feedback needs your network's token");
    expect(frame()).toContain('--token-file <path>');
  });
});

describe('payout wallet dialog', () => {
  it('sets one of the account’s wallets picked from the demo list', async () => {
    const { waitFor, frame, press, sim } = await open();
    const before = walletOf(app!);
    await waitFor('Payout wallet');
    await press('w');
    expect(frame()).toContain("The account's wallets (demo simulator)");
    expect(frame()).toMatchSnapshot('wallet dialog');
    const wallets = sim.admin.codes().wallets.map((w) => w.wallet_id);
    const index = wallets.findIndex((id) => id !== before);
    await press(...Array.from({ length: index + 1 }, () => 'down'), 'enter');
    await waitFor(`✓ Payout wallet set to ${wallets[index]}.`);
    await press('esc');
    await waitFor(`✓ Payout wallet set to ${wallets[index]}.`);
    expect(
      frame()
        .split('\n')
        .find((line) => line.trim() === wallets[index]),
    ).toBeDefined();
    expect(walletOf(app!)).toBe(wallets[index]);
  });

  it('refuses a malformed id before sending, keeping the text', async () => {
    const { waitFor, frame, press, type } = await open();
    await waitFor('Payout wallet');
    await press('w');
    await type('my-wallet q');
    await press('enter');
    expect(frame()).toContain('✗ "my-wallet q" is not a wallet id: one is a UUID');
    expect(frame()).toContain('Wallet: my-wallet q');
  });

  it('shows the service’s answer for a wallet the network does not own', async () => {
    const { waitFor, frame, press, type } = await open();
    const before = walletOf(app!);
    await waitFor('Payout wallet');
    await press('w');
    await type('11111111-2222-4333-8444-555555555555');
    await press('enter');
    await waitFor('✗ Wallet must be an active wallet owned by the network.');
    expect(frame()).toMatchSnapshot('wallet dialog, not owned');
    expect(walletOf(app!)).toBe(before);
  });
});

describe('feedback form', () => {
  it('every flag is a checkbox; the simulator receives exactly the flags chosen and the text', async () => {
    const { waitFor, frame, press, type, sim } = await open();
    await waitFor('Payout wallet');
    await press('f');
    for (const need of FEEDBACK_NEEDS) expect(frame()).toContain(`[ ] ${need.replaceAll('_', ' ')}`);
    expect(frame()).toMatchSnapshot('feedback form');
    // Fields in order: personal, business, the 14 needs, Other, Send.
    await press('space'); // personal
    await press('tab', 'tab', 'space'); // private
    await press('tab', 'tab', 'tab', 'tab', 'tab', 'space'); // block data brokers
    await press('down', 'enter'); // block ads: enter ticks a box too
    await press('up', 'space', 'space'); // block data brokers off and on again
    expect(frame()).toContain('[x] personal');
    expect(frame()).toContain('[x] private');
    expect(frame()).toContain('›[x] block data brokers');
    await press(...Array.from({ length: 9 }, () => 'down')); // to Other
    await waitFor('›Other:');
    await type('quiet q mode 1'); // q and 1 are text here, not quit or a pane
    expect(frame()).toContain('Other: quiet q mode 1');
    await press('enter'); // from the text field to Send
    await waitFor('›[ Send ]');
    await press('enter');
    await waitFor('✓ Thank you: your feedback was sent.');
    expect(frame()).toMatchSnapshot('feedback sent');

    const received = sim.engine.world.feedback;
    expect(received).toHaveLength(1);
    const chosen = new Set(['private', 'block_data_brokers', 'block_ads']);
    expect(received[0].body).toEqual({
      uses: { personal: true, business: false },
      needs: {
        ...Object.fromEntries(FEEDBACK_NEEDS.map((n) => [n, chosen.has(n)])),
        other: 'quiet q mode 1',
      },
    });
    await press('enter');
    await waitFor('f opens the form');
  });
});
