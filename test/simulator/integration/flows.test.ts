// The API client against the real simulator, over HTTP: logging in (auth codes, the
// demo user's password, the attempt limit's 503), refresh, the network's clients and
// device names, wallets, and removing and renaming associations.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api/errors.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function current(): Promise<SimHarness> {
  h = await startSim({ era: 'current' });
  return h;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

describe('logging in', () => {
  it('an auth code made with one token logs a new session in to the same network', async () => {
    const { client, clientFor } = await current();
    const { auth_code } = await client.authCodeCreate({});
    const anonymous = clientFor('');
    const { by_jwt } = await anonymous.authCodeLogin({ auth_code });
    const loggedIn = clientFor(by_jwt!);
    const associations = await loggedIn.deviceAssociations();
    expect(associations.outgoing_shared_devices?.length).toBeGreaterThan(0);
    // Used up: a second login with it is refused in the body.
    const again = await failure(anonymous.authCodeLogin({ auth_code }));
    expect(again).toMatchObject({ kind: 'business', message: 'Invalid auth code.' });
  });

  it('the demo user logs in with a password; the 5th attempt from one address is a 503', async () => {
    const { sim, clientFor } = await current();
    const { email, password } = sim.admin.codes().demo_user;
    const anonymous = clientFor('');
    const { network } = await anonymous.authLoginWithPassword({ user_auth: email, password });
    expect((await clientFor(network!.by_jwt!).getPayoutWallet()).wallet_id).toMatch(/^[0-9a-f-]{36}$/);
    for (let k = 0; k < 4; k++) {
      const wrong = await failure(anonymous.authLoginWithPassword({ user_auth: email, password: 'nope' }));
      expect(wrong).toMatchObject({ kind: 'business', message: 'Invalid user or password.' });
    }
    const limited = await raw(sim, 'POST', '/auth/login-with-password', { user_auth: email, password });
    expect(limited).toEqual({ status: 503, text: 'User auth attempts exceeded limits.\n' });
  });

  it('an unknown user is a 500 and an unverified one needs verification', async () => {
    const { sim, clientFor } = await current();
    const anonymous = clientFor('');
    const { password } = sim.admin.codes().demo_user;
    expect(
      await raw(sim, 'POST', '/auth/login-with-password', { user_auth: 'x@y.example', password }),
    ).toEqual({
      status: 500,
      text: 'User does not exist.\n',
    });
    expect(
      await anonymous.authLoginWithPassword({ user_auth: 'unverified@netdeck.example', password }),
    ).toMatchObject({ verification_required: { user_auth: 'unverified@netdeck.example' } });
  });

  it('GET /__sim/codes names the demo user', async () => {
    const { sim } = await current();
    const codes = JSON.parse((await raw(sim, 'GET', '/__sim/codes')).text);
    expect(codes.demo_user).toEqual({
      email: 'demo@netdeck.example',
      password: expect.stringMatching(/^\S+$/),
    });
  });

  it('refresh renews a client token (current era) and is a 404 in the seed era', async () => {
    const { sim, clientFor } = await current();
    const clientId = (await clientFor(sim.token).networkClients()).clients![0].client_id!;
    const clientToken = sim.admin.token('demo', clientId).token;
    await h!.advance(60);
    const { by_jwt } = await clientFor(clientToken).authRefresh();
    expect(by_jwt).not.toBe(clientToken);
    expect((await clientFor(by_jwt!).deviceAssociations()).outgoing_shared_devices).toBeDefined();
    const refused = await failure(clientFor(sim.token).authRefresh());
    expect(refused.message).toBe('Client ID is required for token refresh.');
    await h!.close();
    h = await startSim({ era: 'seed' });
    expect(await raw(h.sim, 'GET', '/auth/refresh', undefined, h.sim.token)).toEqual({
      status: 404,
      text: '404 page not found\n',
    });
  });
});

describe("the network's devices", () => {
  it('lists clients with names and device ids, and renames one by device id', async () => {
    const { client } = await current();
    const { clients } = await client.networkClients();
    expect(clients!.length).toBeGreaterThan(0);
    const [first] = clients!;
    expect(await client.setDeviceName({ device_id: first.device_id, device_name: 'Hall NAS' })).toEqual({});
    const renamed = (await client.networkClients()).clients!.find((c) => c.client_id === first.client_id);
    expect(renamed?.device_name).toBe('Hall NAS');
    const missing = await failure(client.setDeviceName({ device_id: first.client_id, device_name: 'x' }));
    expect(missing).toMatchObject({ kind: 'business', message: 'Device does not exist.' });
  });

  it('answers clients: null for a network with none, read as no clients', async () => {
    const { sim, clientFor } = await current();
    const text = (await raw(sim, 'GET', '/network/clients', undefined, sim.admin.token('empty-net').token))
      .text;
    expect(JSON.parse(text)).toEqual({ clients: null });
    expect(await clientFor(sim.admin.token('empty-net').token).networkClients()).toEqual({});
  });
});

describe('wallets', () => {
  it('added, listed, made the payout wallet, removed; refusals as 500 with their text', async () => {
    const { client, sim } = await current();
    const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const { wallet_id } = await client.createWallet({ blockchain: 'SOL', wallet_address: address });
    const listed = (await client.accountWallets()).wallets!.find((w) => w.wallet_id === wallet_id);
    expect(listed).toMatchObject({ blockchain: 'SOL', wallet_address: address, active: true });
    await client.setPayoutWallet({ wallet_id });
    expect((await client.getPayoutWallet()).wallet_id).toBe(wallet_id);
    expect(await client.removeWallet({ wallet_id })).toEqual({ success: true });
    expect((await client.getPayoutWallet()).wallet_id).toBeUndefined();
    expect((await client.accountWallets()).wallets!.map((w) => w.wallet_id)).not.toContain(wallet_id);
    const refused = await raw(
      sim,
      'POST',
      '/account/wallet',
      { blockchain: 'MATIC', wallet_address: '0xabc' },
      sim.token,
    );
    expect(refused).toEqual({ status: 500, text: 'invalid wallet address\n' });
  });
});

describe('associations', () => {
  it('a share is renamed by each side and removed by its guest', async () => {
    const { client, sim, clientFor } = await current();
    const clientId = (await client.networkClients()).clients![0].client_id!;
    const { share_code } = await client.createShareCode({ client_id: clientId, device_name: 'Den' });
    const guest = clientFor(sim.admin.token('guest-net').token);
    await guest.addDevice({ code: share_code });
    await guest.setAssociationName({ code: share_code, device_name: 'Their den' });
    const incoming = (await guest.deviceAssociations()).incoming_shared_devices!.find(
      (d) => d.code === share_code,
    );
    expect(incoming?.device_name).toBe('Their den');
    expect(await guest.removeAssociation({ code: share_code })).toEqual({});
    expect((await client.deviceAssociations()).outgoing_shared_devices!.map((d) => d.code)).not.toContain(
      share_code,
    );
    const gone = await failure(client.removeAssociation({ code: share_code }));
    expect(gone).toMatchObject({ kind: 'business', message: 'Invalid code.' });
  });

  it('create-share-code past 500 live codes answers Too many share codes.', async () => {
    const { client } = await current();
    const clientId = (await client.networkClients()).clients![0].client_id!;
    let refused: ApiError | undefined;
    for (let k = 0; k < 510 && !refused; k++) {
      refused = await client.createShareCode({ client_id: clientId }).then(
        () => undefined,
        (error: ApiError) => error,
      );
    }
    expect(refused).toMatchObject({ kind: 'business', message: 'Too many share codes.' });
  });
});
