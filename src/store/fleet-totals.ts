// The fleet in a few figures, from the network's provider statistics (/stats/providers):
// how many providers, how many connected, and what they relayed and earned in the last 24
// hours. `stats providers` prints them below its table and `netdeck mcp` answers them as
// the fleet's state: one count for both.
import type { ProvidersStats } from '../contract/schemas.ts';

export interface FleetTotals {
  providers: number;
  connected: number;
  disconnected: number;
  /** GiB relayed in the last 24 hours, as the service counts them. */
  transferGib: number;
  /** USD earned in the last 24 hours. */
  payoutUsd: number;
}

export function fleetTotals(stats: ProvidersStats): FleetTotals {
  const providers = stats.providers ?? [];
  const connected = providers.filter((p) => p.connected).length;
  let transferGib = 0;
  let payoutUsd = 0;
  for (const p of providers) {
    transferGib += p.transfer_data_last_24h ?? 0;
    payoutUsd += p.payout_last_24h ?? 0;
  }
  return {
    providers: providers.length,
    connected,
    disconnected: providers.length - connected,
    transferGib,
    payoutUsd,
  };
}
