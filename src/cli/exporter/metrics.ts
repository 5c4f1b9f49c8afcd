// The Prometheus metrics `netdeck exporter` serves: one table (docs/operators.md's table and
// a test are kept to it), and the registry built from each poll's observation with
// prom-client. A registry is built afresh per poll with the series that poll had, so a
// provider that left the network or a figure the service stopped sending disappears
// instead of lingering at its last value; counters are kept here between polls.
import { Registry } from 'prom-client';
import { isMissingRoute } from '../../api/error-words.ts';
import { isApiError } from '../../api/errors.ts';
import {
  type NetworkSeriesField,
  type NetworkStats,
  type NetworkSummaryField,
  provideModeName,
  ZERO_UUID,
} from '../../contract/schemas.ts';
import { isSeedShape, lastValue } from '../../format/network-fields.ts';
import { lastPayout, paymentUsd, pendingPayments, totalPoints } from '../../format/payments.ts';
import { clip, sanitize } from '../../sanitize.ts';
import { clientsById } from '../../store/clients.ts';
import { DEFAULT_IDLE_HOURS, idleVerdicts } from '../../store/idle.ts';
import { type Observation, type ObservedOperation, outcomesOf } from '../../store/observe.ts';
import type { Presence } from '../../store/presence.ts';
import { AGGREGATE_METRICS, setAggregates } from './aggregates.ts';
import {
  counter,
  gauge,
  type MetricSpec,
  type SeriesTarget,
  type SetSeries,
  seriesWriter,
} from './metric-spec.ts';

const PROVIDER = ['client_id', 'device_name'] as const;

