// Whole flows through the commands against a simulator over sockets: a share created,
// added by a guest, confirmed by its owner, renamed, removed (each step seen in
// `netdeck devices`); a device renamed by its id (`clients`); a wallet added, listed,
// made the payout wallet and removed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeEach(async () => {
  fx = await startSimFixture({ era: 'current' });
});
afterEach(() => fx.close());

const devices = async () => (await run(['devices'], { env: fx.env })).stdout;
const rowOf = (text: string, needle: string) => text.split('\n').find((line) => line.includes(needle));

describe('a share, end to end', () => {
  it('created, added by a guest, confirmed by the owner, renamed, removed; each step in netdeck devices', async () => {
    const clients = JSON.parse((await run(['clients', '--json'], { env: fx.env })).stdout).clients;
    const clientId = clients[0].client_id;
    const shared = await run(['devices', 'share', clientId, '--name', 'lab box'], { env: fx.env });
    expect(shared.code, shared.stderr).toBe(0);
    const code = shared.stdout.trim();
    expect(rowOf(await devices(), code)).toMatch(/lab box\s+\(not added yet\)\s+pending/);
    const status = await run(['devices', 'status', code], { env: fx.env });
    expect(status.stdout).toMatch(/guest network\s+none has added the code yet/);
    const early = await run(['devices', 'confirm', code], { env: fx.env });
    expect([early.code, early.stderr]).toEqual([
      4,
      'netdeck: no network has added this code yet: nothing to confirm\n',
    ]);

    // Another network adds the code: the guest side of the flow.
    const guest = createClient({
      baseUrl: fx.sim.url,
      token: fx.sim.admin.token('guest-net').token,
      retries: 0,
    });
    await guest.addDevice({ code });
    expect(rowOf(await devices(), code)).toMatch(/lab box\s+guest-net\s+pending/);
    const added = await run(['devices', 'status', code], { env: fx.env });
    expect(added.stdout).toMatch(/guest network\s+guest-net\nstate\s+pending/);
    expect(added.stderr).toContain(`confirm it with: netdeck devices confirm "${code}"`);

    const confirmed = await run(['devices', 'confirm', ...code.split(' ')], { env: fx.env });
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stdout).toBe('Confirmed: guest-net can use the device.\n');
    expect(rowOf(await devices(), code)).toMatch(/lab box\s+guest-net\s+confirmed/);
    expect(
      (await guest.deviceAssociations()).incoming_shared_devices?.find((d) => d.code === code),
    ).not.toHaveProperty('pending');

    const renamed = await run(['devices', 'rename', code, 'front desk'], { env: fx.env });
    expect(renamed.stdout).toBe('Renamed to "front desk".\n');
    expect(rowOf(await devices(), code)).toMatch(/front desk\s+guest-net\s+confirmed/);

    const removed = await run(['devices', 'remove', code], { env: fx.env });
    expect(removed.stdout).toBe('Removed.\n');
    expect(await devices()).not.toContain(code);
    expect((await guest.deviceAssociations()).incoming_shared_devices?.map((d) => d.code)).not.toContain(
      code,
    );
    const again = await run(['devices', 'remove', code], { env: fx.env });
    expect([again.code, again.stderr]).toEqual([4, 'netdeck: Invalid code.\n']);
    await guest.close();
  });

  it("refuses to confirm another network's share (the owner confirms) and checks codes before sending", async () => {
    const incoming = JSON.parse(
      (await run(['devices', '--json'], { env: fx.env })).stdout,
    ).incoming_shared_devices;
    const pending = incoming.find((d: { pending?: boolean }) => d.pending);
    const result = await run(['devices', 'confirm', pending.code], { env: fx.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('netdeck: Invalid code.\n');
    const typo = await run(['devices', 'remove', 'abandon ability able'], { env: fx.env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/A code has 6 words/);
  });
});

describe('netdeck clients and devices set-name', () => {
  it('lists device names and ids; renames a device by its device id', async () => {
    const table = await run(['clients'], { env: fx.env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^DEVICE\s+DEVICE ID\s+CLIENT ID\s+MODE\s+CONNECTED/);
    expect(table.stdout).toMatch(/\n\d+ clients, \d+ connected\n$/);
    const [first] = JSON.parse((await run(['clients', '--json'], { env: fx.env })).stdout).clients;
    const renamed = await run(['devices', 'set-name', first.device_id, 'attic router'], { env: fx.env });
    expect(renamed.stdout).toBe(`Device ${first.device_id} is now "attic router".\n`);
    expect(rowOf((await run(['clients'], { env: fx.env })).stdout, first.device_id)).toMatch(
      /^attic router\s/,
    );
    // A client id is not a device id.
    const wrong = await run(['devices', 'set-name', first.client_id, 'x'], { env: fx.env });
    expect([wrong.code, wrong.stderr]).toEqual([4, 'netdeck: Device does not exist.\n']);
  });

  it('says so for a network without clients', async () => {
    const empty = await run(['clients'], {
      env: { ...fx.env, NETDECK_TOKEN: fx.sim.admin.token('empty-net').token },
    });
    expect(empty.stdout).toBe('This network has no clients.\n');
  });

  it('has no set-name in the seed era: the service answers 404', async () => {
    const seed = await startSimFixture({ era: 'seed' });
    try {
      const result = await run(['devices', 'set-name', '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47', 'x'], {
        env: seed.env,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/404 page not found/);
    } finally {
      await seed.close();
    }
  });
});

describe('a wallet, end to end', () => {
  const ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

  it('added, listed, made the payout wallet, removed', async () => {
    const added = await run(['wallet', 'add', '--chain', 'solana', ADDRESS], { env: fx.env });
    expect(added.code, added.stderr).toBe(0);
    const id = added.stdout.match(/^Added wallet ([0-9a-f-]{36}) \(SOL 7EcD/)?.[1];
    expect(id).toBeDefined();
    const list = await run(['wallet', 'list'], { env: fx.env });
    expect(list.stdout).toMatch(/^WALLET ID\s+CHAIN\s+ADDRESS\s+TOKEN\s+PAYOUT\s+ADDED/);
    expect(rowOf(list.stdout, id!)).toMatch(new RegExp(`${id}\\s+SOL\\s+${ADDRESS}\\s+USDC\\s+\\d{4}-`));
    const set = await run(['wallet', 'set', id!], { env: fx.env });
    expect(set.stdout).toBe(`Payout wallet set to ${id}.\n`);
    expect(rowOf((await run(['wallet', 'list'], { env: fx.env })).stdout, id!)).toContain('★ payout');
    const json = JSON.parse((await run(['wallet', 'list', '--json'], { env: fx.env })).stdout);
    expect(json.payout_wallet_id).toBe(id);
    const removed = await run(['wallet', 'remove', id!], { env: fx.env });
    expect(removed.stdout).toBe(`Removed wallet ${id}.\n`);
    expect((await run(['wallet', 'list'], { env: fx.env })).stdout).not.toContain(id);
    expect((await run(['wallet'], { env: fx.env })).stdout).toBe('No payout wallet set.\n');
    // --json prints what the service sent: the key, null.
    expect((await run(['wallet', '--json'], { env: fx.env })).stdout).toBe('{\n  "wallet_id": null\n}\n');
    const foreign = await run(['wallet', 'remove', '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47'], { env: fx.env });
    expect([foreign.code, foreign.stderr]).toEqual([
      4,
      'netdeck: no wallet 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47 in this network: nothing removed\n',
    ]);
  });

  it('checks the address as the service does before sending, and reports its refusals with exit 4', async () => {
    const evm = await run(
      ['wallet', 'add', '--chain', 'MATIC', '0x52908400098527886E0F7030069857D2E4169EE7'],
      {
        env: fx.env,
      },
    );
    expect(evm.code).toBe(2);
    expect(evm.stderr).toMatch(/^error: invalid wallet address: the service wants a Solana address/);
    const chain = await run(['wallet', 'add', '--chain', 'BTC', ADDRESS], { env: fx.env });
    expect(chain.stderr).toMatch(/^error: invalid blockchain, use SOL, MATIC, or TAO: "BTC" is not a chain/);
    const tao = JSON.parse((await run(['wallet', 'list', '--json'], { env: fx.env })).stdout).wallets.find(
      (w: { blockchain: string }) => w.blockchain === 'TAO',
    );
    const refused = await run(['wallet', 'set', tao.wallet_id], { env: fx.env });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toBe('netdeck: Bittensor wallets cannot be the payout wallet.\n');
  });
});
