import { describe, expect, it } from 'vitest';
import { createEngine, type SimError } from '../../../simulator/engine/index.ts';
import { walletRefusal } from '../../../src/contract/wallet-address.ts';
import { rig, withEra } from './helpers.ts';

const FOREIGN = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const TAO_ADDRESS = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

/** The status and message of a SimError thrown by `run`. */
function refusal(run: () => unknown): { status: number; message: string } | undefined {
  try {
    run();
  } catch (caught) {
    const error = caught as SimError;
    return { status: error.status, message: error.message };
  }
  return undefined;
}

describe('payout wallet', () => {
  it('current era: an active wallet of the network, not TAO, else a 500 with the reason', () => {
    const { engine, demo } = rig({ era: 'current' });
    const wallets = engine.handle('accountWallets', undefined, demo).wallets!;
    const [sol, matic, tao] = wallets;
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: sol.wallet_id });
    expect(engine.handle('setPayoutWallet', { wallet_id: matic.wallet_id }, demo)).toEqual({});
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: matic.wallet_id });
    const notOwned = { status: 500, message: 'Wallet must be an active wallet owned by the network.' };
    expect(refusal(() => engine.handle('setPayoutWallet', { wallet_id: FOREIGN }, demo))).toEqual(notOwned);
    expect(refusal(() => engine.handle('setPayoutWallet', {}, demo))).toEqual(notOwned);
    expect(refusal(() => engine.handle('setPayoutWallet', { wallet_id: tao.wallet_id }, demo))).toEqual({
      status: 500,
      message: 'Bittensor wallets cannot be the payout wallet.',
    });
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: matic.wallet_id });
  });

  it('seed era: any id is stored', () => {
    const { engine, demo } = rig({ era: 'seed' });
    expect(engine.handle('setPayoutWallet', { wallet_id: FOREIGN }, demo)).toEqual({});
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: FOREIGN });
  });

  it('answers wallet_id null for a network without a wallet, and keeps networks apart', () => {
    const { engine, demo } = rig({ era: 'current' });
    const other = engine.ensureNetwork('someone-else');
    const caller = { networkId: other.id, networkName: other.name };
    expect(engine.handle('getPayoutWallet', undefined, caller)).toEqual({ wallet_id: null });
    const demoWallet = engine.codes().wallets[0].wallet_id;
    expect(
      refusal(() => engine.handle('setPayoutWallet', { wallet_id: demoWallet }, caller))?.message,
    ).toMatch(/owned by the network/);
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: demoWallet });
  });

  it('needs a caller', () => {
    const { engine } = rig();
    expect(() => engine.handle('getPayoutWallet', undefined)).toThrow(/Not authorized/);
  });
});

