// provider_idle and provider_active (issue 35, item 1): what the event source makes of
// the idle providers' figures (POST /stats/providers-last-n over the idle hours, when
// watched). Once per episode, as the other conditions: idle when a provider has been
// connected throughout the hours and nothing was searched, contracted or carried; active
// again once any of those is above 0 over the hours. A provider that disconnects while idle
// ends the episode quietly: its disconnection is reported as such.
import { formatGiB } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import { clientsById } from '../clients.ts';
import { DEFAULT_IDLE_HOURS, idleVerdict } from '../idle.ts';
import type { Observation } from '../observe.ts';
import { providerName } from './provider-name.ts';

/** What an idle change adds to the event log (an event-source EventDraft). */
interface IdleDraft {
  type: 'provider_idle' | 'provider_active';
  severity: 'warning' | 'info';
  time: string;
  message: string;
  client_id: string;
  device_name?: string;
  hours: number;
}

/** A condition that starts or ends with its event, or ends quietly (no draft). */
export type IdleChange =
  | { type: 'start' | 'end'; key: string; draft: IdleDraft }
  | { type: 'end'; key: string; draft?: undefined };

const KEY = 'idle:';
const hoursText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

/** The idle conditions that begin or end with this observation (none when it has no idle figures). */
export function idleEvents(
  observation: Observation,
  open: ReadonlyMap<string, unknown>,
  time: string,
): IdleChange[] {
  const figures = observation.results.providersLastN;
  if (!figures?.ok) return [];
  const hours = observation.idleHours ?? DEFAULT_IDLE_HOURS;
  const clients = observation.results.networkClients;
  const names = clientsById(clients?.ok ? clients.data : undefined);
  const changes: IdleChange[] = [];
  const listed = new Set<string>();
  for (const provider of figures.data.providers ?? []) {
    const clientId = provider.client_id;
    if (!clientId) continue;
    listed.add(clientId);
    const key = `${KEY}${clientId}`;
    const { state } = idleVerdict(provider, hours);
    const deviceName = names.get(clientId)?.device_name;
    const who = providerName(deviceName, clientId);
    const known = {
      client_id: clientId,
      ...(deviceName ? { device_name: sanitize(deviceName) } : {}),
      hours,
    };
    if (state === 'idle' && !open.has(key)) {
      changes.push({
        type: 'start',
        key,
        draft: {
          type: 'provider_idle',
          severity: 'warning',
          time,
          message: `provider ${who} has been connected for ${hoursText(hours)} and carried nothing: no search, no contract, no transfer (the service may have stopped offering it; restart it, check its connectivity)`,
          ...known,
        },
      });
    } else if (state === 'active' && open.has(key)) {
      const did = [
        `${provider.search_interest_last_24h ?? 0} searches`,
        `${provider.contracts_last_24h ?? 0} contracts`,
        formatGiB(provider.transfer_data_last_24h ?? 0),
      ].join(', ');
      changes.push({
        type: 'end',
        key,
        draft: {
          type: 'provider_active',
          severity: 'info',
          time,
          message: `provider ${who} is active again: ${did} over the last ${hoursText(hours)}`,
          ...known,
        },
      });
    } else if (state === 'unproven' && open.has(key)) {
      changes.push({ type: 'end', key });
    }
  }
  // A provider no longer listed (removed from the network) ends its episode quietly.
  for (const key of open.keys())
    if (key.startsWith(KEY) && !listed.has(key.slice(KEY.length))) changes.push({ type: 'end', key });
  return changes;
}
