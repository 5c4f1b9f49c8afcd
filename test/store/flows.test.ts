// The console's stores against the real simulator (current era) on one ManualClock: the
// Devices actions (confirm a guest, remove, rename an association, rename a device, the
// QR code), the Account wallet list (payout, add with the service's checks, remove),
// the login with an auth code, the device names My providers gets from the clients, the
// places Discover sends to Providers, and what the event log records of the user's actions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type ApiClient, createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import { codeLink } from '../../src/contract/code-link.ts';
import { walletRows } from '../../src/store/account.ts';
import { keyRows } from '../../src/store/api-keys.ts';
import { countryLabel } from '../../src/store/blocked.ts';
import { withClientInfo } from '../../src/store/clients.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { deviceRows, type KeyOfAction, rowRefusal, selectedRow } from '../../src/store/devices.ts';
import { sendChosenToProviders } from '../../src/store/flows.ts';
import { createStores, type Stores, startStores, stopStores } from '../../src/store/index.ts';
import { deviceNameOf } from '../../src/store/my-providers.ts';
import { TEST_WORLD } from '../simulator/integration/harness.ts';

/** The console's default keys, as the refusals name them. */
const DEFAULT_KEYS: KeyOfAction = (action) =>
  ({ confirm: 'c', remove: 'x', rename: 'R', setName: 'N', qr: 'Q', refresh: 'r' })[action];

let sim: Simulator | undefined;
let clock: ManualClock;
let client: ApiClient;
let stores: Stores;
let saved: string[];

async function setup(token: string | undefined) {
  clock = new ManualClock();
  const started = await createSimulator({
    seed: 7,
    era: 'current',
    clock,
    ...TEST_WORLD,
  });
  sim = started;
  client = createClient({
    baseUrl: started.url,
    token: token === 'demo' ? started.token : token,
    retries: 0,
  });
  saved = [];
  stores = createStores(
    { client, clock, connection: createConnectionStore(), saveLogin: (t) => void saved.push(t) },
    { target: { kind: 'api', url: started.url }, token: token === 'demo' ? started.token : undefined },
  );
  await startStores(stores);
}
afterEach(async () => {
  if (!sim) return;
  stopStores(stores);
  await client.close();
  await sim.close();
  sim = undefined;
});

const rows = () => deviceRows(stores.devices.getState(), clock.now(), stores.clients.getState().data);
const d = () => stores.devices.getState();

