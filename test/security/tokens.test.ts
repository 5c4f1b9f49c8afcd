// Tokens the simulator must refuse (bad signature, alg none, another algorithm, expired,
// another simulator's), and a valid token of another network that sees only its own data.
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKey, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../simulator/http/auth.ts';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { createClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ManualClock } from '../../src/clock.ts';
import { send } from '../reliability/raw.ts';

const SEED = 21;
/** The simulator's master key, known to these tests so they can forge with it. */
const KEY = new Uint8Array(32).fill(9);
const PROTECTED = ['/account/payout-wallet', '/device/associations', '/stats/providers'];

let sim: Simulator;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  sim = await createSimulator({
    seed: SEED,
    clock,
    providers: 400,
    locations: 150,
    ownProviders: 8,
    admin: true,
    signingKey: KEY,
  });
});
afterAll(() => sim?.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** A token with the demo network's claims, signed however the test likes. */
async function forged(options: { key?: Uint8Array; alg?: string; exp?: number } = {}) {
  const claims = claimsOf(sim.token);
  return new SignJWT({ ...claims, exp: options.exp ?? claims.exp })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .sign(options.key ?? signingKey(KEY, SEED));
}

async function statusesWith(token: string | undefined): Promise<number[]> {
  return Promise.all(
    PROTECTED.map(async (path) => {
      const response = await send(sim.url, 'GET', path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (response.status === 401) expect(response.text).toBe('Not authorized.\n');
      return response.status;
    }),
  );
}

describe('tokens the simulator refuses', () => {
  it('accepts its own token and a well-made one (the forgeries below differ in one thing only)', async () => {
    expect(await statusesWith(sim.token)).toEqual([200, 200, 200]);
    expect(await statusesWith(await forged())).toEqual([200, 200, 200]);
  });

  it('refuses no token, a wrong signature, alg none and another algorithm', async () => {
    const [header, payload] = sim.token.split('.');
    const wrongSignature = `${header}.${payload}.${createHmac('sha256', 'guess').update(`${header}.${payload}`).digest('base64url')}`;
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512 = await forged({
      alg: 'HS512',
      key: new Uint8Array([...signingKey(KEY, SEED), ...signingKey(KEY, SEED)]),
    });
    const tamperedClaims = `${header}.${b64({ ...claimsOf(sim.token), network_name: 'root' })}.${sim.token.split('.')[2]}`;
    for (const token of [undefined, wrongSignature, algNone, hs512, tamperedClaims, 'not-a-jwt']) {
      expect(await statusesWith(token), String(token).slice(0, 40)).toEqual([401, 401, 401]);
    }
  });

  it('refuses an expired token and one from a simulator with another seed', async () => {
    const nowS = Math.floor(clock.now() / 1000);
    expect(await statusesWith(await forged({ exp: nowS - 1 }))).toEqual([401, 401, 401]);
    expect(await statusesWith(await forged({ key: signingKey(KEY, SEED + 1) }))).toEqual([401, 401, 401]);
  });

  it('says "unauthorized" to the client, without retrying, for a refused token', async () => {
    const [header, payload] = sim.token.split('.');
    const client = createClient({ baseUrl: sim.url, token: `${header}.${payload}.`, retries: 3 });
    const error = await client.deviceAssociations().catch((caught: unknown) => caught);
    await client.close();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('unauthorized');
  });
});

describe("another network's token", () => {
  it('sees only that network: none of the demo providers, devices or wallet', async () => {
    const demo = createClient({ baseUrl: sim.url, token: sim.token, retries: 0 });
    const acmeToken = sim.admin.token('acme').token;
    const acme = createClient({ baseUrl: sim.url, token: acmeToken, retries: 0 });
    try {
      const demoProviders = (await demo.providerStats()).providers ?? [];
      const acmeProviders = (await acme.providerStats()).providers ?? [];
      expect(demoProviders.length).toBeGreaterThan(0);
      const demoIds = new Set(demoProviders.map((p) => p.client_id));
      expect(acmeProviders.filter((p) => demoIds.has(p.client_id))).toEqual([]);

      // A demo device cannot be shared by acme.
      const shareOfDemo = await acme
        .createShareCode({ client_id: demoProviders[0].client_id, device_name: 'stolen' })
        .catch((caught: unknown) => caught);
      expect((shareOfDemo as ApiError).kind).toBe('business');
      expect((shareOfDemo as ApiError).message).toBe('Invalid client.');

      // Nor can it touch the demo network's payout wallet; today's service refuses a wallet
      // it does not own outright (500), the seed era stored any id as the caller's own.
      const demoWallet = sim.admin.codes().wallets[1]?.wallet_id;
      expect(demoWallet).toBeDefined();
      const demoPayout = (await demo.getPayoutWallet()).wallet_id;
      const setWallet = await acme
        .setPayoutWallet({ wallet_id: demoWallet })
        .catch((caught: unknown) => caught);
      if (sim.era === 'current') expect((setWallet as ApiError).status).toBe(500);
      expect((await demo.getPayoutWallet()).wallet_id).toBe(demoPayout);

      // And what the demo network shares does not show up as acme's own.
      const demoShare = await demo.createShareCode({
        client_id: demoProviders[0].client_id,
        device_name: 'mine',
      });
      const acmeDevices = await acme.deviceAssociations();
      expect(JSON.stringify(acmeDevices)).not.toContain(String(demoShare.share_code));
      expect(JSON.stringify(await demo.deviceAssociations())).toContain(String(demoShare.share_code));
    } finally {
      await Promise.all([demo.close(), acme.close()]);
    }
  });
});