/** Every metric the exporter may serve. */
export const METRICS: readonly MetricSpec[] = [
  gauge(
    'netdeck_up',
    '1 when the last poll reached the service (no request failed to connect, timed out or got a 5xx), else 0',
  ),
  gauge(
    'netdeck_token_valid',
    '1 when the service accepted the token at the last poll, 0 when it refused it (401) or there is none',
  ),
  gauge(
    'netdeck_token_expiry_timestamp_seconds',
    'When the token expires (Unix time), for a token that has an expiry',
  ),
  gauge('netdeck_request_success', '1 when the operation answered at the last poll, else 0', ['operation']),
  counter(
    'netdeck_request_failures_total',
    'Requests of the operation that failed since the exporter started',
    ['operation'],
  ),
  counter('netdeck_polls_total', 'Polls of the service since the exporter started'),
  gauge('netdeck_last_poll_timestamp_seconds', 'When the last poll started (Unix time)'),
  gauge('netdeck_poll_duration_seconds', 'How long the last poll took'),
  gauge('netdeck_payout_wallet_set', '1 when the network has a payout wallet, else 0'),
  gauge('netdeck_providers', "The network's providers"),
  gauge('netdeck_providers_connected', "The network's providers connected now"),
  gauge(
    'netdeck_providers_idle',
    'Providers connected the idle hours with no search, contract or transfer in them',
  ),
  gauge(
    'netdeck_providers_omitted',
    'Providers left out of the per-provider series (past --max-providers, by client id)',
  ),
  gauge('netdeck_provider_info', 'Always 1: a provider with its device name and provide mode', [
    ...PROVIDER,
    'provide_mode',
  ]),
  gauge('netdeck_provider_connected', '1 when the provider is connected now, else 0', PROVIDER),
  gauge(
    'netdeck_provider_uptime_24h_hours',
    'Hours of the connections the provider has open now, within the last 24 hours (closed ones count 0)',
    PROVIDER,
  ),
  gauge('netdeck_provider_transfer_24h_gibibytes', 'GiB the provider relayed in the last 24 hours', PROVIDER),
  gauge('netdeck_provider_payout_24h_usd', 'USD the provider earned in the last 24 hours', PROVIDER),
  gauge(
    'netdeck_provider_search_interest_24h',
    'Times the provider was picked in provider searches in the last 24 hours',
    PROVIDER,
  ),
  gauge('netdeck_provider_contracts_24h', 'Contracts the provider made in the last 24 hours', PROVIDER),
  gauge(
    'netdeck_provider_clients_24h',
    'Distinct clients the provider served in the last 24 hours',
    PROVIDER,
  ),
  gauge(
    'netdeck_provider_idle',
    '1 when the provider has been connected the idle hours (--idle-hours, default 6) with no search, contract or transfer in them, else 0',
    PROVIDER,
  ),
  gauge(
    'netdeck_provider_present',
    "1 when the service's live peer list (GET /network/peers, asked at most every 15 s) has the provider connected, 0 when it has it gone; not served where the service lists no peers",
    PROVIDER,
  ),
  counter(
    'netdeck_provider_connects_total',
    'Connections of the provider the service listed since the exporter started',
    PROVIDER,
  ),
  counter(
    'netdeck_provider_disconnects_total',
    'Disconnections of the provider the service listed since the exporter started',
    PROVIDER,
  ),
  gauge('netdeck_network_count', 'Whole network, /stats/last-90: the newest day of a count series', [
    'series',
  ]),
  gauge('netdeck_network_count_summary', 'Whole network, /stats/last-90: the most in a day of the last 3', [
    'series',
  ]),
  gauge(
    'netdeck_network_transfer_bytes',
    'Whole network, /stats/last-90: bytes transferred on the newest day',
    ['series'],
  ),
  gauge(
    'netdeck_network_transfer_summary_mebibytes',
    'Whole network, /stats/last-90: MiB transferred on the busiest day of the last 3',
    ['series'],
  ),
  gauge(
    'netdeck_network_transfer_summary_rate_mebibits_per_second',
    'Whole network, /stats/last-90: the average rate of that busiest day (today’s service)',
    ['series'],
  ),
  gauge(
    'netdeck_network_packets_summary_rate_per_second',
    'Whole network, /stats/last-90: packets per second of the busiest day (the seed era’s service)',
  ),
  gauge('netdeck_network_stats_timestamp_seconds', 'When the service computed /stats/last-90 (Unix time)'),
  // Issue 26, groups 1 and 2: earnings, reliability and rank.
  gauge(
    'netdeck_transfer_paid_bytes',
    "Bytes the network's providers carried that completed payouts covered",
  ),
  gauge(
    'netdeck_transfer_unpaid_bytes',
    'Bytes they carried that no completed payout covers yet (they move to paid when one completes)',
  ),
  gauge('netdeck_last_payout_usd', 'USD of the newest completed payout'),
  gauge('netdeck_last_payout_timestamp_seconds', 'When the newest completed payout completed (Unix time)'),
  gauge(
    'netdeck_payouts_pending',
    'Payouts planned and not completed yet (waiting for a wallet, planned, submitted or sent)',
  ),
  gauge('netdeck_points', "The network's points in all"),
  gauge(
    'netdeck_reliability_mean_weight',
    "The mean reliability weight over the service's window (15-minute buckets, 15 days)",
  ),
  gauge(
    'netdeck_leaderboard_rank',
    "The network's leaderboard rank (0: no payment in the last 4 payouts); may lag 5 minutes",
  ),
  gauge('netdeck_leaderboard_public', '1 when the leaderboard shows the network by name, else 0'),
  // Issue 35: few series however big the fleet (aggregates.ts).
  ...AGGREGATE_METRICS,
];

const SPECS = new Map(METRICS.map((spec) => [spec.name, spec]));

/** The count series of /stats/last-90: series label, daily map, summary. */
const COUNT_SERIES: [string, NetworkSeriesField, NetworkSummaryField][] = [
  ['providers', 'providers_data', 'providers_summary'],
  ['countries', 'countries_data', 'countries_summary'],
  ['regions', 'regions_data', 'regions_summary'],
  ['cities', 'cities_data', 'cities_summary'],
  ['networks', 'networks_data', 'networks_summary'],
  ['devices', 'devices_data', 'devices_summary'],
  ['packets', 'all_packets_data', 'all_packets_summary'],
  ['superspeed_providers', 'providers_superspeed_data', 'providers_summary_superspeed'],
  ['extenders', 'extenders_data', 'extenders_summary'],
  ['superspeed_extenders', 'extenders_superspeed_data', 'extenders_summary_superspeed'],
];
const TRANSFER_SERIES: [string, NetworkSeriesField, NetworkSummaryField, NetworkSummaryField][] = [
  ['all', 'all_transfer_data', 'all_transfer_summary', 'all_transfer_summary_rate'],
  ['extender', 'extender_transfer_data', 'extender_transfer_summary', 'extender_transfer_summary_rate'],
];

