// Against the real service, read-only: runs only when NETDECK_LIVE_URL (and, for the
// operations that need one, NETDECK_LIVE_TOKEN) are set, e.g.
//   NETDECK_LIVE_URL=https://api.bringyour.com NETDECK_LIVE_TOKEN=... npx vitest run test/live
// It checks that the contract's schemas accept what the service really answers.
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';

const url = process.env.NETDECK_LIVE_URL;
const token = process.env.NETDECK_LIVE_TOKEN;
const client = url ? createClient({ baseUrl: url, token }) : undefined;
afterAll(() => client?.close());

describe.runIf(url)('the real service, without a token', () => {
  it('lists provider locations with counts, and samples providers of the biggest', async () => {
    const { locations = [], groups = [] } = await client!.providerLocations();
    expect(locations.length + groups.length).toBeGreaterThan(0);
    const biggest = [...locations].sort((a, b) => (b.provider_count ?? 0) - (a.provider_count ?? 0))[0];
    const { providers = [] } = await client!.findProviders({
      specs: [{ location_id: biggest.location_id }],
      count: 3,
    });
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.length).toBeLessThanOrEqual(3);
  });

  it('finds locations by a fuzzy query', async () => {
    const result = await client!.findLocations({ query: 'germa' });
    expect((result.locations ?? []).some((l) => /germany/i.test(l.name ?? ''))).toBe(true);
  });

  it('gives the 90-day network statistics', async () => {
    const stats = await client!.networkStats();
    expect(typeof stats.created_time).toBe('number');
  });
});

describe.runIf(url && token)('the real service, with the network token', () => {
  it('answers the associations, the payout wallet and the providers statistics', async () => {
    const associations = await client!.deviceAssociations();
    expect(associations).toBeTypeOf('object');
    expect(await client!.getPayoutWallet()).toBeTypeOf('object');
    expect(await client!.providerStats()).toBeTypeOf('object');
  });
});
