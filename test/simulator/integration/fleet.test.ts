// Fleet hygiene over sockets (reference-operators.md section 3): the demo network's stale
// clients, remove-client, remove-clients (at once, scheduled on the world's clock, its
// refusals and the deployment's budget) and auth-client (new clients, re-auth, errors),
// in today's era; the seed era has no remove-clients (404).
import { afterEach, describe, expect, it } from 'vitest';
import { BULK_REMOVAL } from '../../../simulator/engine/fleet.ts';
import { decodeToken } from '../../../src/api/auth.ts';
import { BUSINESS_TEXT, REFUSALS_AS_500 } from '../../../src/contract/messages.ts';
import { STRICT_SHAPES } from '../../contract/shapes.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const HOUR = 3_600_000;
const UNKNOWN = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const shape = STRICT_SHAPES.current;

/** POST with the demo token (or `token`): status and parsed JSON (or the text). */
async function post(path: string, body: unknown, token = h!.sim.token) {
  const answer = await raw(h!.sim, 'POST', path, body, token);
  return {
    status: answer.status,
    text: answer.text,
    json: answer.status === 200 ? JSON.parse(answer.text) : undefined,
  };
}
const get = async (path: string, token = h!.sim.token) => {
  const answer = await raw(h!.sim, 'GET', path, undefined, token);
  return { status: answer.status, json: answer.status === 200 ? JSON.parse(answer.text) : undefined };
};

const clientIds = async (token = h!.sim.token) =>
  ((await get('/network/clients', token)).json.clients ?? []).map((c: { client_id: string }) => c.client_id);
const statsIds = async (path = '/stats/providers', token = h!.sim.token) =>
  (
    (path === '/stats/providers' ? await get(path, token) : await post(path, { last_n: 720 }, token)).json
      .providers ?? []
  ).map((p: { client_id: string }) => p.client_id);

/** Many ids, none of them a client: they count toward the budget only. */
const manyIds = (count: number, salt = 0) =>
  Array.from(
    { length: count },
    (_, k) => `${String(salt).padStart(8, '0')}-4b5a-4978-8a6b-${String(k).padStart(12, '0')}`,
  );

describe('the demo network’s stale clients', () => {
  it('are offline old clients of devices that came back, last seen days ago, listed and in the statistics', async () => {
    h = await startSim();
    const { fleet, providers } = h.sim.engine.world;
    expect(fleet.staleCount).toBe(2);
    const clients = (await get('/network/clients')).json.clients as {
      client_id: string;
      device_name: string;
      auth_time: string;
      create_time: string;
      connections?: unknown[];
    }[];
    const now = h.clock.now();
    const stale = clients.filter((c) => providers.ids.index(c.client_id, providers.count) >= fleet.staleFrom);
    expect(stale).toHaveLength(2);
    const last31 = (await post('/stats/providers-last-n', { last_n: 744 })).json.providers as {
      client_id: string;
      connected: boolean;
      connected_events_last_24h: { event_time: string; connected: boolean }[];
    }[];
    const lastSeen = stale.map((client) => {
      expect(client.connections).toBeUndefined();
      // The device it came back as is listed too, under the same name.
      expect(clients.filter((c) => c.device_name === client.device_name).length).toBeGreaterThanOrEqual(2);
      const row = last31.find((p) => p.client_id === client.client_id)!;
      expect(row.connected).toBe(false);
      const events = row.connected_events_last_24h;
      if (events.length) expect(events.at(-1)?.connected).toBe(false);
      const times = [client.auth_time, client.create_time, ...events.map((e) => e.event_time)].map(
        Date.parse,
      );
      return (now - Math.max(...times)) / (24 * HOUR);
    });
    // One gone for more than a week (the default period), one within it.
    expect(lastSeen.some((days) => days > 7)).toBe(true);
    expect(lastSeen.some((days) => days < 7 && days > 0.2)).toBe(true);
    // They never come back on their own.
    await h.advance(6 * 3600);
    const later = (await get('/network/clients')).json.clients as typeof clients;
    for (const client of stale)
      expect(later.find((c) => c.client_id === client.client_id)?.connections).toBeUndefined();
  });
});