/** A label is cut to this many characters: a device name is a server's text of any length. */
const MAX_LABEL_CHARS = 64;

/** What the exporter keeps between polls. */
export interface ExporterState {
  /** Clock time it started: connection events before it are not counted. */
  readonly startedAt: number;
  /** Providers with series of their own: the first by client id (a stable set), the rest counted only. */
  readonly maxProviders: number;
  /** Operations the service has not got (a 404: an older service): asked once, then left out. */
  missing: Set<ObservedOperation>;
  polls: number;
  failures: Map<ObservedOperation, number>;
  /** Whether the service accepted the token, when a poll could tell. */
  tokenValid?: boolean;
  /** Per provider: connections and disconnections counted, and the newest event counted. */
  connections: Map<string, { connects: number; disconnects: number; newest: number }>;
  /** The labels of the providers with series of their own, at the last poll (their presence is served between polls). */
  labels: { client_id: string; device_name: string }[];
}

export const newExporterState = (startedAt: number, maxProviders: number): ExporterState => ({
  startedAt,
  maxProviders,
  missing: new Set(),
  polls: 0,
  failures: new Map(),
  connections: new Map(),
  labels: [],
});

/** A failure that says the service is not there (rather than that one request was wrong). */
function unreachable(error: Error): boolean {
  if (!isApiError(error)) return true;
  return ['network', 'timeout', 'oversized', 'shape'].includes(error.kind) || (error.status ?? 0) >= 500;
}

/**
 * The providers given series of their own: the first `max` by client id, so the same ones
 * from poll to poll (cardinality stays bounded however big the network); and how many not.
 */
function keptProviders<P extends { client_id?: string }>(providers: readonly P[], max: number) {
  const named = providers.filter((p): p is P & { client_id: string } => !!p.client_id);
  const kept =
    named.length <= max
      ? named
      : named
          .sort((a, b) => (a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0))
          .slice(0, max);
  return { kept, omitted: providers.length - kept.length };
}

/** A label's value: a server's text, sanitised and cut. */
const label = (text: string | undefined) => clip(sanitize(text), MAX_LABEL_CHARS);

/** A provider's labels: its client id and its device name (as /network/clients has it). */
const providerLabels = (clientId: string, names: ReturnType<typeof clientsById>) => ({
  client_id: label(clientId),
  device_name: label(names.get(clientId)?.device_name),
});

/**
 * Counts the poll into the state: polls, failures, the token's acceptance, connection
 * events. An operation the service has not got is taken out of the observation (no
 * metric is made of it) and not asked again.
 */
