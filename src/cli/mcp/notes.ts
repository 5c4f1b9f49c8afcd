// What an agent needs to read netdeck's figures right, served as a resource of `netdeck
// mcp` (resources.ts): the units of each answer, what up, down and idle mean, where the events
// come from, and the bound of requests. The units are the service's (src/contract's
// schemas say them field by field; reference-operators.md "Units").

/** What the notes say of this server: the bound it keeps, the idle hours it judges by. */
export interface NotesFigures {
  perMinute: number;
  idleHours: number;
}

/** The notes as Markdown. */
export const readingNotes = ({ perMinute, idleHours }: NotesFigures): string => `# Reading netdeck's figures

Every figure is the service's own, in its units; netdeck converts nothing in its answers.
Times are RFC 3339 in UTC; days and hours are UTC days and hours.

## Providers (fleet_state, providers)
- \`connected\`: the provider has a connection open now: up. Not connected: down.
- \`uptime_last_24h\`: hours of the connections open now, each counted from its connect
  time or 24 hours ago, whichever is later (a provider holding two connections can pass 24).
- \`transfer_data_last_24h\`: GiB relayed in the last 24 hours.
- \`payout_last_24h\`: USD earned in the last 24 hours (what is paid out is USDC).
- \`search_interest_last_24h\`, \`contracts_last_24h\`, \`clients_last_24h\`: how often it was
  offered to a consumer's search, the contracts it took, the clients it served.
- \`provide_mode\`: -1 default, 0 none, 1 network, 2 friends & family, 3 public, 4 stream.
- \`device_name\` and \`provide_mode\` come from the network's clients list where the
  statistics lack them.

## Idle providers (fleet_state, providers with state idle)
- Idle: connected throughout the idle hours (here ${idleHours}: \`--idle-hours\`, else the
  config's \`idle_hours\`, else 6; a tool's \`idle_hours\` asks over others) with no search
  interest, no contract and no transfer in them, as \`netdeck watch --idle-hours\` and the
  exporter judge it from POST /stats/providers-last-n over those hours. The service stops
  offering a provider whose probe failed and tells no one: an idle provider runs and earns
  nothing. Restart it, check its connectivity.
- A provider connected for less than the idle hours is neither idle nor active: too soon to
  say. It is active again once it has had a search, a contract or transfer in the hours.
- Idle is counted among the up providers: idle ones are connected.

## One provider (provider_history)
- \`uptime\`: minutes up in each UTC hour (\`yyyy-mm-dd-hh\`), only hours with some.
- \`transfer_data\` GiB, \`payout\` USD, \`search_interest\`, \`contracts\`, \`clients\`: per UTC day.

## Earnings (earnings, payments, ranking, reliability)
- Transfer: bytes (\`paid_bytes_provided\`, \`unpaid_bytes_provided\`); unpaid is paid once a payout completes.
- A payment's \`payout_nano_cents\` is USD × 10^9 (the name says cents, the arithmetic dollars).
- Points are nano points: 1 point is 1 000 000.
- Payouts are planned every Sunday at 10:00 UTC, submitted minutes later, completed once sent.
- Rank: by MiB paid over the last 4 payouts (\`net_mib_count\`); 0 is no rank. The service
  keeps ranks up to 5 minutes.
- Reliability: 15-minute buckets over 15 days; a bucket's weight is about one per provider
  online and valid all of it, on an address of its own. Recomputed every 30 minutes.

## Places (search_places, sample_providers)
- \`provider_count\`: active providers of the place now.
- A sampled provider's \`tier\`: 0 is the best; \`estimated_bytes_per_second\` is bytes per second.

## Clients (clients, stale_clients)
- Stale: no open connection, and last seen (the last connection event, the auth time or the
  creation, whichever is latest) longer ago than the period.

## Events (netdeck://events)
The events \`netdeck watch\` reports, from a watch this server keeps on the service at the
refresh interval: a provider disconnected for 5 minutes and back (between polls the service's
peer list tells a disconnection sooner), a provider idle over the idle hours
(\`provider_idle\`) and active again (\`provider_active\`), the payout wallet unset and set,
the token expiring and expired, a request failing and recovering, payouts planned and
completed. \`problems\` is what is wrong now.

## The bound
This server sends at most ${perMinute} requests a minute to the service (its
\`--requests-per-minute\`), its event watch's included; a tool past it answers an error saying
when to try again. A tool makes one to a few requests.
`;