describe('Devices actions', () => {
  beforeEach(() => setup('demo'));

  it('c: asks share-status who added the code, then confirms that guest on yes', async () => {
    const waiting = rows().find((r) => r.section === 'outgoing' && r.pending && r.networkName)!;
    await d().startConfirm(waiting);
    expect(d().action).toMatchObject({ kind: 'confirm', phase: 'ask', guest: waiting.networkName });
    await d().answer(true);
    expect(d().action).toMatchObject({
      phase: 'done',
      message: `Confirmed: ${waiting.networkName} can use it.`,
    });
    expect(rows().find((r) => r.code === waiting.code)?.pending).toBe(false);
  });

  it('c: refuses a share no guest has added, one confirmed already, an incoming share and an own device', async () => {
    const nobody = rows().find((r) => r.section === 'outgoing' && !r.networkName)!;
    expect(rowRefusal('confirm', nobody, DEFAULT_KEYS)).toMatch(
      /^waiting for a guest: no network has added this code yet/,
    );
    const done = rows().find((r) => r.section === 'outgoing' && !r.pending)!;
    expect(rowRefusal('confirm', done, DEFAULT_KEYS)).toBe(
      `already confirmed: ${done.networkName} can use it`,
    );
    expect(
      rowRefusal(
        'confirm',
        rows().find((r) => r.section === 'incoming'),
        DEFAULT_KEYS,
      ),
    ).toBe('c confirms the guest of a share of this network: this device was shared with this network');
    expect(
      rowRefusal(
        'confirm',
        rows().find((r) => r.section === 'own'),
        DEFAULT_KEYS,
      ),
    ).toMatch(/: this is one of the network's own devices$/);
    // Refused, it starts nothing (no question that would say something false).
    await d().startConfirm(nobody);
    expect(d().action).toBeUndefined();
  });

  it('n to the question changes nothing; x then y removes the association', async () => {
    const share = rows().find((r) => r.section === 'incoming')!;
    d().startRemove(share);
    await d().answer(false);
    expect(d().action).toBeUndefined();
    expect(rows().some((r) => r.code === share.code)).toBe(true);
    d().startRemove(share);
    await d().answer(true);
    expect(d().action).toMatchObject({ phase: 'done', message: 'Removed.' });
    expect(rows().some((r) => r.code === share.code)).toBe(false);
  });

  it('R renames the association for this network; N renames an own device by its device id', async () => {
    const share = rows().find((r) => r.section === 'outgoing')!;
    d().startRename(share);
    expect(d().action).toMatchObject({ kind: 'rename', phase: 'editing', input: share.deviceName });
    d().setActionInput('  front desk ');
    await d().submitAction();
    expect(d().action).toMatchObject({ phase: 'done', message: 'Renamed to "front desk".' });
    expect(rows().find((r) => r.code === share.code)?.deviceName).toBe('front desk');

    const own = rows().find((r) => r.section === 'own')!;
    d().startSetName(own);
    expect(d().action).toMatchObject({ kind: 'setName', deviceId: own.deviceId, input: own.deviceName });
    d().setActionInput('attic router');
    await d().submitAction();
    expect(d().action).toMatchObject({ phase: 'done' });
    expect(rows().find((r) => r.section === 'own' && r.clientId === own.clientId)?.deviceName).toBe(
      'attic router',
    );
    // An empty name is not sent.
    d().startSetName(own);
    d().setActionInput('  ');
    await d().submitAction();
    expect(d().action).toMatchObject({ phase: 'failed', message: 'Type a name.' });
  });

  it('N on another network device says only own devices can be renamed; Q shows the code of a row', () => {
    const incoming = rows().find((r) => r.section === 'incoming');
    expect(rowRefusal('setName', incoming, DEFAULT_KEYS)).toMatch(
      /Only this network's own devices can be renamed/,
    );
    d().startSetName(incoming);
    expect(d().action).toBeUndefined();
    const own = rows().find((r) => r.section === 'own');
    for (const kind of ['remove', 'rename', 'qr'] as const)
      expect(rowRefusal(kind, own, DEFAULT_KEYS)).toBeDefined();
    const share = rows().find((r) => r.code)!;
    d().showQr(share);
    expect(d().action).toMatchObject({ kind: 'qr', code: share.code, phase: 'done' });
    expect(codeLink('a b c d e f')).toBe('https://app.bringyour.com/?add=a+b+c+d+e+f');
  });

  it('lists this network own devices by name after the associations, and selects across them', () => {
    const own = rows().filter((r) => r.section === 'own');
    // 8 devices, and the 2 old clients of devices that came back with a new id.
    expect(own).toHaveLength(10);
    const names = own.map((r) => r.deviceName ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    d().moveTo('bottom');
    expect(selectedRow(rows(), d().selectedKey)?.section).toBe('own');
  });
});

describe('Account wallet list', () => {
  beforeEach(() => setup('demo'));
  const a = () => stores.account.getState();

  it('lists the wallets; enter (ask payout) then y makes the selected one the payout wallet', async () => {
    const { wallets, selected } = walletRows(a());
    expect(wallets.map((w) => w.blockchain)).toEqual(['SOL', 'MATIC', 'TAO']);
    expect(selected?.wallet_id).toBe(a().data?.wallet_id);
    a().move(1);
    a().ask('payout');
    expect(a().question).toMatchObject({ kind: 'payout', phase: 'ask', walletId: wallets[1].wallet_id });
    await a().answer(true);
    expect(a().question?.phase).toBe('done');
    expect(a().data?.wallet_id).toBe(wallets[1].wallet_id);
    // The TAO wallet is refused with the service's words.
    a().move(1);
    a().ask('payout');
    await a().answer(true);
    expect(a().question).toMatchObject({
      phase: 'failed',
      message: 'Bittensor wallets cannot be the payout wallet.',
    });
  });

  it('adds a wallet after checking its address as the service does, then removes it', async () => {
    a().setAddress('0x52908400098527886E0F7030069857D2E4169EE7');
    a().cycleChain(1);
    expect(a().addWallet.chain).toBe('MATIC');
    await a().submitAddWallet();
    expect(a().addWallet).toMatchObject({ phase: 'invalid' });
    expect(a().addWallet.message).toMatch(/^invalid wallet address: the service takes a Solana address/);
    a().setAddress(' 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV ');
    await a().submitAddWallet();
    expect(a().addWallet.phase).toBe('added');
    const added = walletRows(a()).selected!;
    expect(added).toMatchObject({
      blockchain: 'MATIC',
      wallet_address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    });
    a().ask('remove');
    await a().answer(true);
    expect(a().question).toMatchObject({ phase: 'done', message: `Wallet ${added.wallet_id} removed.` });
    expect(walletRows(a()).wallets.map((w) => w.wallet_id)).not.toContain(added.wallet_id);
  });
});

describe('the event log records what the user did', () => {
  beforeEach(() => setup('demo'));
  const a = () => stores.account.getState();
  const done = () =>
    stores.events
      .last()
      .filter((e) => e.type === 'user_action')
      .map((e) => e.message);

  it('a code added, a guest confirmed, renames, a removal, the wallets, the payout wallet and feedback', async () => {
    const { code } = sim!.admin.codes().adopt_codes[0];
    d().setAddInput(code);
    await d().addCode();
    const waiting = rows().find((r) => r.section === 'outgoing' && r.pending && r.networkName)!;
    await d().startConfirm(waiting);
    await d().answer(true);
    const share = rows().find((r) => r.section === 'outgoing')!;
    d().startRename(share);
    d().setActionInput('front desk');
    await d().submitAction();
    const own = rows().find((r) => r.section === 'own')!;
    d().startSetName(own);
    d().setActionInput('hall box');
    await d().submitAction();
    const incoming = rows().find((r) => r.section === 'incoming')!;
    d().startRemove(incoming);
    await d().answer(false); // no: nothing done, nothing logged
    d().startRemove(incoming);
    await d().answer(true);
    const { wallets } = walletRows(a());
    a().move(1);
    a().ask('payout');
    await a().answer(true);
    a().setAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
    await a().submitAddWallet();
    a().ask('remove');
    await a().answer(true);
    a().toggleFeedback('uses.personal');
    await a().submitFeedback();
    expect(done()).toEqual([
      expect.stringMatching(
        /^you added the adoption code of "[^"]+": it is pending until the device confirms$/,
      ),
      `you confirmed the share of "${waiting.deviceName}": ${waiting.networkName} can use it`,
      `you renamed the association "${share.deviceName}" to "front desk"`,
      `you renamed the device "${own.deviceName}" to "hall box"`,
      `you removed the association of "${incoming.deviceName}"`,
      `you made the MATIC wallet ${wallets[1].wallet_address} the payout wallet`,
      'you added a SOL wallet 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      'you removed the SOL wallet 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      'you sent feedback',
    ]);
  });

  it('an API key made and removed, a country blocked and unblocked, the network shown and hidden on the leaderboard', async () => {
    const keys = () => stores.apiKeys.getState();
    keys().setName('ci runner');
    await keys().create();
    const made = keyRows(keys()).selected!;
    keys().askRemove();
    expect(keys().question).toMatchObject({ name: 'ci runner' });
    await keys().answer(true);

    const country = stores.discovery.getState().data!.locations!.find((l) => l.location_type === 'country')!;
    const choice = { id: country.location_id!, name: country.name!, code: country.country_code };
    const blocked = () => stores.blocked.getState();
    blocked().ask(choice);
    await blocked().answer(false); // no: nothing done, nothing logged
    blocked().ask(choice);
    await blocked().answer(true);
    blocked().ask(choice);
    await blocked().answer(true);

    const earnings = () => stores.earnings.getState();
    const wasPublic = earnings().data?.ranking.data?.leaderboard_public === true;
    earnings().askVisibility();
    await earnings().answerVisibility(true);
    earnings().askVisibility();
    await earnings().answerVisibility(true);

    const label = countryLabel(choice);
    const shown = 'you made this network public on the leaderboard: it shows there by name';
    const hidden = 'you hid this network on the leaderboard: its place stays, without a name';
    expect(done()).toEqual([
      `you made the API key "ci runner" (${made.id})`,
      `you removed the API key "ci runner" (${made.id})`,
      `you blocked ${label}: consumers there are no longer offered your providers`,
      `you unblocked ${label}: consumers there are offered your providers again`,
      ...(wasPublic ? [hidden, shown] : [shown, hidden]),
    ]);
  });
});

describe('My providers names', () => {
  beforeEach(() => setup('demo'));

  it('gets each provider its device name and a provide mode from the clients', () => {
    const providers = stores.myProviders.getState().data?.providers ?? [];
    const clients = stores.clients.getState().data?.clients ?? [];
    expect(providers.length).toBe(10);
    for (const provider of providers) {
      const client = clients.find((c) => c.client_id === provider.client_id);
      expect(deviceNameOf(provider)).toBe(client?.device_name);
      // Today's /stats/providers sends no provide mode: the clients' (3 or none) fills it.
      expect(provider.provide_mode).toBe(client?.provide_mode);
    }
    expect(providers.some((provider) => provider.provide_mode === 3)).toBe(true);
  });
});

describe('login with an auth code', () => {
  beforeEach(() => setup(undefined));

  it('exchanges the code, keeps the token, names the network and loads the panes that needed it', async () => {
    expect(stores.devices.getState().error?.message).toMatch(/needs a token/);
    const issuer = createClient({ baseUrl: sim!.url, token: sim!.token, retries: 0 });
    const { auth_code } = await issuer.authCodeCreate({});
    await issuer.close();
    const login = stores.login.getState();
    login.setInput('');
    await login.submit();
    expect(stores.login.getState().dialog).toMatchObject({ phase: 'failed' });
    stores.login.getState().setInput(` ${auth_code} `);
    await stores.login.getState().submit();
    expect(stores.login.getState().dialog).toMatchObject({
      phase: 'done',
      input: '',
      message: 'Logged in. The token is kept for the next start.',
    });
    expect(saved).toHaveLength(1);
    expect(client.hasToken).toBe(true);
    expect(stores.session.getState().networkName).toBe('demo');
    await clock.advance(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stores.devices.getState().data?.outgoing_shared_devices?.length).toBeGreaterThan(0);
    expect(stores.account.getState().data?.wallets?.length).toBe(3);
    // The code is spent.
    stores.login.getState().setInput(auth_code!);
    await stores.login.getState().submit();
    expect(stores.login.getState().dialog).toMatchObject({ phase: 'failed', message: 'Invalid auth code.' });
  });
});

describe('Discover to Providers', () => {
  beforeEach(() => setup('demo'));

  it('sends the marked places to Providers, which samples them, and shows that pane; nothing when none is left', async () => {
    const discovery = () => stores.discovery.getState();
    discovery().toggleMark();
    discovery().move(2);
    discovery().toggleMark();
    const marked = Object.values(discovery().marked).map((m) => m.label);
    expect(marked).toHaveLength(2);

    expect(sendChosenToProviders(stores)).toBe(true);
    expect(stores.session.getState().activePane).toBe('providers');
    expect(stores.providers.getState().specs.map((s) => s.label)).toEqual(marked);
    await clock.advance(0);
    expect(stores.providers.getState().seen.length).toBeGreaterThan(0);

    // A search with no match: no mark, no row under the cursor, nothing sent.
    stores.session.getState().setPane('discover');
    discovery().clearMarks();
    discovery().setQuery('qqqqqqqqqqqqqqqqqqqq');
    await discovery().searchNow();
    expect(discovery().rows).toEqual([]);
    expect(sendChosenToProviders(stores)).toBe(false);
    expect(stores.session.getState().activePane).toBe('discover');
    expect(stores.providers.getState().specs.map((s) => s.label)).toEqual(marked);
  });
});

describe('withClientInfo', () => {
  it("takes the provide mode from the clients when today's /stats/providers leaves it out", () => {
    const stats = {
      providers: [
        { client_id: 'a', uptime_last_24h: 3 },
        { client_id: 'b', provide_mode: 1 },
        { client_id: 'c' },
      ],
    };
    const clients = {
      clients: [
        { client_id: 'a', device_name: 'attic', provide_mode: 3 },
        { client_id: 'b', device_name: 'den', provide_mode: 3 },
      ],
    };
    expect(withClientInfo(stats, clients).providers).toEqual([
      { client_id: 'a', uptime_last_24h: 3, device_name: 'attic', provide_mode: 3 },
      { client_id: 'b', device_name: 'den', provide_mode: 1 },
      { client_id: 'c' },
    ]);
    expect(withClientInfo(stats, { clients: undefined })).toBe(stats);
  });
});
