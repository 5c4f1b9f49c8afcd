// The blocked locations as Discover's rows (its only-blocked filter), a search narrowed to
// the blocked countries, and which question `B` asks.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import type { BlockedLocation, LocationResult } from '../../src/contract/schemas.ts';
import { createBlockedStore } from '../../src/store/blocked.ts';
import { createConnectionStore } from '../../src/store/connection.ts';
import { blockedRows, inBlocked, searchRows } from '../../src/store/discovery-rows.ts';

const DE = '3de64f75-5537-47bf-9701-1f8db31f975e';
const FR = '553dfbee-9332-476d-a93a-ee3aa5b62c83';
const BERLIN = '11111111-2222-4333-8444-555555555555';
const PARIS = '21111111-2222-4333-8444-555555555555';

const blocked: BlockedLocation[] = [
  { location_id: BERLIN, location_name: 'Berlin', location_type: 'city', country_code: 'de' },
  { location_id: DE, location_name: 'Germany', location_type: 'country', country_code: 'de' },
];
const listed: LocationResult = {
  locations: [
    { location_id: DE, location_type: 'country', name: 'Germany', country_code: 'de', provider_count: 12 },
    { location_id: FR, location_type: 'country', name: 'France', country_code: 'fr', provider_count: 9 },
  ],
};

describe('blocked rows', () => {
  it('countries first, counts from the browse list, a city’s country found by its code', () => {
    const rows = blockedRows(blocked, listed, 'name');
    expect(rows.map((r) => [r.kind, r.name, r.providerCount, r.countryId])).toEqual([
      ['country', 'Germany', 12, DE],
      ['city', 'Berlin', undefined, DE],
    ]);
    expect(rows[1].spec).toEqual({ location_id: BERLIN });
  });

  it('a search narrowed to the blocked countries keeps their places and the blocked ones only', () => {
    const result: LocationResult = {
      locations: [
        { location_id: DE, location_type: 'country', name: 'Germany', country_code: 'de' },
        { location_id: FR, location_type: 'country', name: 'France', country_code: 'fr' },
        {
          location_id: PARIS,
          location_type: 'city',
          name: 'Paris',
          country_location_id: FR,
          country_code: 'fr',
        },
        {
          location_id: BERLIN,
          location_type: 'city',
          name: 'Berlin',
          country_location_id: DE,
          country_code: 'de',
        },
      ],
    };
    const rows = inBlocked(searchRows(result, undefined, 'e', 'find-provider-locations'), new Set([DE]));
    expect(rows.map((r) => r.name).sort()).toEqual(['Berlin', 'Germany']);
  });
});

describe('the question of B', () => {
  it('asks to block a country not blocked, to unblock one that is', () => {
    const client = { blockedLocations: async () => ({ blocked_locations: blocked }) } as unknown as ApiClient;
    const store = createBlockedStore({
      client,
      clock: new ManualClock(),
      connection: createConnectionStore(),
    });
    store.setState({ data: blocked });
    store.getState().ask({ id: FR, name: 'France', code: 'fr' });
    expect(store.getState().question).toMatchObject({ action: 'block', phase: 'ask' });
    store.getState().ask({ id: DE, name: 'Germany', code: 'de' });
    expect(store.getState().question).toMatchObject({ action: 'unblock', name: 'Germany' });
  });
});