describe('POST /network/remove-client', () => {
  it('removes a client: gone from the lists and statistics, its token 401, provider-last-n still answers', async () => {
    h = await startSim();
    const [victim, other] = await statsIds();
    const clientToken = h.sim.admin.token('demo', victim).token;
    expect((await get('/network/clients', clientToken)).status).toBe(200);
    const removed = await post('/network/remove-client', { client_id: victim });
    expect(removed.json).toEqual({});
    expect(shape.removeClient!.safeParse(removed.json).success).toBe(true);
    expect(await clientIds()).not.toContain(victim);
    expect(await statsIds()).not.toContain(victim);
    expect(await statsIds('/stats/providers-last-n')).not.toContain(victim);
    expect(await clientIds()).toContain(other);
    for (const route of ['/network/clients', '/stats/providers', '/device/associations'])
      expect((await get(route, clientToken)).status, route).toBe(401);
    expect((await post('/stats/provider-last-n', { client_id: victim, last_n: 24 })).status).toBe(200);
    // Again: it matches (its time reset), as the service's update does.
    expect((await post('/network/remove-client', { client_id: victim })).json).toEqual({});
    // Re-auth of a removed client, or a removed source: it does not exist.
    expect((await post('/network/auth-client', { client_id: victim, description: 'x' })).json).toEqual({
      error: { client_limit_exceeded: false, message: BUSINESS_TEXT.clientMissing },
    });
  });

  it('refuses an unknown id, another network’s client and the zero id; a null body is a 500, no token 401', async () => {
    h = await startSim();
    const refusal = { error: { message: BUSINESS_TEXT.clientMissing } };
    expect((await post('/network/remove-client', { client_id: UNKNOWN })).json).toEqual(refusal);
    expect((await post('/network/remove-client', {})).json).toEqual(refusal);
    const theirs = h.sim.admin.token(h.sim.engine.world.networks.names[1]).token;
    const [foreign] = await statsIds('/stats/providers', theirs);
    expect((await post('/network/remove-client', { client_id: foreign })).json).toEqual(refusal);
    expect(await statsIds('/stats/providers', theirs)).toContain(foreign);
    expect((await post('/network/remove-client', null)).status).toBe(500);
    const bad = await post('/network/remove-client', { client_id: 'nope' });
    expect(bad.status).toBe(400);
    const none = await raw(h.sim, 'POST', '/network/remove-client', { client_id: UNKNOWN });
    expect(none).toEqual({ status: 401, text: 'Not authorized.\n' });
  });
});

