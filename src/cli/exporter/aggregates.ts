// Series that stay few however big the fleet: the providers counted, and their transfer
// and payout summed, by connection state and provide mode; and by country what the
// service says of where a network's providers are, the countries of its reliability
// window (it tells an owner no provider's country). With --per-provider off a fleet of
// thousands is a few dozen series, and these are served whatever --per-provider says.
import { provideModeName } from '../../contract/schemas.ts';
import { clip, sanitize } from '../../sanitize.ts';
import { clientsById } from '../../store/clients.ts';
import type { Observation } from '../../store/observe.ts';
import { gauge, type MetricSpec, type SetSeries } from './metric-spec.ts';

const GROUP = ['state', 'provide_mode'] as const;

export const AGGREGATE_METRICS: readonly MetricSpec[] = [
  gauge(
    'netdeck_providers_by_state',
    'Providers by connection state (connected, disconnected) and provide mode',
    GROUP,
  ),
  gauge(
    'netdeck_providers_transfer_24h_gibibytes',
    'GiB the providers of a connection state and provide mode relayed in the last 24 hours',
    GROUP,
  ),
  gauge(
    'netdeck_providers_payout_24h_usd',
    'USD the providers of a connection state and provide mode earned in the last 24 hours',
    GROUP,
  ),
  gauge(
    'netdeck_country_reliability_multiplier',
    "A country where the network's providers had a reliability score in the last 7 days, with the multiplier the service applies there",
    ['country_code', 'country'],
  ),
];

/** A country's name is a server's text: sanitised and cut as the other labels are. */
const MAX_LABEL_CHARS = 64;

interface Group {
  labels: Record<(typeof GROUP)[number], string>;
  providers: number;
  transfer: number;
  payout: number;
}

/** The aggregates of one poll: the provider groups from /stats/providers, the countries from /network/reliability. */
export function setAggregates(results: Observation['results'], set: SetSeries): void {
  const stats = results.providerStats;
  if (stats?.ok) {
    const modes = clientsById(results.networkClients?.ok ? results.networkClients.data : undefined);
    const groups = new Map<string, Group>();
    for (const p of stats.data.providers ?? []) {
      const state = p.connected ? 'connected' : 'disconnected';
      const mode = provideModeName(p.provide_mode ?? modes.get(p.client_id ?? '')?.provide_mode);
      const key = `${state}\n${mode}`;
      const group = groups.get(key) ?? {
        labels: { state, provide_mode: mode },
        providers: 0,
        transfer: 0,
        payout: 0,
      };
      group.providers++;
      group.transfer += p.transfer_data_last_24h ?? 0;
      group.payout += p.payout_last_24h ?? 0;
      groups.set(key, group);
    }
    for (const { labels, providers, transfer, payout } of groups.values()) {
      set('netdeck_providers_by_state', providers, labels);
      set('netdeck_providers_transfer_24h_gibibytes', transfer, labels);
      set('netdeck_providers_payout_24h_usd', payout, labels);
    }
  }
  const reliability = results.networkReliability;
  if (!reliability?.ok) return;
  for (const country of reliability.data.reliability_window?.country_multipliers ?? [])
    set('netdeck_country_reliability_multiplier', country.reliability_multiplier, {
      country_code: clip(sanitize(country.country_code), MAX_LABEL_CHARS),
      country: clip(sanitize(country.country), MAX_LABEL_CHARS),
    });
}
