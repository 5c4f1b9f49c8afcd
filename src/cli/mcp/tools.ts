// The tools of `netdeck mcp` that read: one row each, over the function the matching
// command prints with --json (its structured result holds the same records), their
// schemas those of the service's answers in src/contract. What changes the network is in
// actions.ts.

import * as z from 'zod';
import { maskClientSecrets } from '../../api/proxy-secrets.ts';
import { type Endpoints, endpoints } from '../../contract/endpoints.ts';
import { NetworkClient, RANK_MODES, Udid } from '../../contract/schemas.ts';
import { parsePeriod } from '../../format/numbers.ts';
import { fleetTotals } from '../../store/fleet-totals.ts';
import { HISTORY_WINDOWS } from '../../store/history.ts';
import { IDLE_HOURS_BOUNDS, idleVerdicts } from '../../store/idle.ts';
import { viewRows } from '../../store/list-sort-filter.ts';
import { MY_PROVIDERS_LIST, MY_PROVIDERS_SORT_COLUMNS } from '../../store/my-providers.ts';
import { MAX_BATCH } from '../../store/provider-walk.ts';
import { PERIOD_PROBLEM } from '../../store/stale-clients.ts';
import { blockedResult } from '../commands/blocked.ts';
import { findStale } from '../commands/clients.ts';
import { earningsAnswers } from '../commands/earnings.ts';
import { fetchLocations } from '../commands/locations.ts';
import { buildRequest } from '../commands/providers.ts';
import { rankingAnswer } from '../commands/ranking.ts';
import { reliabilityAnswer } from '../commands/reliability.ts';
import { providerStatsResult } from '../commands/stats.ts';
import { providerHistoryResult } from '../commands/stats-history.ts';
import { READS, type ToolSession, tool } from './tool.ts';

/** The schema of the service's answer to an operation of the endpoint table. */
const answerOf = <K extends keyof Endpoints>(name: K): Endpoints[K]['response'] => endpoints[name].response;

/** No arguments: anything given is refused, named. */
const NOTHING = z.strictObject({});

/** A period as `clients --stale` takes it (30m, 12h, 7d, 2w), in ms. */
export const stalePeriod = z
  .string()
  .default('7d')
  .describe('how long a client has been unseen and offline: 30m, 12h, 7d or 2w (default 7d)')
  .transform((text, context) => {
    const ms = parsePeriod(text);
    if (ms === undefined) context.addIssue({ code: 'custom', message: PERIOD_PROBLEM });
    return ms ?? 0;
  });

/** The hours a tool judges idle providers over, when it is asked to use others than the server's. */
const idleHoursArg = z
  .number()
  .min(IDLE_HOURS_BOUNDS.min)
  .max(IDLE_HOURS_BOUNDS.max)
  .optional()
  .describe(
    'idle over this many hours: connected throughout them with no search, contract or transfer (default: this server’s idle hours, netdeck://notes)',
  );

/** The client ids idle over `hours`, judged as `watch --idle-hours` and the exporter judge them. */
async function idleProviders({ client }: ToolSession, hours: number): Promise<Set<string>> {
  const verdicts = idleVerdicts(await client.providersLastN({ last_n: hours }), hours);
  return new Set([...verdicts].flatMap(([clientId, { state }]) => (state === 'idle' ? [clientId] : [])));
}

const NamedProvider = z.object({ client_id: z.string(), device_name: z.string().optional() });

const FleetState = z.object({
  providers: z.int().describe('the network’s providers (stats providers lists them)'),
  up: z.int().describe('providers connected now (idle ones among them)'),
  down: z.int().describe('providers not connected now'),
  down_providers: z.array(NamedProvider),
  idle: z
    .int()
    .describe('providers connected throughout the idle hours with no search, contract or transfer in them'),
  idle_providers: z.array(NamedProvider),
  idle_hours: z.number().describe('the hours idle is judged over'),
  transfer_gib_24h: z.number().describe('GiB the providers relayed in the last 24 hours'),
  payout_usd_24h: z.number().describe('USD the providers earned in the last 24 hours'),
  as_of: z.string().optional().describe('when the service computed the statistics (RFC 3339)'),
});

const ProvidersAnswer = answerOf('providerStats');