describe('POST /network/remove-clients', () => {
  it('removes up to 10 000 unique ids at once; unknown, foreign and repeated ids are ignored; [] does nothing', async () => {
    h = await startSim();
    const ids = await statsIds();
    const theirs = h.sim.admin.token(h.sim.engine.world.networks.names[1]).token;
    const [foreign] = await statsIds('/stats/providers', theirs);
    expect((await post('/network/remove-clients', { client_ids: [] })).json).toEqual({});
    expect((await post('/network/remove-clients', { client_ids: null })).json).toEqual({});
    const answer = await post('/network/remove-clients', {
      client_ids: [ids[0], ids[1], ids[0], UNKNOWN, foreign],
    });
    expect(answer.json).toEqual({});
    expect(await clientIds()).not.toContain(ids[0]);
    expect(await clientIds()).not.toContain(ids[1]);
    expect(await clientIds()).toContain(ids[2]);
    expect(await statsIds('/stats/providers', theirs)).toContain(foreign);
    expect((await post('/network/remove-clients', null)).status).toBe(500);
    expect((await raw(h.sim, 'POST', '/network/remove-clients', { client_ids: [] })).status).toBe(401);
  });

  it('schedules more than 10 000 for the current hour and removes them at the next tick; another large one is already in progress', async () => {
    h = await startSim();
    const ids = await statsIds();
    const hourStart = Math.floor(h.clock.now() / HOUR) * HOUR;
    const answer = await post('/network/remove-clients', { client_ids: [...manyIds(10_000), ids[0]] });
    expect(answer.json).toEqual({
      scheduled: true,
      scheduled_for: new Date(hourStart).toISOString().replace('.000Z', 'Z'),
    });
    expect(shape.removeClients!.safeParse(answer.json).success).toBe(true);
    expect(await clientIds()).toContain(ids[0]);
    // Another large one waits for this run; a small one is done at once all the same (the
    // service never gated that path).
    expect((await post('/network/remove-clients', { client_ids: manyIds(10_001, 1) })).json).toEqual({
      already_in_progress: true,
    });
    expect((await post('/network/remove-clients', { client_ids: [ids[1]] })).json).toEqual({});
    expect(await clientIds()).not.toContain(ids[1]);
    await h.advance(60);
    expect(await clientIds()).not.toContain(ids[0]);
    // The run is done: the network may schedule another.
    expect((await post('/network/remove-clients', { client_ids: manyIds(10_001, 2) })).json.scheduled).toBe(
      true,
    );
  });

  it('past this hour’s budget: even a small request waits for a random time in the next hour', async () => {
    h = await startSim();
    const [victim] = await statsIds();
    await raw(h.sim, 'POST', '/__sim/removal-budget', { reserved: BULK_REMOVAL.perHour });
    const nextHour = (Math.floor(h.clock.now() / HOUR) + 1) * HOUR;
    const answer = await post('/network/remove-clients', { client_ids: [victim] });
    expect(answer.json.scheduled).toBe(true);
    const at = Date.parse(answer.json.scheduled_for);
    expect(at).toBeGreaterThanOrEqual(nextHour);
    expect(at).toBeLessThan(nextHour + HOUR);
    // Waiting for a later hour does not count as a run now; it is this network's run all the same.
    expect((await post('/network/remove-clients', { client_ids: [victim] })).json).toEqual({
      already_in_progress: true,
    });
    await h.advance(60);
    expect(await clientIds()).toContain(victim);
    await h.advance(Math.ceil((at - h.clock.now()) / 1000) + 60);
    expect(await clientIds()).not.toContain(victim);
  });

  it('every bucket of the next 24 hours full: the 500 of the service, nothing reserved', async () => {
    h = await startSim();
    await raw(h.sim, 'POST', '/__sim/removal-budget', { reserved: BULK_REMOVAL.perHour, hours: 24 });
    const answer = await raw(
      h.sim,
      'POST',
      '/network/remove-clients',
      { client_ids: [UNKNOWN] },
      h.sim.token,
    );
    expect(answer).toEqual({ status: 500, text: `${REFUSALS_AS_500.bulkRemovalLimit}\n` });
    // The client reads it as a refusal with its reason.
    await expect(h.client.removeClients({ client_ids: [UNKNOWN] })).rejects.toMatchObject({
      kind: 'business',
      message: REFUSALS_AS_500.bulkRemovalLimit,
    });
  });

  it('ten runs runnable at once in the deployment: the eleventh network is told to wait', async () => {
    h = await startSim();
    const names = h.sim.engine.world.networks.names.slice(1, 1 + BULK_REMOVAL.maxRuns + 1);
    const answers = [];
    for (const [k, name] of names.entries()) {
      const token = h.sim.admin.token(name).token;
      answers.push((await post('/network/remove-clients', { client_ids: manyIds(10_001, k) }, token)).json);
    }
    expect(answers.slice(0, BULK_REMOVAL.maxRuns).every((a) => a.scheduled === true)).toBe(true);
    expect(answers.at(-1)).toEqual({ too_many_concurrent_runs: true });
    for (const answer of answers) expect(shape.removeClients!.safeParse(answer).success).toBe(true);
    await h.advance(60);
    const last = h.sim.admin.token(names.at(-1)!).token;
    expect(
      (await post('/network/remove-clients', { client_ids: manyIds(10_001, 99) }, last)).json.scheduled,
    ).toBe(true);
  });

  it('is a route the seed era lacks: 404', async () => {
    h = await startSim({ era: 'seed' });
    expect(await raw(h.sim, 'POST', '/network/remove-clients', { client_ids: [] }, h.sim.token)).toEqual({
      status: 404,
      text: '404 page not found\n',
    });
    // remove-client, auth-client and the adoption routes answer as today there.
    expect((await post('/network/remove-client', { client_id: UNKNOWN })).json).toEqual({
      error: { message: BUSINESS_TEXT.clientMissing },
    });
    expect((await post('/network/auth-client', { description: 'seed box' })).json.client_id).toBeDefined();
  });
});

