// Tokens: HS256 JWTs keyed by the seed, checked against the simulator's clock.
import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { signingKey, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../simulator/http/auth.ts';
import { type Harness, send, startFake } from './harness.ts';

const open: Harness[] = [];
async function start(seed = 7): Promise<Harness> {
  const h = await startFake({ seed });
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.sim.close()));
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const statsOf = async (h: Harness, token: string) => send(h.sim.url, 'GET', '/stats/providers', { token });

describe('simulator tokens', () => {
  it('are HS256 JWTs naming the demo network, valid for 30 days, verifiable with the seed key', async () => {
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
      jwtVerify(h.sim.token, signingKey(7), { currentDate: new Date(h.clock.now()) }),
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

  it('accepts the old tokens after a restart with the same seed, not with another seed', async () => {
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
  });

  it('follows a reset to a new seed: old tokens stop working, the new demo token works', async () => {
    const h = await start(3);
    const old = h.sim.token;
    h.sim.admin.reset(4);
    expect(h.sim.token).not.toBe(old);
    expect((await statsOf(h, old)).status).toBe(401);
    expect((await statsOf(h, h.sim.token)).status).toBe(200);
  });

  it('accepts the bearer scheme in any case and refuses other schemes', async () => {
    const h = await start();
    const lower = await send(h.sim.url, 'GET', '/stats/providers', {
      headers: { authorization: `bearer ${h.sim.token}` },
    });
    expect(lower.status).toBe(200);
    const basic = await send(h.sim.url, 'GET', '/stats/providers', {
      headers: { authorization: `Basic ${h.sim.token}` },
    });
    expect(basic.status).toBe(401);
  });
});
