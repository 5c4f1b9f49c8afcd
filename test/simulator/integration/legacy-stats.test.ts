// The older routes real clients still call, over sockets (reference-operators.md,
// section 7): the two -last-90 aliases and the providers map.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { regionCoordinates } from '../../../simulator/world/coordinates.ts';
import { ERAS } from '../../../src/contract/eras.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
beforeEach(async () => {
  h = await startSim({ era: 'current' });
});
afterEach(async () => {
  await h.close();
});

const json = async (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token: string | undefined = h.sim.token,
) => JSON.parse((await raw(h.sim, method, path, body, token)).text);

describe('the -last-90 aliases', () => {
  it.each(ERAS)(
    '%s era: the overview is providers-overview-last-n with a lookback of 90, 91 days',
    async (era) => {
      await h.close();
      h = await startSim({ era });
      const legacy = await json('GET', '/stats/providers-overview-last-90');
      expect(legacy.lookback).toBe(90);
      expect(Object.keys(legacy.uptime)).toHaveLength(91);
      expect(legacy).toEqual(await json('POST', '/stats/providers-overview-last-n', { lookback: 90 }));
      expect(await raw(h.sim, 'GET', '/stats/providers-overview-last-90')).toEqual({
        status: 401,
        text: 'Not authorized.\n',
      });
    },
  );

  it('provider-last-90: 90 days unless last_n or lookback says otherwise; another network’s provider is a 403', async () => {
    const provider = (await h.client.providerStats()).providers![0].client_id!;
    const legacy = await json('POST', '/stats/provider-last-90', { client_id: provider });
    expect(legacy.lookback).toBe(90);
    expect(legacy).toEqual(
      await json('POST', '/stats/provider-last-n', { client_id: provider, lookback: 90 }),
    );
    for (const body of [
      { client_id: provider, last_n: 24 },
      { client_id: provider, lookback: 7 },
      { client_id: provider, last_n: -1, lookback: 0 },
    ]) {
      const expected = (body.last_n ?? 0) > 0 || (body.lookback ?? 0) > 0 ? body : { ...body, lookback: 90 };
      expect(await json('POST', '/stats/provider-last-90', body), JSON.stringify(body)).toEqual(
        await json('POST', '/stats/provider-last-n', expected),
      );
    }
    expect(
      await raw(
        h.sim,
        'POST',
        '/stats/provider-last-90',
        { client_id: '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' },
        h.sim.token,
      ),
    ).toEqual({
      status: 403,
      text: 'Not authorized to view this provider.\n',
    });
    expect(await raw(h.sim, 'POST', '/stats/provider-last-90', null, h.sim.token)).toEqual({
      status: 500,
      text: 'Error. Please email support@ur.io for help.\n',
    });
  });
});

describe('GET /stats/providers-map', () => {
  it('counts connected public providers by country code and region name, with the region’s centroid; no auth', async () => {
    const { geo, providers } = h.sim.engine.world;
    // The header is never read: a bad token changes nothing.
    const map = await json('GET', '/stats/providers-map', undefined, 'not-a-token');
    let total = 0;
    for (const [code, regions] of Object.entries(map) as [
      string,
      Record<string, { provider_count: number; lat: number; lon: number }>,
    ][]) {
      expect(code).toMatch(/^[a-z]{2}$/);
      for (const [name, entry] of Object.entries(regions)) {
        const region = geo.regionName.findIndex(
          (n, r) => n === name && geo.countryCode[geo.regionCountry[r]] === code,
        );
        expect(region, `${code} ${name}`).toBeGreaterThanOrEqual(0);
        expect(entry).toEqual({ provider_count: entry.provider_count, ...regionCoordinates(geo, region) });
        total += entry.provider_count;
      }
    }
    expect(total).toBe(providers.eligibleTotal);
    // Go writes map keys sorted.
    expect(Object.keys(map)).toEqual(Object.keys(map).sort());
  });

  it('is exported every 5 minutes: the same answer within them, a new one after', async () => {
    const first = (await raw(h.sim, 'GET', '/stats/providers-map')).text;
    await h.advance(4 * 60);
    expect((await raw(h.sim, 'GET', '/stats/providers-map')).text).toBe(first);
    await h.advance(60);
    const providers = h.sim.engine.world.providers;
    expect(JSON.parse((await raw(h.sim, 'GET', '/stats/providers-map')).text)).not.toEqual(JSON.parse(first));
    expect(providers.eligibleTotal).toBeGreaterThan(0);
  });

  it('answers {} when no provider is connected, and 404 in the seed era', async () => {
    await h.close();
    h = await startSim({ era: 'current', providers: 1, ownProviders: 1 });
    const [only] = (await h.client.providerStats()).providers!;
    await h.sim.admin.setProviderConnected({ client_id: only.client_id!, connected: false });
    expect(await raw(h.sim, 'GET', '/stats/providers-map')).toEqual({ status: 200, text: '{}' });
    await h.close();
    h = await startSim({ era: 'seed' });
    expect((await raw(h.sim, 'GET', '/stats/providers-map')).status).toBe(404);
  });
});
