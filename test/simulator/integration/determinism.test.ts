// Same seed, same requests, same simulated time (and the same token signing key, which is
// random unless given): the same answers, byte for byte.
import { afterEach, describe, expect, it } from 'vitest';
import { raw, type SimHarness, startSim } from './harness.ts';

const open: SimHarness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

const KEY = new Uint8Array(32).fill(5);

async function script(seed: number): Promise<string[]> {
  const h = await startSim({ seed, signingKey: KEY });
  open.push(h);
  const out: string[] = [];
  const record = async (method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const res = await raw(h.sim, method, path, body, token);
    out.push(`${method} ${path} ${res.status} ${res.text}`);
    return res;
  };
  out.push(`token ${h.sim.token}`);
  const located = JSON.parse((await record('GET', '/network/provider-locations')).text);
  const country = located.locations.find(
    (location: { location_type: string }) => location.location_type === 'country',
  );
  await record('POST', '/network/find-locations', { query: country.name.slice(0, 3) });
  await record('POST', '/network/find-providers2', {
    specs: [{ location_id: country.location_id }],
    count: 5,
  });
  await record('POST', '/network/find-providers2', {
    specs: [{ location_id: country.location_id }],
    count: 5,
  });
  const own = JSON.parse((await record('GET', '/stats/providers', undefined, h.sim.token)).text);
  await record('GET', '/device/associations', undefined, h.sim.token);
  await record('POST', '/device/create-share-code', { client_id: own.providers[0].client_id }, h.sim.token);
  const guest = h.sim.admin.token('guest');
  out.push(`guest ${guest.token}`);
  out.push(`codes ${JSON.stringify(h.sim.admin.codes())}`);
  await h.advance(300);
  await record('GET', '/stats/last-90');
  await record('GET', '/stats/providers', undefined, h.sim.token);
  await record('GET', '/device/associations', undefined, h.sim.token);
  await record('POST', '/network/find-providers2', {
    specs: [{ location_id: country.location_id }],
    count: 5,
  });
  return out;
}

describe('determinism', () => {
  it('two simulators with the same seed and key answer the same sequence identically', async () => {
    const [first, second] = await Promise.all([script(5), script(5)]);
    expect(second).toEqual(first);
  });

  it('a different seed gives a different world', async () => {
    const [first, other] = await Promise.all([script(5), script(6)]);
    const locations = (lines: string[]) =>
      lines.find((line) => line.startsWith('GET /network/provider-locations'));
    expect(locations(other)).not.toBe(locations(first));
    expect(other[0]).not.toBe(first[0]);
  });
});
