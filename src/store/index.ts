// All the console's stores, built together on one set of deps so tests get fresh ones
// and every store runs on the same clock.
import { isApiKey } from '../api/auth.ts';
import { type AccountStore, createAccountStore } from './account.ts';
import { feedActionEvents } from './action-events.ts';
import { type ApiKeysStore, createApiKeysStore } from './api-keys.ts';
import { type BlockedStore, createBlockedStore } from './blocked.ts';
import { type ClientsStore, createClientsStore } from './clients.ts';
import type { ConnectionStore } from './connection.ts';
import { feedConsoleEvents } from './console-events.ts';
import type { StoreDeps } from './deps.ts';
import { createDevicesStore, type DevicesStore } from './devices.ts';
import { createDiscoveryStore, type DiscoveryStore } from './discovery.ts';
import { createEarningsStore, type EarningsStore } from './earnings.ts';
import { createEventSource, type EventSource } from './events.ts';
import { createHistoryStores, type HistoryStores } from './history.ts';
import { createLoginStore, type LoginStore } from './login.ts';
import { createMyProvidersStore, type MyProvidersStore } from './my-providers.ts';
import { createNetworkStore, type NetworkStore } from './network.ts';
import { askNetworkName } from './network-name.ts';
import { createProvidersStore, type ProvidersStore } from './providers.ts';
import type { ResourceStore } from './resource.ts';
import { createSessionStore, type SessionStore, type SessionTarget } from './session.ts';
import { createStaleStore, type StaleStore } from './stale.ts';

export interface Stores {
  connection: ConnectionStore;
  session: SessionStore;
  discovery: DiscoveryStore;
  providers: ProvidersStore;
  devices: DevicesStore;
  account: AccountStore;
  /** The network's clients: device names and ids, provide modes. */
  clients: ClientsStore;
  /** My providers, last 24 h. */
  myProviders: MyProvidersStore;
  /** My providers and a provider's detail over 24 h, 7 d or 30 d (`t`); loaded while shown. */
  history: HistoryStores;
  /** Network, last 90 days. */
  network: NetworkStore;
  /** Earnings: payments, paid and unpaid transfer, points, reliability, rank. */
  earnings: EarningsStore;
  /** The console's login with an auth code. */
  login: LoginStore;
  /** What happened while the console ran (the event log, `!`), fed by the loads above. */
  events: EventSource;
  /** The network's blocked locations (Discover's `B`, its marks and filter). */
  blocked: BlockedStore;
  /** The network's API keys (Account). */
  apiKeys: ApiKeysStore;
  /** The stale view of My providers and Devices (O), and removing stale clients (X). */
  stale: StaleStore;
}

export interface StoresOptions {
  /** Default: the client's base URL. */
  target?: SessionTarget;
  /** For the header's network name only. */
  token?: string;
  /** The pane shown first (default: the first in tab order). */
  pane?: string;
}

export function createStores(deps: StoreDeps, options: StoresOptions = {}): Stores {
  const clients = createClientsStore(deps);
  const session = createSessionStore({
    target: options.target ?? { kind: 'api', url: deps.client.baseUrl },
    token: options.token,
    // The client carries the token the requests send; the session only tells the UI.
    hasToken: Boolean(options.token) || deps.client.hasToken,
    pane: options.pane,
  });
  const devices = createDevicesStore(deps, { clients });
  const myProviders = createMyProvidersStore(deps, { clients });
  const stores: Stores = {
    connection: deps.connection,
    session,
    discovery: createDiscoveryStore(deps),
    providers: createProvidersStore(deps),
    devices,
    account: createAccountStore(deps),
    clients,
    myProviders,
    history: createHistoryStores(deps, { clients }),
    network: createNetworkStore(deps),
    earnings: createEarningsStore(deps),
    // Logged in: the header names the network and the panes that needed a token load.
    login: createLoginStore(deps, (token) => {
      session.getState().setToken(token);
      for (const name of NEED_TOKEN) void stores[name].getState().refresh();
    }),
    events: createEventSource(),
    blocked: createBlockedStore(deps),
    apiKeys: createApiKeysStore(deps),
    // After a removal the lists load again (the removed clients leave them).
    stale: createStaleStore(deps, {
      clients,
      myProviders,
      devices,
      reload: () => {
        for (const name of ['clients', 'myProviders', 'devices'] as const)
          void stores[name].getState().refresh();
      },
    }),
  };
  // Discover marks and filters by the blocked list.
  stores.blocked.subscribe((state, before) => {
    if (state.data !== before.data) stores.discovery.getState().setBlocked(state.data);
  });
  // An API key names no network: the header's name comes from the service.
  if (options.token && isApiKey(options.token)) askNetworkName(deps, session);
  // Subscriptions only: nothing to stop (they go with the stores).
  feedConsoleEvents(stores, stores.events, deps.clock);
  feedActionEvents(stores, stores.events, deps.clock);
  return stores;
}

export type StoreName = keyof Stores;

/** The live resources that need the network's token. */
const NEED_TOKEN = [
  'devices',
  'account',
  'clients',
  'myProviders',
  'blocked',
  'apiKeys',
  'earnings',
] as const;

/** The live resources, loaded and refreshed on the store clock (tab counts need them all). */
const LIVE = [
  'discovery',
  'devices',
  'account',
  'clients',
  'myProviders',
  'network',
  'blocked',
  'apiKeys',
  'earnings',
] as const;
type LiveName = (typeof LIVE)[number];

/** Whether the store of this name is a live resource (loaded and refreshed on the store clock). */
export const isLiveStore = (name: StoreName): name is LiveName =>
  (LIVE as readonly StoreName[]).includes(name);

/** The store of this name when it is a live resource (its refresh shows in the header). */
export function liveResource(stores: Stores, name: StoreName): ResourceStore<unknown> | undefined {
  return isLiveStore(name) ? (stores[name] as unknown as ResourceStore<unknown>) : undefined;
}

/** Reloads the live resources among `names` now (`r`); false when none of them is one. */
export function refreshLive(stores: Stores, names: readonly StoreName[]): boolean {
  const live = names.filter(isLiveStore);
  for (const name of live) void stores[name].getState().refresh();
  return live.length > 0;
}

/** Loads every live resource now (the Discover pane's request goes out first). */
export function startStores(stores: Stores): Promise<void> {
  return Promise.all(LIVE.map((name) => stores[name].getState().start())).then(() => undefined);
}

/** Cancels every timer and request in flight (on quit, and between tests). */
export function stopStores(stores: Stores): void {
  for (const name of LIVE) stores[name].getState().stop();
  stores.discovery.getState().dispose();
  stores.providers.getState().dispose();
  stores.history.stop();
}