describe('POST /network/auth-client', () => {
  it('a new client: its token names it and a device, it is listed at once (not in the statistics), and works', async () => {
    h = await startSim();
    const answer = await post('/network/auth-client', {
      description: 'attic pi',
      device_spec: 'netdeck/test',
    });
    expect(shape.authClient!.safeParse(answer.json).success).toBe(true);
    const { by_client_jwt: token, client_id: id } = answer.json;
    const claims = decodeToken(token)!.claims;
    expect(claims).toMatchObject({ client_id: id, network_name: 'demo' });
    expect(claims.device_id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = ((await get('/network/clients')).json.clients as Record<string, unknown>[]).find(
      (c) => c.client_id === id,
    );
    expect(listed).toMatchObject({
      description: 'attic pi',
      device_name: 'attic pi',
      device_spec: 'netdeck/test',
      device_id: claims.device_id,
    });
    expect(listed?.connections).toBeUndefined();
    expect(listed?.provide_mode).toBeUndefined();
    expect(await statsIds()).not.toContain(id);
    expect((await get('/network/clients', token)).status).toBe(200);
    // Again with its id: description and spec as sent (even empty), a fresh auth time.
    await h.advance(120);
    const again = await post('/network/auth-client', { client_id: id, description: '', device_spec: 'v2' });
    expect(again.json.client_id).toBe(id);
    const relisted = ((await get('/network/clients')).json.clients as Record<string, string>[]).find(
      (c) => c.client_id === id,
    )!;
    expect(relisted).toMatchObject({ description: '', device_spec: 'v2', device_name: 'attic pi' });
    expect(Date.parse(relisted.auth_time)).toBeGreaterThan(Date.parse(relisted.create_time));
  });

  it('a client on another client’s device: the same device id and name, source_client_id listed', async () => {
    h = await startSim();
    const first = (await post('/network/auth-client', { description: 'tv box' })).json;
    const second = (
      await post('/network/auth-client', { description: 'tv proxy', source_client_id: first.client_id })
    ).json;
    const clients = (await get('/network/clients')).json.clients as Record<string, string>[];
    const a = clients.find((c) => c.client_id === first.client_id)!;
    const b = clients.find((c) => c.client_id === second.client_id)!;
    expect(b).toMatchObject({
      source_client_id: first.client_id,
      device_id: a.device_id,
      device_name: 'tv box',
    });
    expect(decodeToken(second.by_client_jwt)!.claims.device_id).toBe(a.device_id);
  });

  it('refuses as the service does, `client_limit_exceeded` always present', async () => {
    h = await startSim();
    const refused = (message: string) => ({ error: { client_limit_exceeded: false, message } });
    expect((await post('/network/auth-client', { client_id: UNKNOWN, description: 'x' })).json).toEqual(
      refused(BUSINESS_TEXT.clientMissing),
    );
    expect((await post('/network/auth-client', { source_client_id: UNKNOWN })).json).toEqual(
      refused(BUSINESS_TEXT.clientMissing),
    );
    const [own] = await statsIds();
    expect((await post('/network/auth-client', { client_id: own, roles: ['admin'] })).json).toEqual(
      refused(BUSINESS_TEXT.rolesFixed),
    );
    expect(
      (await post('/network/auth-client', { roles: Array.from({ length: 33 }, (_, k) => `r${k}`) })).json,
    ).toEqual(refused(BUSINESS_TEXT.tooManyRoles));
    expect((await post('/network/auth-client', { principal: 'p'.repeat(257) })).json).toEqual(
      refused(BUSINESS_TEXT.principalTooLong),
    );
    expect((await post('/network/auth-client', { roles: [''] })).json).toEqual(
      refused(BUSINESS_TEXT.invalidRole),
    );
    const clientToken = h.sim.admin.token('demo', own).token;
    expect((await post('/network/auth-client', { roles: ['ops'] }, clientToken)).json).toEqual(
      refused(BUSINESS_TEXT.rolesNeedNetwork),
    );
    for (const answer of [await post('/network/auth-client', { client_id: UNKNOWN })])
      expect(shape.authClient!.safeParse(answer.json).success).toBe(true);
    // Longer than the database's columns: a database error.
    expect((await post('/network/auth-client', { description: 'd'.repeat(257) })).status).toBe(500);
    expect((await post('/network/auth-client', { device_spec: 's'.repeat(257) })).status).toBe(500);
    expect((await post('/network/auth-client', null)).status).toBe(500);
    expect((await raw(h.sim, 'POST', '/network/auth-client', {})).status).toBe(401);
    // Roles and a principal from a network token: sorted, without repeats, in the list.
    const withRoles = (await post('/network/auth-client', { roles: ['b', 'a', 'b'], principal: 'me' })).json;
    const listed = ((await get('/network/clients')).json.clients as Record<string, unknown>[]).find(
      (c) => c.client_id === withRoles.client_id,
    );
    expect(listed).toMatchObject({ roles: ['a', 'b'], principal: 'me' });
  });
});