describe('wallets', () => {
  it('lists the demo network three wallets: SOL, MATIC and TAO with addresses the service accepts', () => {
    const { engine, demo } = rig();
    const { wallets } = engine.handle('accountWallets', undefined, demo);
    expect(wallets!.map((w) => w.blockchain)).toEqual(['SOL', 'MATIC', 'TAO']);
    for (const wallet of wallets!) {
      expect(wallet).toMatchObject({ network_id: demo.networkId, wallet_type: 'external', active: true });
      expect(walletRefusal(wallet.blockchain, wallet.wallet_address)).toBeUndefined();
    }
    expect(wallets!.map((w) => w.wallet_id)).toEqual(engine.codes().wallets.map((w) => w.wallet_id));
  });

  it('adds a wallet by any alias of its chain; the same address again gives the same id', () => {
    const { engine, demo } = rig({ era: 'current' });
    const { wallet_id } = engine.handle(
      'createWallet',
      { blockchain: 'solana', wallet_address: SOL_ADDRESS },
      demo,
    );
    expect(wallet_id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = engine
      .handle('accountWallets', undefined, demo)
      .wallets!.find((w) => w.wallet_id === wallet_id);
    expect(listed).toMatchObject({
      blockchain: 'SOL',
      wallet_address: SOL_ADDRESS,
      default_token_type: 'USDC',
    });
    expect(
      engine.handle('createWallet', { blockchain: 'Polygon', wallet_address: SOL_ADDRESS }, demo),
    ).toEqual({
      wallet_id,
    });
    // The demo network has a payout wallet already: adding one does not change it.
    expect(engine.handle('getPayoutWallet', undefined, demo).wallet_id).not.toBe(wallet_id);
  });

  it('refuses what the service refuses, with its 500 texts', () => {
    const { engine, demo } = rig();
    const add = (blockchain: string, wallet_address: string) =>
      refusal(() => engine.handle('createWallet', { blockchain, wallet_address }, demo));
    const badChain = { status: 500, message: 'invalid blockchain, use SOL, MATIC, or TAO' };
    const badAddress = { status: 500, message: 'invalid wallet address' };
    expect(add('BTC', SOL_ADDRESS)).toEqual(badChain);
    expect(add('', SOL_ADDRESS)).toEqual(badChain);
    // Every chain but TAO wants a Solana key: an 0x address is refused even for MATIC or ETH.
    expect(add('MATIC', '0x52908400098527886E0F7030069857D2E4169EE7')).toEqual(badAddress);
    expect(add('ETH', '0x52908400098527886E0F7030069857D2E4169EE7')).toEqual(badAddress);
    expect(add('SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toEqual(badAddress);
    expect(add('SOL', SOL_ADDRESS.slice(0, -3))).toEqual(badAddress);
    expect(add('SOL', `${SOL_ADDRESS.slice(0, -1)}0`)).toEqual(badAddress);
    expect(add('TAO', SOL_ADDRESS)).toEqual(badAddress);
    expect(add('bittensor', TAO_ADDRESS)).toBeUndefined();
  });

  it('makes the first non-TAO wallet of a network without one its payout wallet', () => {
    const { engine } = rig({ era: 'current' });
    const fresh = engine.ensureNetwork('fresh-net');
    const caller = { networkId: fresh.id, networkName: fresh.name };
    engine.world.payoutWallet.delete(engine.world.networks.indexOfId(fresh.id));
    const tao = engine.handle('createWallet', { blockchain: 'TAO', wallet_address: TAO_ADDRESS }, caller);
    expect(engine.handle('getPayoutWallet', undefined, caller)).toEqual({ wallet_id: null });
    const sol = engine.handle('createWallet', { blockchain: 'SOL', wallet_address: SOL_ADDRESS }, caller);
    expect(engine.handle('getPayoutWallet', undefined, caller)).toEqual({ wallet_id: sol.wallet_id });
    expect(tao.wallet_id).not.toBe(sol.wallet_id);
  });

  it('removes a wallet (clearing the payout wallet), and re-adding reactivates the same id', () => {
    const { engine, demo } = rig({ era: 'current' });
    const payout = engine.handle('getPayoutWallet', undefined, demo).wallet_id!;
    const removed = engine
      .handle('accountWallets', undefined, demo)
      .wallets!.find((w) => w.wallet_id === payout)!;
    expect(engine.handle('removeWallet', { wallet_id: payout }, demo)).toEqual({ success: true });
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: null });
    expect(engine.handle('accountWallets', undefined, demo).wallets!.map((w) => w.wallet_id)).not.toContain(
      payout,
    );
    expect(refusal(() => engine.handle('setPayoutWallet', { wallet_id: payout }, demo))?.status).toBe(500);
    expect(engine.handle('removeWallet', { wallet_id: FOREIGN }, demo)).toEqual({ success: false });
    expect(engine.handle('removeWallet', { wallet_id: 'nope' }, demo)).toEqual({
      success: false,
      error: { message: 'Error parsing id nope' },
    });
    const again = engine.handle(
      'createWallet',
      { blockchain: removed.blockchain, wallet_address: removed.wallet_address },
      demo,
    );
    expect(again).toEqual({ wallet_id: payout });
    expect(engine.handle('getPayoutWallet', undefined, demo)).toEqual({ wallet_id: payout });
  });
});

describe('feedback', () => {
  const body = { uses: { personal: true }, needs: { private: true, block_ads: true, other: 'more exits' } };

  it('current era: stores what was sent with its star count, and answers its feedback_id', () => {
    const { engine, demo, clock } = rig({ era: 'current' });
    const answer = engine.handle('sendFeedback', { ...body, star_count: 4 }, demo);
    expect(answer.feedback_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(engine.world.feedback).toEqual([
      {
        feedbackId: answer.feedback_id,
        networkId: demo.networkId,
        networkName: 'demo',
        body: { ...body, star_count: 4 },
        time: clock.now(),
      },
    ]);
  });

  it('seed era: answers {} and keeps no star count', () => {
    const { engine, demo } = rig({ era: 'seed' });
    expect(engine.handle('sendFeedback', { ...body, star_count: 4 }, demo)).toEqual({});
    expect(engine.world.feedback[0].body).toEqual(body);
  });

  it('keeps 4 KiB of the free text and the newest 1000 feedbacks', () => {
    const { engine, demo } = rig({ era: 'current' });
    engine.handle('sendFeedback', { needs: { other: 'x'.repeat(4 * 1024 * 1024) } }, demo);
    expect((engine.world.feedback[0].body as { needs: { other: string } }).needs.other).toHaveLength(4096);
    for (let k = 0; k < 1500; k++) engine.handle('sendFeedback', { needs: { other: `#${k}` } }, demo);
    expect(engine.world.feedback).toHaveLength(1000);
    expect((engine.world.feedback.at(-1)!.body as { needs: { other: string } }).needs.other).toBe('#1499');
  });
});

describe('networks', () => {
  it('derives network ids from the seed and the name', () => {
    const { engine, clock } = rig();
    const again = createEngine(withEra({ seed: 42, providers: 3000, locations: 600, clock }));
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
    expect(
      engine.handle('networkClients', undefined, demo).clients!.find((c) => c.client_id === own)?.device_name,
    ).toBe('Renamed');
    expect(engine.setDeviceName('0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', 'x')).toBe(false);
    expect(engine.setNetworkName(demo.networkId, 'my-net')).toBe(true);
    expect(engine.demoNetwork.name).toBe('my-net');
  });
});
