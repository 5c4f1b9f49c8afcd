// Every answer of the simulator, in both eras, read two ways: by the contract's lenient
// schemas (what the client accepts) and by the strict shapes of shapes.ts (what the
// service sends, from its published spec). And the client reads answers shaped exactly
// as the Go server writes them: omitted zero fields, zero UUIDs, `null` arrays,
// nanosecond times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { createClient } from '../../src/api/client.ts';
import { ManualClock } from '../../src/clock.ts';
import {
  type Endpoint,
  endpoints,
  type OperationName,
  operationNames,
} from '../../src/contract/endpoints.ts';
import { ERAS, type Era } from '../../src/contract/eras.ts';
import { servedIn } from '../../src/contract/routes.ts';
import { readAs } from '../../src/contract/schemas.ts';
import { startFixture } from '../api/fixture.ts';
import { OPERATION_BODIES } from '../reliability/samples.ts';
import { STRICT_SHAPES } from './shapes.ts';

const UNKNOWN_ID = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

/** What the simulator offers now, for bodies that reach a route's success branch. */
interface Live {
  adoptCode: string;
  shareCode: string;
  ownShareCode?: string;
  email: string;
  password: string;
  authCode: string;
  walletId: string;
  /** codes devices made (create-adopt-code): the first added by the demo network */
  devices: { code: string; secret: string }[];
  /** balance codes nobody has redeemed (issue 34) */
  balanceCodes: string[];
}

/** 10 001 ids: more than remove-clients removes at once. */
const MANY_IDS = Array.from(
  { length: 10_001 },
  (_, k) => `0f1e2d3c-4b5a-4978-8a6b-${String(k).padStart(12, '0')}`,
);

/** Bodies that reach every branch of the routes with a strict shape. */
function variants(
  name: OperationName,
  places: { country: string; city: string; group?: string; provider: string },
  live: Live,
): unknown[] {
  switch (name) {
    case 'addDevice':
      return [{ code: live.adoptCode }, { code: live.shareCode }, OPERATION_BODIES[name]];
    case 'shareStatus':
    case 'confirmShare':
      return [...(live.ownShareCode ? [{ share_code: live.ownShareCode }] : []), OPERATION_BODIES[name]];
    case 'authLogin':
      return [{ user_auth: live.email }, { user_auth: 'nobody@example.com' }, OPERATION_BODIES[name]];
    case 'authLoginWithPassword':
      return [{ user_auth: live.email, password: live.password }, OPERATION_BODIES[name]];
    case 'authCodeLogin':
      return [{ auth_code: live.authCode }, OPERATION_BODIES[name]];
    case 'setPayoutWallet':
      return [{ wallet_id: live.walletId }];
    case 'findLocations':
    case 'findProviderLocations':
      return [
        {},
        { query: '' },
        { query: 'ger' },
        { query: 'germany' },
        { query: 'bxrlin' },
        { query: 'united', rank_mode: 'speed' },
        { query: 'united', rank_mode: 'cheapest' },
        { query: UNKNOWN_ID.toUpperCase() },
        { query: 'zzqxv', max_distance_fraction: 0.5, enable_max_distance_fraction: true },
      ];
    case 'findProviders':
      return [
        {},
        { specs: [{ location_id: places.country }], count: 3, force_count: true },
        { specs: [{ location_id: places.city }, { client_id: UNKNOWN_ID }] },
        { specs: [{ best_available: true }], count: 30, rank_mode: 'speed' },
        { specs: [{ best_available: true }], count: 5, force_minimum: true, force_count: true },
        ...(places.group ? [{ specs: [{ location_group_id: places.group }], count: 4 }] : []),
      ];
    case 'providersLastN':
      return [{}, { last_n: 168 }, { last_n: 0.5 }];
    case 'providerLastN':
      return [
        { client_id: places.provider, last_n: 24 },
        { client_id: places.provider, lookback: 7 },
        { client_id: places.provider, last_n: 720 },
        { client_id: places.provider, last_n: 1e6 },
      ];
    case 'providersOverviewLastN':
      return [{}, { lookback: 30 }, { last_n: 2 }];
    // issue 26, groups 4, 5, 7 and the network user
    case 'updateNetworkName':
      return [
        { network_name: 'demo' },
        { network_name: 'abc' },
        { network_name: 'x'.repeat(51) },
        { network_name: 'no_underscores' },
        { network_name: 'Fresh Name 7' },
        { network_name: 'fresh-name-8' },
      ];
    case 'blockLocation':
    case 'unblockLocation':
      return [{ location_id: places.country }, { location_id: places.city }, OPERATION_BODIES[name], {}];
    case 'createApiKey':
      return [{ name: 'scripts' }, {}];
    case 'providerLast90':
      return [{ client_id: places.provider }, { client_id: places.provider, last_n: 24 }];
    case 'removeClient':
      return [{ client_id: places.provider }, OPERATION_BODIES[name]];
    case 'removeClients':
      // at once; scheduled; a run of the network pending already
      return [
        { client_ids: [] },
        { client_ids: [UNKNOWN_ID, UNKNOWN_ID] },
        { client_ids: MANY_IDS },
        { client_ids: MANY_IDS },
      ];
    case 'authClient':
      return [
        OPERATION_BODIES[name],
        { client_id: UNKNOWN_ID, description: 'x' },
        { description: 'x', roles: [''] },
        { description: 'x', source_client_id: UNKNOWN_ID },
        // Issue 34: a proxy, one with WireGuard, one without a place (unread by the seed era).
        { description: 'proxy', proxy_config: { initial_device_state: { country_code: 'de' } } },
        {
          proxy_config: {
            enable_wg: true,
            https_require_auth: true,
            initial_device_state: { country_code: 'DE' },
          },
        },
        { proxy_config: {} },
      ];
    // Issue 34.
    case 'checkBalanceCode':
      return [{ secret: live.balanceCodes[0] }, OPERATION_BODIES[name]];
    case 'redeemBalanceCode':
      return [{ secret: live.balanceCodes[1] }, { secret: live.balanceCodes[1] }];
    case 'networkCheck':
      return [{ network_name: 'demo-network-new' }, { network_name: 'x' }, OPERATION_BODIES[name]];
    case 'networkCreate':
      return [OPERATION_BODIES[name], { terms: true }];
    case 'authVerifySend':
    case 'authPasswordReset':
      return [{ user_auth: live.email }];
    case 'authVerify':
      return [{ user_auth: live.email, verify_code: 'nope' }, OPERATION_BODIES[name]];
    // It would delete the network the loop runs in: test/simulator/integration/sign-up.test.ts.
    case 'networkDelete':
      return [];
    case 'adoptStatus':
      return [
        { adopt_code: live.devices[0].code },
        { adopt_code: live.devices[1].code },
        OPERATION_BODIES[name],
      ];
    case 'confirmAdopt':
      return [
        {
          adopt_code: live.devices[0].code,
          adopt_secret: live.devices[0].secret,
          associated_network_name: 'demo',
        },
        OPERATION_BODIES[name],
      ];
    case 'removeAdoptCode':
      return [
        { adopt_code: live.devices[1].code, adopt_secret: live.devices[1].secret },
        OPERATION_BODIES[name],
      ];
    case 'setRankingVisibility':
      return [{ is_public: true }, {}, null, { is_public: false }];
    case 'leaderboard':
      return [{}, null, { unknown: 1 }];
    default:
      return [OPERATION_BODIES[name]];
  }
}

