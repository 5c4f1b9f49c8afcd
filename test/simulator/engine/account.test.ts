import { describe, expect, it } from 'vitest';
import { createEngine, type SimError } from '../../../simulator/engine/index.ts';
import { rig } from './helpers.ts';

describe('payout wallet', () => {
  it('gets the wallet, sets another account wallet, rejects a foreign one with 400', () => {
    const { engine, demo } = rig();
    const wallets = engine.codes().wallets.map((w) => w.wallet_id);
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: wallets[0] });
    expect(engine.handle('setPayoutWallet', { wallet_id: wallets[1] }, demo)).toEqual({});
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: wallets[1] });
    let error: SimError | undefined;
    try {
      engine.handle('setPayoutWallet', { wallet_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' }, demo);
    } catch (caught) {
      error = caught as SimError;
    }
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Wallet must be an active wallet owned by the network.');
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: wallets[1] });
  });

  it('leaves the field out for a network without a wallet, and keeps networks apart', () => {
    const { engine, demo } = rig();
    const other = engine.ensureNetwork('someone-else');
    const caller = { networkId: other.id, networkName: other.name };
    expect(engine.handle('getPayoutWallet', undefined, caller)).toEqual({});
    const demoWallet = engine.codes().wallets[0].wallet_id;
    expect(() => engine.handle('setPayoutWallet', { wallet_id: demoWallet }, caller)).toThrow(
      /owned by the network/,
    );
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: demoWallet });
  });

  it('needs a caller', () => {
    const { engine } = rig();
    expect(() => engine.handle('getPayoutWallet', undefined)).toThrow(/Not authorized/);
  });
});

describe('feedback', () => {
  it('stores exactly what was sent, per network, and answers {}', () => {
    const { engine, demo, clock } = rig();
    const body = { uses: { personal: true }, needs: { private: true, block_ads: true, other: 'more exits' } };
    expect(engine.handle('sendFeedback', body, demo)).toEqual({});
    expect(engine.world.feedback).toEqual([
      { networkId: demo.networkId, networkName: 'demo', body, time: clock.now() },
    ]);
  });
});

describe('networks', () => {
  it('derives network ids from the seed and the name', () => {
    const { engine, clock } = rig();
    const again = createEngine({ seed: 42, providers: 3000, locations: 600, clock });
    expect(again.demoNetwork).toEqual(engine.demoNetwork);
    expect(again.ensureNetwork('new-one')).toEqual(engine.ensureNetwork('new-one'));
    expect(engine.network(engine.demoNetwork.id)).toEqual({ id: engine.demoNetwork.id, name: 'demo' });
    expect(engine.network('0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b')).toBeUndefined();
    const explicit = engine.ensureNetwork('from-token', '11111111-2222-4333-8444-555555555555');
    expect(engine.network(explicit.id)?.name).toBe('from-token');
  });

  it('renames devices and networks', () => {
    const { engine, demo } = rig();
    const own = engine.world.providers.ids.id(engine.world.networkProviders.get(0)![0]);
    expect(engine.setDeviceName(own, 'Renamed')).toBe(true);
    const { share_code } = engine.handle('createShareCode', { client_id: own }, demo);
    expect(
      engine
        .handle('deviceAssociations', undefined, demo)
        .outgoing_shared_devices!.find((d) => d.code === share_code)?.device_name,
    ).toBe('Renamed');
    expect(engine.setDeviceName('0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', 'x')).toBe(false);
    expect(engine.setNetworkName(demo.networkId, 'my-net')).toBe(true);
    expect(engine.demoNetwork.name).toBe('my-net');
  });
});
