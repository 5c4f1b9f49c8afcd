// The Account pane (6) on the whole app against the simulator: its states, the wallet
// dialog (valid, malformed, not owned) and the feedback form (the simulator receives
// exactly the flags chosen).
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { FEEDBACK_NEEDS } from '../../src/contract/schemas.ts';
import { startStores } from '../../src/store/index.ts';
import { lateClient, neverClient } from './fakes.ts';
import { BALANCE_LOADED, type Rendered, type RenderOptions, renderApp } from './render.tsx';

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
  it('data: the wallet list with chain and address, the payout wallet marked', async () => {
    const { waitFor, frame } = await open();
    const current = walletOf(app!) ?? '';
    await waitFor(current);
    await waitFor(BALANCE_LOADED);
    expect(frame()).toContain(`Payout wallet: ${current}`);
    expect(frame()).toContain('Wallets (3)');
    expect(frame()).toMatch(/› ★ payout {2}SOL {6}\S{32,44}/);
    expect(frame()).toMatch(/ {12}MATIC {4}\S{32,44}/);
    expect(frame()).toMatch(/ {12}TAO {6}5\S{46}/);
    expect(frame()).toMatchSnapshot();
  });

  it('from 112 columns each wallet id stands in a column of its own, under ID, wherever its address ends', async () => {
    const { waitFor, frame, stores } = await open({ cols: 120 });
    await waitFor('Wallets (3)');
    const lines = frame().split('\n');
    const header = lines.find((line) => /CHAIN +ADDRESS +ID$/.test(line)) ?? '';
    expect(header).not.toBe('');
    const wallets = stores.account.getState().data?.wallets ?? [];
    // The TAO address is longer than the others: the ids stand in one column all the same.
    expect(new Set(wallets.map((w) => w.wallet_address?.length)).size).toBeGreaterThan(1);
    for (const wallet of wallets) {
      const line = lines.find((l) => l.includes(wallet.wallet_address ?? '?')) ?? '';
      expect(line.indexOf(wallet.wallet_id ?? '?'), line).toBe(header.indexOf('ID'));
    }
  });

  it('loading: a spinner', async () => {
    const { frame } = await open({ client: silentClient });
    expect(frame()).toContain('loading the wallets…');
    expect(frame()).toMatchSnapshot();
  });

  it('empty: "No payout wallet set" for a network without one', async () => {
    const { client, attach } = lateClient();
    const { waitFor, frame, sim, stores } = await open({ client, start: false });
    attach(createClient({ baseUrl: sim.url, token: sim.admin.token('new-net').token, retries: 0 }));
    void startStores(stores);
    await waitFor('No payout wallet set');
    await app!.loaded();
    expect(frame()).toMatchSnapshot();
  });

  it('error: the failure in the pane', async () => {
    const { waitFor, frame, sim, stores } = await open({ start: false });
    sim.admin.setFaults({ error_rate: 1, status: 500 });
    void startStores(stores);
    await waitFor('✗ wallets: HTTP 500');
    expect(frame()).toMatchSnapshot();
  });

  it('without a token: what is missing and how to give it', async () => {
    const { waitFor, frame, press } = await open({ client: createClient({ baseUrl: 'http://127.0.0.1:9' }) });
    await waitFor('none was given');
    expect(frame()).toContain("✗ The account's wallets need your network's token, and none was given.");
    expect(frame()).toContain('Press L to log in with an auth code');
    expect(frame()).toContain('NETDECK_TOKEN_FILE=<path>');
    await press('f');
    await press('shift-tab', 'enter');
    // Nothing ticked: refused before anything is sent.
    await waitFor('Nothing to send: tick a use or a need');
    await press('tab', 'space', 'shift-tab', 'enter');
    await waitFor("Sending feedback needs your network's token");
    expect(frame()).toContain('--token-file <path>');
  });
});