export const TOOLS = [
  tool({
    name: 'fleet_state',
    title: 'The fleet now',
    description:
      'How the network’s providers stand: how many are up, down and idle (and which are down or idle), and the GiB they relayed and the USD they earned over the last 24 hours. Up and down are counted as `netdeck stats providers` counts them, idle as `netdeck watch --idle-hours` reports it (connected the idle hours and carrying nothing: netdeck://notes).',
    input: z.strictObject({ idle_hours: idleHoursArg }),
    output: FleetState,
    annotations: READS,
    run: async (session, { idle_hours }) => {
      const hours = idle_hours ?? session.idleHours;
      const [stats, idle] = await Promise.all([providerStatsResult(session), idleProviders(session, hours)]);
      const totals = fleetTotals(stats);
      const rows = stats.providers ?? [];
      const names = new Map(rows.map((p) => [p.client_id, p.device_name]));
      const named = (clientId: string) => {
        const name = names.get(clientId);
        return { client_id: clientId, ...(typeof name === 'string' ? { device_name: name } : {}) };
      };
      return {
        result: {
          providers: totals.providers,
          up: totals.connected,
          down: totals.disconnected,
          down_providers: rows.flatMap((p) => (!p.connected && p.client_id ? [named(p.client_id)] : [])),
          idle: idle.size,
          idle_providers: [...idle].map(named),
          idle_hours: hours,
          transfer_gib_24h: totals.transferGib,
          payout_usd_24h: totals.payoutUsd,
          ...(stats.created_time ? { as_of: stats.created_time } : {}),
        },
      };
    },
  }),

  tool({
    name: 'providers',
    title: 'Providers and their statistics',
    description:
      'The network’s providers with their last 24 hours, as `netdeck stats providers --json` has them (uptime in hours, transfer in GiB, payout in USD, searches, contracts, clients; device name and provide mode from the clients list), filtered, sorted and cut to a number. `state: "idle"` lists the idle ones: connected the idle hours with no search, contract or transfer in them (netdeck://notes).',
    input: z.strictObject({
      filter: z
        .string()
        .optional()
        .describe('words that must each be in the client id, the device name or the provide mode'),
      state: z
        .enum(['up', 'down', 'idle', 'all'])
        .default('all')
        .describe(
          'connected now (up), not (down), connected and carrying nothing over the idle hours (idle), or all',
        ),
      sort: z.enum(MY_PROVIDERS_SORT_COLUMNS).default('uptime').describe('the column to sort by'),
      descending: z
        .boolean()
        .optional()
        .describe('largest (or Z) first; by default figures come largest first, names A to Z'),
      limit: z.int().min(1).max(1000).default(50).describe('at most this many providers (default 50)'),
      idle_hours: idleHoursArg,
    }),
    output: ProvidersAnswer.extend({
      matching: z.int().describe('providers that match, before the limit'),
      idle_hours: z.number().optional().describe('with state idle: the hours idle was judged over'),
    }),
    annotations: READS,
    run: async (session, { filter, state, sort, descending, limit, idle_hours }) => {
      const hours = idle_hours ?? session.idleHours;
      const [stats, idle] = await Promise.all([
        providerStatsResult(session),
        state === 'idle' ? idleProviders(session, hours) : undefined,
      ]);
      const inState = (stats.providers ?? []).filter((p) =>
        idle ? idle.has(p.client_id ?? '') : state === 'all' || (state === 'up') === (p.connected === true),
      );
      // Sorted as My providers sorts a column first chosen, unless told the order.
      const first = MY_PROVIDERS_LIST.columns.find((c) => c.id === sort)?.descendingFirst ?? false;
      const rows = viewRows(inState, MY_PROVIDERS_LIST, {
        filter: filter ?? '',
        sort: { column: sort, descending: descending ?? first },
      });
      return {
        result: {
          ...stats,
          providers: rows.slice(0, limit),
          matching: rows.length,
          ...(idle ? { idle_hours: hours } : {}),
        },
      };
    },
  }),

  tool({
    name: 'provider_history',
    title: 'One provider’s history',
    description:
      'One provider’s days over the last 24 hours, 7 or 30 days, as `netdeck stats provider CLIENT_ID --json` has them: minutes up per UTC hour (`uptime`), GiB relayed, USD earned, searches, contracts and clients per UTC day, and the clients it served.',
    input: z.strictObject({
      client_id: Udid.describe('the provider’s client id (fleet_state and providers list them)'),
      window: z
        .enum(HISTORY_WINDOWS.map((w) => w.id) as ['24h', '7d', '30d'])
        .default('24h')
        .describe('24h, 7d or 30d'),
    }),
    output: answerOf('providerLastN'),
    annotations: READS,
    run: async (session, { client_id, window }) => ({
      result: await providerHistoryResult(session, client_id, window),
    }),
  }),

  tool({
    name: 'earnings',
    title: 'Earnings',
    description:
      'The network’s earnings as `netdeck earnings --json` has them: its payouts, paid and unpaid transfer (bytes), points, referral code and rank (`null` where the service has not got the route). A payment’s `payout_nano_cents` is USD × 10^9 (the name says cents, the arithmetic dollars); points are nano points (10^6 a point); payouts run on Sundays at 10:00 UTC.',
    input: NOTHING,
    output: z.object({
      payments: answerOf('accountPayments'),
      transfer: answerOf('transferStats'),
      points: answerOf('accountPoints').nullable(),
      referral: answerOf('referralCode'),
      ranking: answerOf('networkRanking').nullable(),
    }),
    annotations: READS,
    run: async ({ client }) => ({ result: await earningsAnswers(client) }),
  }),

  tool({
    name: 'payments',
    title: 'Payouts',
    description:
      'Every payout of the network, newest first, as `netdeck payments --json` has them: amount, bytes covered, wallet, whether completed, transaction.',
    input: NOTHING,
    output: answerOf('accountPayments'),
    annotations: READS,
    run: async ({ client }) => ({ result: await client.accountPayments() }),
  }),

  tool({
    name: 'reliability',
    title: 'Reliability',
    description:
      'The network’s reliability window as `netdeck reliability --json` has it: 15-minute buckets over 15 days (a weight of about one per provider online and valid the whole bucket), the mean weight, the country multipliers.',
    input: NOTHING,
    output: answerOf('networkReliability'),
    annotations: READS,
    run: async ({ client }) => ({ result: await reliabilityAnswer(client) }),
  }),

  tool({
    name: 'ranking',
    title: 'Rank',
    description:
      'The network’s leaderboard rank (by MiB paid over the last 4 payouts; 0: none) and whether it shows by name, as `netdeck ranking --json` has it. The service keeps ranks up to 5 minutes.',
    input: NOTHING,
    output: answerOf('networkRanking'),
    annotations: READS,
    run: async ({ client }) => ({ result: await rankingAnswer(client) }),
  }),

  tool({
    name: 'stale_clients',
    title: 'Stale clients',
    description:
      'The network’s clients with no open connection, last seen longer ago than a period (the last connection event, the auth time or the creation, whichever is latest), the longest gone first: `netdeck clients --stale PERIOD --json`.',
    input: z.strictObject({ stale_for: stalePeriod }),
    output: z.object({ clients: z.array(NetworkClient) }),
    annotations: READS,
    run: async ({ client, clock }, { stale_for }) => ({
      result: (await findStale(client, stale_for, clock.now())).json,
    }),
  }),

  tool({
    name: 'clients',
    title: 'Clients',
    description:
      'The network’s clients as `netdeck clients --json` has them: device name, device id, client id, provide mode, open connections; a hosted proxy’s token and private key masked.',
    input: NOTHING,
    output: answerOf('networkClients'),
    annotations: READS,
    // A proxy's token acts as the network: an assistant gets the list without it, as `clients` prints it.
    run: async ({ client }) => ({ result: maskClientSecrets(await client.networkClients()) }),
  }),

  tool({
    name: 'search_places',
    title: 'Search places',
    description:
      'Countries, regions and cities matching a fuzzy query, with how many providers each has, as `netdeck locations --query TEXT --json` has them; each place’s `location_id` is what sample_providers takes.',
    input: z.strictObject({
      query: z.string().min(1).describe('part of a name: "ger", "sao paulo"'),
      active: z.boolean().default(false).describe('only places with active providers now'),
    }),
    output: answerOf('findProviderLocations'),
    annotations: READS,
    run: async (session, { query, active }) => ({
      result: (await fetchLocations(session, { query, active })).result,
    }),
  }),

  tool({
    name: 'sample_providers',
    title: 'Sample providers of a place',
    description:
      'A sample of the active providers of a place (a country, region or city id from search_places), better tiers first, as `netdeck providers --location ID --json` has them: client id, tier, speed estimate, location.',
    input: z.strictObject({
      location_id: Udid.describe('a location id from search_places'),
      count: z
        .int()
        .min(1)
        .max(MAX_BATCH)
        .optional()
        .describe('how many, exactly (without it the service picks)'),
      rank: z.enum(RANK_MODES).optional().describe('rank by quality (the default) or speed'),
    }),
    output: answerOf('findProviders'),
    annotations: READS,
    run: async ({ client }, { location_id, count, rank }) => ({
      result: await client.findProviders(buildRequest({ location: [location_id], count, rank })),
    }),
  }),

  tool({
    name: 'devices',
    title: 'Devices and codes',
    description:
      'The network’s device associations as `netdeck devices --json` has them: devices waiting to be adopted (with their codes and minutes left), devices shared with it and devices it shares (with their share codes, pending or confirmed).',
    input: NOTHING,
    output: answerOf('deviceAssociations'),
    annotations: READS,
    run: async ({ client }) => ({ result: await client.deviceAssociations() }),
  }),

  tool({
    name: 'blocked_countries',
    title: 'Blocked countries',
    description:
      'The locations whose consumers are not offered the network’s providers, as `netdeck blocked --json` has them (`null`: none). Only a country has an effect: the service locates consumers by country.',
    input: NOTHING,
    output: answerOf('blockedLocations'),
    annotations: READS,
    run: async ({ client }) => ({ result: await blockedResult(client) }),
  }),
];
