// The network's clients (GET /network/clients, a live resource): what gives device
// names, device ids and the provide mode to My providers, the share picker and Devices.
// A hosted proxy's secrets are masked as the answer comes in, so nothing that reads this
// store (Devices, the event log) can show them; the proxies store keeps its own copy.
import { maskClientSecrets } from '../api/proxy-secrets.ts';
import type { NetworkClient, NetworkClients, ProviderStats, ProvidersStats } from '../contract/schemas.ts';
import type { StoreDeps } from './deps.ts';
import { createResourceStore, type ResourceStore } from './resource.ts';

export type ClientsStore = ResourceStore<NetworkClients>;

export function createClientsStore(deps: StoreDeps): ClientsStore {
  return createResourceStore<NetworkClients>(deps, {
    load: async (signal) => maskClientSecrets(await deps.client.networkClients({ signal })),
  });
}

const NO_CLIENTS = new Map<string, NetworkClient>();
const indexes = new WeakMap<NetworkClients, Map<string, NetworkClient>>();

/** The clients by client id (built once per response). */
export function clientsById(data: NetworkClients | undefined): Map<string, NetworkClient> {
  if (!data?.clients) return NO_CLIENTS;
  let index = indexes.get(data);
  if (!index) {
    index = new Map(data.clients.filter((c) => c.client_id).map((c) => [c.client_id!, c]));
    indexes.set(data, index);
  }
  return index;
}

/** Whether the client has an open connection. */
export const isConnected = (client: NetworkClient | undefined) => (client?.connections?.length ?? 0) > 0;

/** Each provider with what its client in /network/clients adds (`join`); one without a client as it is. */
function joinClients(
  stats: ProvidersStats,
  clients: NetworkClients | undefined,
  join: (provider: ProviderStats, client: NetworkClient) => ProviderStats,
): ProvidersStats {
  const index = clientsById(clients);
  if (index.size === 0 || !stats.providers) return stats;
  return {
    ...stats,
    providers: stats.providers.map((provider) => {
      const client = provider.client_id ? index.get(provider.client_id) : undefined;
      return client ? join(provider, client) : provider;
    }),
  };
}

/**
 * Provider statistics with what /network/clients knows of each provider: its device
 * name, and its provide mode where the statistics lack it (today's /stats/providers
 * does not send one; the clients list sends 3, public, or nothing). The console joins
 * again when the clients reload: their name replaces the one it joined before.
 */
export const withClientInfo = (stats: ProvidersStats, clients: NetworkClients | undefined) =>
  joinClients(stats, clients, (provider, client) => ({
    ...provider,
    device_name: client.device_name,
    provide_mode: provider.provide_mode ?? client.provide_mode,
  }));

/**
 * The service's answer as it was sent, with the device name and the provide mode of
 * /network/clients beside it where it sent none (the commands' `--json`): never over it.
 */
export const besideClientInfo = (stats: ProvidersStats, clients: NetworkClients | undefined) =>
  joinClients(stats, clients, (provider, client) => ({
    ...provider,
    device_name: provider.device_name ?? client.device_name,
    provide_mode: provider.provide_mode ?? client.provide_mode,
  }));
