// API keys over sockets (reference-operators.md, section 5): made, listed, removed; a key
// acts as its network on every authenticated route of the endpoint table, and is refused
// (401) from the moment it is removed.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { base32hex, createApiKey } from '../../../simulator/engine/api-keys.ts';
import { type Endpoint, endpoints, operationNames } from '../../../src/contract/endpoints.ts';
import { servedIn } from '../../../src/contract/routes.ts';
import { OPERATION_BODIES } from '../../reliability/samples.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeEach(async () => {
  h = await startSim({ era: 'current' });
});
afterEach(async () => {
  await h.close();
});

const NOT_AUTHORIZED = { status: 401, text: 'Not authorized.\n' };

describe('the routes', () => {
  it('base32hex is RFC 4648’s extended-hex alphabet, unpadded', () => {
    expect(base32hex(Buffer.from('foobar'))).toBe('CPNMUOJ1E8');
    expect(base32hex(Buffer.from('f'))).toBe('CO');
    expect(base32hex(new Uint8Array(32).fill(255))).toBe(`${'V'.repeat(51)}G`);
  });

  it('a new world: the demo network has one key (made before, its key shown to nobody)', async () => {
    const { api_keys = [] } = await h.client.apiKeys();
    expect(api_keys).toEqual([
      { id: expect.any(String), name: 'monitoring', create_time: expect.any(String) },
    ]);
    expect(Date.parse(api_keys[0].create_time!)).toBeLessThan(h.clock.now());
    const other = h.sim.admin.token('acme').token;
    expect(await raw(h.sim, 'GET', '/account/api-keys', undefined, other)).toEqual({
      status: 200,
      text: '{"api_keys":null}',
    });
  });

  it('makes a key of 56 characters, shown once: the list has its id, name and time, never the key', async () => {
    const made = await h.client.createApiKey({ name: 'scripts' });
    expect(made.api_key).toMatch(/^urn_[0-9A-V]{52}$/);
    expect(made.api_key).toHaveLength(56);
    expect(made.name).toBe('scripts');
    const listed = await raw(h.sim, 'GET', '/account/api-keys', undefined, h.sim.token);
    expect(listed.text).not.toContain(made.api_key!);
    expect(listed.text).not.toContain(createHash('sha256').update(made.api_key!).digest('hex'));
    expect(JSON.parse(listed.text).api_keys).toContainEqual({
      id: made.id,
      name: 'scripts',
      create_time: new Date(h.clock.now()).toISOString(),
    });
    // An empty name is allowed and left out of the answer; every key differs.
    const unnamed = await raw(h.sim, 'POST', '/account/api-key', {}, h.sim.token);
    expect(Object.keys(JSON.parse(unnamed.text))).toEqual(['id', 'api_key']);
    expect(JSON.parse(unnamed.text).api_key).not.toBe(made.api_key);
  });

  it('refuses what the service refuses: a name over 128 characters (500), a null body (500), no token (401)', async () => {
    expect(await raw(h.sim, 'POST', '/account/api-key', { name: 'x'.repeat(129) }, h.sim.token)).toEqual({
      status: 500,
      text: 'Error. Please email support@ur.io for help.\n',
    });
    expect((await h.client.createApiKey({ name: 'é'.repeat(128) })).name).toBe('é'.repeat(128));
    for (const path of ['/account/api-key', '/account/api-key/remove']) {
      expect(await raw(h.sim, 'POST', path, null, h.sim.token)).toEqual({
        status: 500,
        text: 'Error. Please email support@ur.io for help.\n',
      });
      expect(await raw(h.sim, 'POST', path, {})).toEqual(NOT_AUTHORIZED);
    }
    expect(await raw(h.sim, 'GET', '/account/api-keys')).toEqual(NOT_AUTHORIZED);
  });

  it('removes only the caller network’s key; an unknown, foreign or missing id is {} too', async () => {
    const mine = await h.client.createApiKey({ name: 'mine' });
    const acme = h.clientFor(h.sim.admin.token('acme').token);
    const theirs = await acme.createApiKey({ name: 'theirs' });
    for (const body of [{ id: theirs.id }, {}, { id: null }, { id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' }])
      expect(await raw(h.sim, 'POST', '/account/api-key/remove', body, h.sim.token)).toEqual({
        status: 200,
        text: '{}',
      });
    expect((await acme.apiKeys()).api_keys?.map((k) => k.id)).toEqual([theirs.id]);
    await h.client.removeApiKey({ id: mine.id });
    expect((await h.client.apiKeys()).api_keys?.map((k) => k.id)).not.toContain(mine.id);
  });
});

describe('a key as the token', () => {
  /**
   * The authenticated operations of today's service, each with a body it takes; but for
   * network-delete, which would delete the network the loop runs in (a key deletes it as a
   * token does: test/simulator/integration/sign-up.test.ts).
   */
  const authenticated = operationNames.filter(
    (name) => endpoints[name].auth && servedIn(name, 'current') && name !== 'networkDelete',
  );

  async function statusOf(name: (typeof authenticated)[number], token: string): Promise<number> {
    const endpoint: Endpoint = endpoints[name];
    // A key must not remove itself mid-loop: the sample removes an unknown id.
    return (
      await raw(
        h.sim,
        endpoint.method,
        endpoint.path,
        endpoint.method === 'POST' ? OPERATION_BODIES[name] : undefined,
        token,
      )
    ).status;
  }

  it('is accepted on every authenticated route as its network does, and refused on each right after removal', async () => {
    expect(authenticated.length).toBeGreaterThan(20);
    const made = await h.client.createApiKey({ name: 'everywhere' });
    const key = made.api_key!;
    for (const name of authenticated) {
      const withKey = await statusOf(name, key);
      expect(withKey, name).not.toBe(401);
      expect(withKey, name).toBe(await statusOf(name, h.sim.token));
    }
    // It acts as the network: the network's data, the admin user, the name as it is now
    // (the loop renamed the network).
    expect(
      JSON.parse((await raw(h.sim, 'GET', '/network/user', undefined, key)).text).network_user,
    ).toMatchObject({
      network_name: (OPERATION_BODIES.updateNetworkName as { network_name: string }).network_name,
      user_auth: 'demo@netdeck.example',
    });
    const byKey = h.clientFor(key);
    expect((await byKey.providerStats()).providers).toEqual((await h.client.providerStats()).providers);
    // Any token kind may make keys, a key too.
    const second = await byKey.createApiKey({ name: 'from a key' });

    await h.client.removeApiKey({ id: made.id });
    for (const name of authenticated) expect(await statusOf(name, key), name).toBe(401);
    // Routes without auth do not read it.
    expect((await raw(h.sim, 'GET', '/network/provider-locations', undefined, key)).status).toBe(200);
    // The other key still works.
    expect((await raw(h.sim, 'GET', '/account/api-keys', undefined, second.api_key)).status).toBe(200);
  });

  it('a key of another length, one never made, or one a reset forgot is refused', async () => {
    const made = await h.client.createApiKey({ name: 'x' });
    for (const key of [`${made.api_key}A`, made.api_key!.slice(0, -1), `urn_${'0'.repeat(52)}`])
      expect(await raw(h.sim, 'GET', '/network/user', undefined, key)).toEqual(NOT_AUTHORIZED);
    h.sim.admin.reset();
    expect(await raw(h.sim, 'GET', '/network/user', undefined, made.api_key)).toEqual(NOT_AUTHORIZED);
  });

  it('the seed era: the key routes are 404 and a key is no credential (its service read every token as a JWT)', async () => {
    await h.close();
    h = await startSim({ era: 'seed' });
    expect((await raw(h.sim, 'GET', '/account/api-keys', undefined, h.sim.token)).status).toBe(404);
    // A key the world holds (made by the engine, as today's service would) is still no credential.
    const world = h.sim.engine.world;
    const { api_key } = createApiKey(world, world.requestRng, 0, { name: 'x' }, h.clock.now());
    expect(await raw(h.sim, 'GET', '/network/user', undefined, api_key)).toEqual(NOT_AUTHORIZED);
    expect(h.sim.engine.networkOfApiKey(api_key)).toBeUndefined();
  });
});
