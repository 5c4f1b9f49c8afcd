// Tokens: HS256 JWTs keyed by a master key and the seed, checked against the simulator's clock.
import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { signingKey, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../simulator/http/auth.ts';
import { type Harness, send, startFake } from './harness.ts';

/** The master key of these tests' simulators (a real one makes a random key of its own). */
const KEY = new Uint8Array(32).fill(3);

const open: Harness[] = [];
async function start(seed = 7, signingKey: Uint8Array = KEY): Promise<Harness> {
  const h = await startFake({ seed, signingKey });
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.sim.close()));
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const statsOf = async (h: Harness, token: string) => send(h.sim.url, 'GET', '/stats/providers', { token });

describe('simulator tokens', () => {
  it('are HS256 JWTs naming the demo network, valid for 30 days, verifiable with the key of the seed', async () => {
    const h = await start();
    expect(decodeProtectedHeader(h.sim.token).alg).toBe('HS256');
    const claims = decodeJwt(h.sim.token);
    expect(claims).toMatchObject({
      network_id: h.engine.demoNetwork.id,
      network_name: 'demo',
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      create_time: '2026-01-01T00:00:00.000Z',
    });
    expect(claims.sub).toBe(claims.user_id);
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);
    await expect(
      jwtVerify(h.sim.token, signingKey(KEY, 7), { currentDate: new Date(h.clock.now()) }),
    ).resolves.toBeTruthy();
    expect((await statsOf(h, h.sim.token)).status).toBe(200);
  });

  it('rejects a token with a wrong signature', async () => {
    const h = await start();
    const [header, payload] = h.sim.token.split('.');
    const forged = `${header}.${payload}.${createHmac('sha256', 'guess').update(`${header}.${payload}`).digest('base64url')}`;
    const res = await statsOf(h, forged);
    expect(res.status).toBe(401);
    expect(res.text).toBe('Not authorized.\n');
  });

  it('rejects an unsigned token (alg none)', async () => {
    const h = await start();
    const payload = h.sim.token.split('.')[1];
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await statsOf(h, unsigned)).status).toBe(401);
  });

  it('rejects a token once 30 simulated days have passed', async () => {
    const h = await start();
    const token = h.sim.token;
    expect((await statsOf(h, token)).status).toBe(200);
    // Expiry does not depend on the world: without its 60 s ticks a month passes at once.
    h.engine.stop();
    await h.clock.advance(29 * 24 * 3600 * 1000);
    expect((await statsOf(h, token)).status).toBe(200);
    await h.clock.advance(2 * 24 * 3600 * 1000);
    expect((await statsOf(h, token)).status).toBe(401);
  });

  it("gives another network's token that network's data only", async () => {
    const h = await start();
    const other = h.sim.admin.token('acme');
    const demo = (await statsOf(h, h.sim.token)).json() as { providers: { client_id: string }[] };
    const acme = (await statsOf(h, other.token)).json() as { providers: { client_id: string }[] };
    expect(demo.providers[0].client_id).toBe(h.engine.demoNetwork.id);
    expect(acme.providers[0].client_id).toBe(other.network_id);
    expect(other.network_id).not.toBe(h.engine.demoNetwork.id);
  });

  it('accepts the old tokens after a restart with the same key and seed, not with another seed or key', async () => {
    const first = await start(11);
    const demoToken = first.sim.token;
    const acmeToken = first.sim.admin.token('acme').token;
    await first.sim.close();

    const again = await start(11);
    expect((await statsOf(again, demoToken)).status).toBe(200);
    // 'acme' is unknown to the fresh world: it is re-created from the token's claims.
    const acme = await statsOf(again, acmeToken);
    expect(acme.status).toBe(200);
    expect((acme.json() as { providers: { client_id: string }[] }).providers[0].client_id).toBe(
      decodeJwt(acmeToken).network_id,
    );

    const other = await start(12);
    expect((await statsOf(other, demoToken)).status).toBe(401);
    const anotherKey = await start(11, new Uint8Array(32).fill(4));
    expect((await statsOf(anotherKey, demoToken)).status).toBe(401);
  });

  it('are signed with a random key unless given one: knowing the seed is not enough to mint one', async () => {
    const first = await startFake({ seed: 11 });
    const second = await startFake({ seed: 11 });
    open.push(first, second);
    // The same world, but neither accepts the other's tokens.
    expect(decodeJwt(first.sim.token).network_id).toBe(decodeJwt(second.sim.token).network_id);
    expect((await statsOf(first, first.sim.token)).status).toBe(200);
    expect((await statsOf(second, first.sim.token)).status).toBe(401);
    // Nor one signed as tokens were before: with a key derived from the seed alone.
    const [header, payload] = first.sim.token.split('.');
    const seedKey = createHmac('sha256', 'netdeck simulator jwt signing key v1').update('11').digest();
    const minted = `${header}.${payload}.${createHmac('sha256', seedKey).update(`${header}.${payload}`).digest('base64url')}`;
    expect((await statsOf(first, minted)).status).toBe(401);
  });

  it('follows a reset to a new seed: old tokens stop working, the new demo token works', async () => {
    const h = await start(3);
    const old = h.sim.token;
    h.sim.admin.reset(4);
    expect(h.sim.token).not.toBe(old);
    expect((await statsOf(h, old)).status).toBe(401);
    expect((await statsOf(h, h.sim.token)).status).toBe(200);
  });

  it('takes exactly `Bearer ` and the token, as the service (any other spelling is 401 Not authorized.)', async () => {
    const h = await start();
    const token = h.sim.token;
    const get = (authorization: string) =>
      send(h.sim.url, 'GET', '/stats/providers', { headers: { authorization } });
    const post = (authorization: string, body = '{}') =>
      send(h.sim.url, 'POST', '/device/add', { body, headers: { authorization } });
    expect((await get(`Bearer ${token}`)).status).toBe(200);
    expect((await post(`Bearer ${token}`, '{"code":"x"}')).status).toBe(200);
    for (const authorization of [
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer  ${token}`,
      `Bearer\t${token}`,
      `Basic ${token}`,
      token,
      'Bearer',
    ]) {
      const got = await get(authorization);
      expect([got.status, got.text], authorization).toEqual([401, 'Not authorized.\n']);
      const posted = await post(authorization, '{"code":"x"}');
      expect([posted.status, posted.text], authorization).toEqual([401, 'Not authorized.\n']);
      // The body is read before the token: a bad one is a 400 whatever the header says.
      const bad = await post(authorization, '{"code":1}');
      expect(bad.status, authorization).toBe(400);
    }
  });
});