describe.each(ERAS)('every answer of the simulator playing the %s era', (era: Era) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await createSimulator({ seed: 3, era, clock: new ManualClock(), providers: 1500, locations: 150 });
  });
  afterAll(() => sim.close());

  async function answer(endpoint: Endpoint, body: unknown): Promise<{ status: number; json?: unknown }> {
    const response = await fetch(`${sim.url}${endpoint.path}`, {
      method: endpoint.method,
      headers: endpoint.auth ? { authorization: `Bearer ${sim.token}` } : {},
      body: endpoint.method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const text = await response.text();
    return { status: response.status, json: response.status === 200 ? JSON.parse(text) : undefined };
  }

  it('validates against the contract, and against the strict shape of its era where one is written', async () => {
    const listed = (await answer(endpoints.providerLocations, undefined)).json as {
      locations: { location_id: string; location_type: string }[];
      groups: { location_group_id: string }[];
    };
    const sample = await answer(endpoints.findProviderLocations, { query: 'germany' });
    const located = (sample.json as { locations: { location_id: string; location_type: string }[] })
      .locations;
    const places = {
      country: listed.locations.find((l) => l.location_type === 'country')!.location_id,
      // A city: listed in the seed era, found by searching its country today.
      city: [...listed.locations, ...located].find((l) => l.location_type === 'city')!.location_id,
      group: listed.groups[0]?.location_group_id,
      provider: (
        (await answer(endpoints.providerStats, undefined)).json as { providers: { client_id: string }[] }
      ).providers[0].client_id,
    };
    const codes = sim.admin.codes();
    const own = (await answer(endpoints.deviceAssociations, undefined)).json as {
      outgoing_shared_devices: { code?: string }[];
    };
    const live: Live = {
      adoptCode: codes.adopt_codes[0].code,
      shareCode: codes.share_codes[0].code,
      ownShareCode: own.outgoing_shared_devices.find((d) => d.code)?.code,
      email: codes.demo_user.email,
      password: codes.demo_user.password,
      authCode: ((await answer(endpoints.authCodeCreate, {})).json as { auth_code: string }).auth_code,
      walletId: codes.wallets[0].wallet_id,
      devices: [],
      balanceCodes: codes.balance_codes.map((code) => code.secret),
    };
    for (let k = 0; k < 2; k++) {
      const made = (await answer(endpoints.createAdoptCode, { device_name: `device ${k}` })).json as {
        adopt_code: string;
        adopt_secret: string;
      };
      live.devices.push({ code: made.adopt_code, secret: made.adopt_secret });
    }
    await answer(endpoints.addDevice, { code: live.devices[0].code });
    const strict = STRICT_SHAPES[era];
    let checked = 0;
    for (const name of operationNames.filter((n) => servedIn(n, era))) {
      const endpoint: Endpoint = endpoints[name];
      for (const body of variants(name, places, live)) {
        const { status, json } = await answer(endpoint, body);
        if (status !== 200) continue;
        const lenient = readAs(endpoint.response, structuredClone(json));
        expect(lenient.success, `${name} ${JSON.stringify(body)}: ${lenient.error?.message}`).toBe(true);
        const shape = strict[name];
        if (!shape) continue;
        const parsed = shape.safeParse(json);
        expect(parsed.success, `${era} ${name} ${JSON.stringify(body)}: ${parsed.error?.message}`).toBe(true);
        checked++;
      }
    }
    // Every strict shape saw answers (the variants above), more than one for the searches.
    expect(checked).toBeGreaterThanOrEqual(Object.keys(strict).length + 10);
  });

  it('answers the routes it does not serve with 404', async () => {
    for (const name of operationNames.filter((n) => !servedIn(n, era))) {
      const endpoint: Endpoint = endpoints[name];
      expect((await answer(endpoint, {})).status, name).toBe(404);
    }
  });
});

