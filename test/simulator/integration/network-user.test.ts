// The network's user and its name over sockets (reference-operators.md, section 3): GET
// /network/user and POST /network/user/update with the service's checks and refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERAS } from '../../../src/contract/eras.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeEach(async () => {
  h = await startSim({ era: 'current' });
});
afterEach(async () => {
  await h.close();
});

const update = (network_name: unknown, token = h.sim.token) =>
  raw(h.sim, 'POST', '/network/user/update', { network_name }, token);
const refusal = (message: string) => ({ status: 200, text: JSON.stringify({ error: { message } }) });
const OK = { status: 200, text: '{}' };
const userOf = async (token = h.sim.token) =>
  JSON.parse((await raw(h.sim, 'GET', '/network/user', undefined, token)).text).network_user;

describe('GET /network/user', () => {
  it.each(ERAS)(
    '%s era: the demo network’s user logs in with a password; the user id is the token’s',
    async (era) => {
      await h.close();
      h = await startSim({ era });
      const claims = JSON.parse(Buffer.from(h.sim.token.split('.')[1], 'base64url').toString());
      expect(await userOf()).toEqual({
        user_id: claims.user_id,
        user_auth: 'demo@netdeck.example',
        verified: true,
        auth_type: 'password',
        network_name: 'demo',
        user_auths: [{ user_auth: 'demo@netdeck.example', auth_type: 'email' }],
        auth_types: ['email'],
      });
    },
  );

  it('another network’s admin user signed up with a seed phrase; no token is a 401', async () => {
    const acme = h.sim.admin.token('acme').token;
    const user = await userOf(acme);
    expect(user).toMatchObject({ verified: false, auth_type: 'seedphrase', network_name: 'acme' });
    expect(user.auth_types).toEqual(['seedphrase']);
    expect(Date.parse(user.seedphrase_auths[0].create_time)).toBeLessThan(h.clock.now());
    expect(user.user_auth).toBeUndefined();
    expect(await raw(h.sim, 'GET', '/network/user')).toEqual({ status: 401, text: 'Not authorized.\n' });
  });
});

describe('POST /network/user/update', () => {
  it('checks the trimmed name, lower case with spaces as dashes, and says why it refuses', async () => {
    expect(await update('abcd')).toEqual(refusal('Network name must have at least 5 characters'));
    expect(await update('   abcd   ')).toEqual(refusal('Network name must have at least 5 characters'));
    expect(await update('x'.repeat(51))).toEqual(refusal('Network name must be less than 50 characters'));
    // Go counts bytes: 25 two-byte letters are 50, fine for the length, not for the letters.
    expect(await update('é'.repeat(26))).toEqual(refusal('Network name must be less than 50 characters'));
    for (const bad of ['my_net', 'my.net', 'nét-work'])
      expect(await update(bad), bad).toEqual(
        refusal('Network name must contain only lowercase letters, numbers, and dashes'),
      );
    expect((await userOf()).network_name).toBe('demo');
  });

  it('a name within one edit of one the network index holds, the caller’s own first one included, is taken', async () => {
    const acme = h.sim.admin.token('acme-works').token;
    expect(await update('acme-work')).toEqual(refusal('Network name not available'));
    expect(await update('acme-works')).toEqual(refusal('Network name not available'));
    expect(await update('Acme Workz')).toEqual(refusal('Network name not available'));
    // The caller's own name is in the index too: `demo` itself is refused once normalised.
    expect(await update('demo1')).toEqual(refusal('Network name not available'));
    expect(await update('acme-wor')).toEqual(OK);
    // The name the raw value is now: nothing checked, {} (even a name the checks would refuse).
    expect(await update('acme-wor')).toEqual(OK);
    expect((await userOf(acme)).network_name).toBe('acme-works');
  });

  it('stores the trimmed name as typed; tokens keep working and the user shows the new name', async () => {
    expect(await update('  My Net 1 ')).toEqual(OK);
    expect((await userOf()).network_name).toBe('My Net 1');
    // A rename does not re-index: the new name is taken only as stored (exactly).
    expect(await update('My Net 2')).toEqual(OK);
    expect((await userOf()).network_name).toBe('My Net 2');
    expect(await update('My Net 2')).toEqual(OK);
    // The raw value equals the stored one: {} without checks.
    expect((await h.client.networkClients()).clients).toBeDefined();
    const other = h.sim.admin.token('zzz-other').token;
    expect(await update('My Net 3', other)).toEqual(OK);
    // `my-net-3` is not `My Net 3` exactly, and no index name is one edit from it.
    expect(await update('my-net-3')).toEqual(OK);
  });

  it('a null body is a 500, a wrong type a 400, no token a 401', async () => {
    expect(await raw(h.sim, 'POST', '/network/user/update', null, h.sim.token)).toEqual({
      status: 500,
      text: 'Error. Please email support@ur.io for help.\n',
    });
    expect((await update(5)).status).toBe(400);
    expect(await raw(h.sim, 'POST', '/network/user/update', { network_name: 'fresh-name' })).toEqual({
      status: 401,
      text: 'Not authorized.\n',
    });
  });
});