describe('payout wallet dialog', () => {
  it('says the payout wallet is unknown while the account has not loaded (not "none set")', async () => {
    const { waitFor, frame, press } = await open({ client: neverClient() });
    await press('w');
    await waitFor('Set the payout wallet');
    expect(frame()).toContain('Now: unknown (not loaded yet)');
    expect(frame()).not.toContain('none set');
  });

  it('lists the wallets by chain and address (TAO apart), and asks the question enter asks', async () => {
    const { waitFor, frame, press } = await open();
    const before = walletOf(app!);
    await waitFor('Payout wallet');
    await press('w');
    expect(frame()).toContain("The account's wallets, ↑/↓ puts one in the box:");
    expect(frame()).toContain('Not listed: TAO (Bittensor wallets cannot be the payout wallet)');
    expect(frame()).toMatchSnapshot('wallet dialog');
    const wallets = (app!.stores.account.getState().data?.wallets ?? []).filter(
      (w) => w.blockchain !== 'TAO',
    );
    for (const w of wallets) expect(frame()).toMatch(new RegExp(`${w.blockchain} +${w.wallet_address}`));
    const index = wallets.findIndex((w) => w.wallet_id !== before);
    const id = wallets[index].wallet_id!;
    await press(...Array.from({ length: index + 1 }, () => 'down'), 'enter');
    await waitFor('Make it the payout wallet?');
    expect(frame()).toContain(`Wallet ${id}`);
    expect(walletOf(app!)).toBe(before);
    await press('y');
    await waitFor(`✓ Payout wallet set to ${id}.`);
    await press('esc');
    await waitFor(`Payout wallet: ${id}`);
    expect(walletOf(app!)).toBe(id);
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

  it('the id field has a cursor: ←/→, Home/End, typing and delete at it; ←/→ stay in the field', async () => {
    const { waitFor, frame, press, type, stores } = await open();
    await waitFor('Payout wallet');
    await press('w');
    await type('1111-3333');
    await press('left', 'left', 'left', 'left');
    await type('2222-');
    expect(frame()).toContain('Wallet: 1111-2222-3333');
    await press('home', 'delete', 'end', 'backspace');
    expect(stores.account.getState().wallet.input).toBe('111-2222-333');
    await press('ctrl-a');
    await type('9');
    expect(frame()).toContain('Wallet: 9111-2222-333');
    expect(stores.session.getState().dialogs.at(-1)).toBe('wallet');
  });

  it('shows the service’s answer for a wallet the network does not own', async () => {
    const { waitFor, frame, press, type } = await open({ sim: { era: 'current' } });
    const before = walletOf(app!);
    await waitFor('Payout wallet');
    await press('w');
    await type('11111111-2222-4333-8444-555555555555');
    await press('enter');
    await waitFor('Make it the payout wallet?');
    await press('y');
    await waitFor('✗ Wallet must be an active wallet owned by the network.');
    expect(frame()).toMatchSnapshot('wallet dialog, not owned');
    expect(walletOf(app!)).toBe(before);
  });
});

describe('feedback form', () => {
  it('↑/↓ move to the box above or below as they stand in columns, ←/→ along the row', async () => {
    const { waitFor, frame, press } = await open();
    await waitFor('Payout wallet');
    await press('f');
    const focused = () => (frame().match(/›(?:\[[ x]\] )?([\w ]+?)(?: {2,}|\s*│)/) ?? [])[1];
    expect(focused()).toBe('personal');
    await press('down');
    expect(focused()).toBe('private'); // the needs' first column
    await press('down');
    expect(focused()).toBe('collaborate');
    await press('right');
    expect(focused()).toBe('app control');
    await press('up');
    expect(focused()).toBe('safe');
    await press('up');
    expect(focused()).toBe('business');
    await press('up'); // around: the last row
    expect(frame()).toContain('›[ Send ]');
    await press('up');
    expect(frame()).toContain('›Other:');
  });

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
    await press('tab', 'enter'); // block ads: enter ticks a box too
    await press('shift-tab', 'space', 'space'); // block data brokers off and on again
    expect(frame()).toContain('[x] personal');
    expect(frame()).toContain('[x] private');
    expect(frame()).toContain('›[x] block data brokers');
    await press(...Array.from({ length: 9 }, () => 'tab')); // to Other
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

describe('the wallet list', () => {
  it('enter makes the selected wallet the payout wallet after a y/n question', async () => {
    const { waitFor, frame, press } = await open({ sim: { era: 'current' } });
    await waitFor('Wallets (3)');
    await press('j', 'enter');
    await waitFor('Make it the payout wallet?');
    const matic = app!.stores.account.getState().question?.walletId ?? '';
    expect(frame()).toContain(`Wallet ${matic}`);
    expect(frame()).toMatchSnapshot('payout question');
    await press('y');
    await waitFor(`✓ Payout wallet set to ${matic}.`);
    await press('enter');
    await waitFor(`Payout wallet: ${matic}`);
    expect(frame()).toMatch(/› ★ payout {2}MATIC/);
    expect(walletOf(app!)).toBe(matic);
    // The TAO wallet is refused before any question, with the service's words.
    await press('j', 'enter');
    await waitFor('Bittensor wallets cannot be the payout wallet. This one is a TAO wallet');
    expect(app!.stores.session.getState().dialogs).toEqual([]);
    expect(walletOf(app!)).toBe(matic);
  });

  it('a adds a wallet after checking the address as the service does; x removes one after a question', async () => {
    const { waitFor, frame, press, type } = await open({ sim: { era: 'current' } });
    await waitFor('Wallets (3)');
    await press('a');
    await waitFor('Add a wallet');
    await press('down');
    await type('0x52908400098527886E0F7030069857D2E4169EE7');
    await press('enter');
    await waitFor('✗ invalid wallet address: the service takes a Solana address');
    expect(frame()).toMatchSnapshot('add wallet, refused before sending');
    await press('ctrl-u');
    await type('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
    await press('enter');
    await waitFor(/✓ Wallet [0-9a-f-]{36} added\./);
    await press('enter');
    await waitFor('Wallets (4)');
    expect(frame()).toMatch(/› {11}MATIC {4}7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV/);
    await press('x');
    await waitFor('Remove it?');
    expect(frame()).toMatch(/Remove MATIC\s+7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV/);
    await press('n');
    await waitFor('Wallets (4)');
    await press('x');
    await waitFor('Remove it?');
    await press('y');
    await waitFor(/✓ Wallet [0-9a-f-]{36} removed\./);
    // The list loads again without it: the question keeps its words (the chain and the address).
    await waitFor(() => app!.stores.account.getState().data?.wallets?.length === 3);
    expect(frame()).toMatch(/Remove MATIC 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV/);
    await press('esc');
    await waitFor('Wallets (3)');
    // Gone from the list (the footer's toast says what was done).
    expect(frame().split('\n').slice(0, -1).join('\n')).not.toContain(
      '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    );
  });
});