export function countPoll(state: ExporterState, observation: Observation): void {
  state.polls++;
  for (const [name, outcome] of outcomesOf(observation)) {
    if (outcome.ok || !isMissingRoute(outcome.error)) continue;
    state.missing.add(name);
    delete observation.results[name];
  }
  const outcomes = outcomesOf(observation);
  for (const [name, outcome] of outcomes)
    if (!outcome.ok) state.failures.set(name, (state.failures.get(name) ?? 0) + 1);
  const refused = outcomes.some(
    ([, outcome]) =>
      !outcome.ok && isApiError(outcome.error) && ['unauthorized', 'no-token'].includes(outcome.error.kind),
  );
  const accepted = outcomes.some(([name, outcome]) => outcome.ok && name !== 'networkStats');
  if (refused) state.tokenValid = false;
  else if (accepted) state.tokenValid = true;

  const stats = observation.results.providerStats;
  if (!stats?.ok) return;
  // Only the providers with series are counted: the counts are as bounded as the series.
  const { kept } = keptProviders(stats.data.providers ?? [], state.maxProviders);
  const clients = observation.results.networkClients;
  const names = clientsById(clients?.ok ? clients.data : undefined);
  state.labels = kept.map((p) => providerLabels(p.client_id, names));
  const keptIds = new Set(kept.map((p) => p.client_id));
  for (const id of state.connections.keys()) if (!keptIds.has(id)) state.connections.delete(id);
  for (const provider of kept) {
    const counts = state.connections.get(provider.client_id) ?? {
      connects: 0,
      disconnects: 0,
      // Events from the moment it started on.
      newest: state.startedAt - 1,
    };
    let newest = counts.newest;
    for (const event of provider.connected_events_last_24h ?? []) {
      const time = Date.parse(event.event_time ?? '');
      if (!(time > counts.newest)) continue;
      if (event.connected) counts.connects++;
      else counts.disconnects++;
      newest = Math.max(newest, time);
    }
    counts.newest = newest;
    state.connections.set(provider.client_id, counts);
  }
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The series of one profile that could not be polled at all (its configuration cannot work): it is down. */
export const setDown = (target: SeriesTarget) => seriesWriter(SPECS, target)('netdeck_up', 0);

/**
 * The presence of the providers with series, as the newest peer list has them: written at
 * each scrape (the peer list is asked more often than the service is polled) `into` a
 * registry served after the poll's, over several profiles with each one's labels.
 */
export function presenceRegistry(
  presence: Pick<Presence, 'presenceOf'>,
  state: ExporterState,
  into: SeriesTarget = { registry: new Registry(), labels: {} },
): Registry {
  const set = seriesWriter(SPECS, into);
  for (const labels of state.labels) {
    const present = presence.presenceOf(labels.client_id);
    if (present !== undefined) set('netdeck_provider_present', present ? 1 : 0, labels);
  }
  return into.registry;
}

/**
 * The registry of one poll: its observation and what the state has counted so far. Over
 * several profiles each one's series go `into` the one registry with its labels, and its
 * `netdeck_up` says whether its account was read: a refused token is down too.
 */
export function buildRegistry(
  observation: Observation,
  state: ExporterState,
  durationMs: number,
  into: SeriesTarget & { upMeansRead?: true } = { registry: new Registry(), labels: {} },
): Registry {
  const set = seriesWriter(SPECS, into);
  const { results } = observation;

  const outcomes = outcomesOf(observation);
  const reached = !outcomes.some(([, outcome]) => !outcome.ok && unreachable(outcome.error));
  set('netdeck_up', reached && !(into.upMeansRead && state.tokenValid === false) ? 1 : 0);
  set('netdeck_token_valid', state.tokenValid === undefined ? undefined : state.tokenValid ? 1 : 0);
  set(
    'netdeck_token_expiry_timestamp_seconds',
    observation.tokenExpiresAt === undefined ? undefined : observation.tokenExpiresAt / 1000,
  );
  for (const [name, outcome] of outcomes) {
    set('netdeck_request_success', outcome.ok ? 1 : 0, { operation: name });
    set('netdeck_request_failures_total', state.failures.get(name) ?? 0, { operation: name });
  }
  set('netdeck_polls_total', state.polls);
  set('netdeck_last_poll_timestamp_seconds', observation.at / 1000);
  set('netdeck_poll_duration_seconds', durationMs / 1000);

  const wallet = results.getPayoutWallet;
  if (wallet?.ok) {
    const id = wallet.data.wallet_id;
    set('netdeck_payout_wallet_set', id && id !== ZERO_UUID ? 1 : 0);
  }

  const stats = results.providerStats;
  if (stats?.ok) {
    const providers = stats.data.providers ?? [];
    const names = clientsById(results.networkClients?.ok ? results.networkClients.data : undefined);
    set('netdeck_providers', providers.length);
    set('netdeck_providers_connected', providers.filter((p) => p.connected).length);
    const { kept, omitted } = keptProviders(providers, state.maxProviders);
    set('netdeck_providers_omitted', omitted);
    const figures = results.providersLastN;
    const idle = figures?.ok
      ? idleVerdicts(figures.data, observation.idleHours ?? DEFAULT_IDLE_HOURS)
      : undefined;
    if (idle) set('netdeck_providers_idle', [...idle.values()].filter((v) => v.state === 'idle').length);
    for (const p of kept) {
      const client = names.get(p.client_id);
      const labels = providerLabels(p.client_id, names);
      const verdict = idle?.get(p.client_id);
      if (verdict) set('netdeck_provider_idle', verdict.state === 'idle' ? 1 : 0, labels);
      set('netdeck_provider_info', 1, {
        ...labels,
        provide_mode: provideModeName(p.provide_mode ?? client?.provide_mode),
      });
      set('netdeck_provider_connected', p.connected ? 1 : 0, labels);
      set('netdeck_provider_uptime_24h_hours', p.uptime_last_24h, labels);
      set('netdeck_provider_transfer_24h_gibibytes', p.transfer_data_last_24h, labels);
      set('netdeck_provider_payout_24h_usd', p.payout_last_24h, labels);
      set('netdeck_provider_search_interest_24h', p.search_interest_last_24h, labels);
      set('netdeck_provider_contracts_24h', p.contracts_last_24h, labels);
      set('netdeck_provider_clients_24h', p.clients_last_24h, labels);
      const counts = state.connections.get(p.client_id);
      set('netdeck_provider_connects_total', counts?.connects ?? 0, labels);
      set('netdeck_provider_disconnects_total', counts?.disconnects ?? 0, labels);
    }
  }

  const network = results.networkStats;
  if (network?.ok) setNetworkSeries(network.data, set);
  setEarnings(results, set);
  setAggregates(results, set);
  return into.registry;
}

/** Transfer, the last payout, points, reliability and rank, from whichever of their answers came. */
function setEarnings(results: Observation['results'], set: SetSeries): void {
  const { transferStats, accountPayments, accountPoints, networkReliability, networkRanking } = results;
  if (transferStats?.ok) {
    set('netdeck_transfer_paid_bytes', transferStats.data.paid_bytes_provided);
    set('netdeck_transfer_unpaid_bytes', transferStats.data.unpaid_bytes_provided);
  }
  if (accountPayments?.ok) {
    const rows = accountPayments.data.account_payments ?? [];
    const last = lastPayout(rows);
    if (last) {
      set('netdeck_last_payout_usd', paymentUsd(last));
      const at = Date.parse(last.complete_time ?? '');
      set('netdeck_last_payout_timestamp_seconds', Number.isFinite(at) ? at / 1000 : undefined);
    }
    set('netdeck_payouts_pending', pendingPayments(rows).length);
  }
  if (accountPoints?.ok) set('netdeck_points', totalPoints(accountPoints.data));
  if (networkReliability?.ok)
    set(
      'netdeck_reliability_mean_weight',
      networkReliability.data.reliability_window?.mean_reliability_weight,
    );
  const ranking = networkRanking?.ok ? networkRanking.data.network_ranking : undefined;
  if (ranking) {
    set('netdeck_leaderboard_rank', ranking.leaderboard_rank);
    set(
      'netdeck_leaderboard_public',
      ranking.leaderboard_public === undefined ? undefined : ranking.leaderboard_public ? 1 : 0,
    );
  }
}

function setNetworkSeries(data: NetworkStats, set: SetSeries): void {
  for (const [series, daily, summary] of COUNT_SERIES) {
    set('netdeck_network_count', lastValue(data[daily]), { series });
    set('netdeck_network_count_summary', data[summary], { series });
  }
  // The seed era's blob gave the transfer rate in packets per second.
  const seed = isSeedShape(data);
  for (const [series, daily, summary, rate] of TRANSFER_SERIES) {
    set('netdeck_network_transfer_bytes', lastValue(data[daily]), { series });
    set('netdeck_network_transfer_summary_mebibytes', data[summary], { series });
    if (!(seed && series === 'all'))
      set('netdeck_network_transfer_summary_rate_mebibits_per_second', data[rate], { series });
  }
  if (seed) set('netdeck_network_packets_summary_rate_per_second', data.all_transfer_summary_rate);
  const created = data.created_time;
  set('netdeck_network_stats_timestamp_seconds', finite(created) ? created / 1000 : undefined);
}