describe('the client reads answers shaped as the Go server writes them', () => {
  const ZERO = '00000000-0000-0000-0000-000000000000';
  /** Raw texts as the service's encoding/json writes them (no pretty printing, Go's field order). */
  const GO: Partial<Record<OperationName, string>> = {
    providerLocations:
      '{"groups":[],"locations":[{"location_id":"3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47","location_type":"country","name":"Germany","country":"Germany","country_location_id":"3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47","country_code":"de","provider_count":12,"stable":true,"strong_privacy":false}],"devices":[],"country_count":1,"region_count":0,"city_count":0,"stable_count":1,"strong_privacy_count":0}',
    findProviders: `{"providers":[{"client_id":"${UNKNOWN_ID}","estimated_bytes_per_second":0,"has_estimated_bytes_per_second":false,"tier":0,"intermediary_ids":null}]}`,
    providerStats:
      '{"created_time":"2026-08-22T10:15:30.123456789Z","providers":[{"client_id":"3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47","connected":true,"connected_events_last_24h":null,"uptime_last_24h":0,"transfer_data_last_24h":0,"payout_last_24h":0,"search_interest_last_24h":0,"contracts_last_24h":0,"clients_last_24h":0}]}',
    getPayoutWallet: '{"wallet_id":null}',
    networkClients: '{"clients":null}',
    addDevice: `{"client_id":"${ZERO}","error":{"message":"Invalid code."}}`,
    deviceAssociations:
      '{"pending_adoption_devices":[],"incoming_shared_devices":[{"code":"a b c d e f","device_name":"phone","client_id":"3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47","network_name":"home"}],"outgoing_shared_devices":[]}',
    networkStats:
      '{"lookback":90,"created_time":1787393730123,"all_transfer_data":{"2026-08-21":18014398509481984},"all_transfer_summary":17179869184,"all_transfer_summary_rate":1553,"providers_data":{"2026-08-21":4012},"providers_summary":4012}',
    sendFeedback: '{"feedback_id":"3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47"}',
  };

  it('reads each without complaint, nulls as absent, 64-bit figures and all', async () => {
    const fixture = await startFixture((request) => {
      const name = operationNames.find(
        (n) => request.path === endpoints[n].path && request.method === endpoints[n].method,
      );
      return { body: GO[name!] ?? '{}', headers: { 'content-type': 'application/json' } };
    });
    const client = createClient({ baseUrl: fixture.url, token: 'x.y.z', retries: 0 });
    try {
      const listed = await client.providerLocations();
      expect(listed.locations?.[0]).toMatchObject({ name: 'Germany', stable: true, provider_count: 12 });
      expect(listed.country_count).toBe(1);
      const found = await client.findProviders({});
      expect(found.providers?.[0]).toEqual({
        client_id: UNKNOWN_ID,
        estimated_bytes_per_second: 0,
        has_estimated_bytes_per_second: false,
        tier: 0,
      });
      const stats = await client.providerStats();
      expect(stats.created_time).toBe('2026-08-22T10:15:30.123456789Z');
      expect(stats.providers?.[0].connected_events_last_24h).toBeUndefined();
      expect((await client.getPayoutWallet()).wallet_id).toBeUndefined();
      expect((await client.networkClients()).clients).toBeUndefined();
      // A business error still carries the zero UUID the Go struct always sends.
      await expect(client.addDevice({ code: 'x' })).rejects.toMatchObject({
        kind: 'business',
        message: 'Invalid code.',
      });
      const associations = await client.deviceAssociations();
      expect(associations.incoming_shared_devices?.[0].pending).toBeUndefined();
      const network = await client.networkStats();
      expect(network.all_transfer_data?.['2026-08-21']).toBe(2 ** 54);
      expect((await client.sendFeedback({})).feedback_id).toBe('3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47');
    } finally {
      await client.close();
      await fixture.close();
    }
  });
});
