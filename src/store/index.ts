// All the console's stores, built together on one set of deps so tests get fresh ones
// and every store runs on the same clock. The registry below describes each store once:
// how it is made, whether it is live, whether it needs the network's token. `Stores`, the
// live list and the list a login reloads derive from it, so a store that does not say
// what it is does not compile.
import { isApiKey } from '../api/auth.ts';
import { createAccountStore } from './account.ts';
import { createApiKeysStore } from './api-keys.ts';
import { createBalanceStore } from './balance.ts';
import { createBlockedStore } from './blocked.ts';
import { createClientsStore } from './clients.ts';
import { createConsoleMutes } from './console-mutes.ts';
import type { StoreDeps } from './deps.ts';
import { createDevicesStore } from './devices.ts';
import { createDiscoveryStore } from './discovery.ts';
import { createEarningsStore } from './earnings.ts';
import { feedActionEvents } from './events/action-events.ts';
import { feedConsoleEvents } from './events/console-events.ts';
import { createEventSource } from './events/event-source.ts';
import { createEveryProfileStore } from './every-profile.ts';
import { createFileExportStore } from './file-export.ts';
import { createHistoryStores } from './history.ts';
import { createIdleProvidersStore } from './idle-providers.ts';
import { createLoginStore } from './login.ts';
import { createMuteForm } from './mute-form.ts';
import { createMyProvidersStore } from './my-providers.ts';
import { createNetworkStore } from './network.ts';
import { askNetworkName } from './network-name.ts';
import { createProvidersStore } from './providers.ts';
import { createProxiesStore } from './proxies.ts';
import type { ResourceStore } from './resource.ts';
import { createSessionStore, type SessionTarget } from './session.ts';
import { createStaleStore } from './stale.ts';

export interface StoresOptions {
  /** Default: the client's base URL. */
  target?: SessionTarget;
  /** The configuration's profile in use, for the header. */
  profile?: string;
  /** For the header's network name only. */
  token?: string;
  /** The pane shown first (default: the first in tab order). */
  pane?: string;
}

/** What a store's factory is given. */
export interface StoreMaking {
  deps: StoreDeps;
  options: StoresOptions;
  /** Another store of the registry, made now if it is not yet: one of each for all that ask. */
  use<S>(entry: StoreEntry<S>): S;
  /** Every store, for what runs once they are all made (a callback, never the factory itself). */
  stores: Stores;
}

/** One store, described once. */
export interface StoreEntry<S> {
  create(making: StoreMaking): S;
  /** A live resource: loaded at the start, refreshed on the store clock, stopped on quit. */
  live: boolean;
  /**
   * Its loads need the network's token. A live one loads again after a login in the
   * console; the others load with it when next asked (the history while it is shown).
   */
  needsToken: boolean;
  /** What quitting takes besides a live resource's stop (requests and timers of its own). */
  dispose?(store: S): void;
}

/** A store's entry, its traits kept as written (the lists below are derived from them). */
export const store = <S, const Live extends boolean, const NeedsToken extends boolean>(
  entry: StoreEntry<S> & { live: Live; needsToken: NeedsToken },
) => entry;

const connection = store({ create: ({ deps }) => deps.connection, live: false, needsToken: false });
const session = store({
  create: ({ deps, options }) =>
    createSessionStore({
      target: options.target ?? { kind: 'api', url: deps.client.baseUrl },
      profile: options.profile,
      token: options.token,
      // The client carries the token the requests send; the session only tells the UI.
      hasToken: Boolean(options.token) || deps.client.hasToken,
      pane: options.pane,
    }),
  live: false,
  needsToken: false,
});
const discovery = store({
  create: ({ deps }) => createDiscoveryStore(deps),
  live: true,
  needsToken: false,
  dispose: (made) => made.getState().dispose(),
});
const providers = store({
  create: ({ deps }) => createProvidersStore(deps),
  live: false,
  needsToken: false,
  dispose: (made) => made.getState().dispose(),
});
/** The network's clients: device names and ids, provide modes. */
const clients = store({ create: ({ deps }) => createClientsStore(deps), live: true, needsToken: true });
const devices = store({
  create: ({ deps, use }) => createDevicesStore(deps, { clients: use(clients) }),
  live: true,
  needsToken: true,
});
const account = store({ create: ({ deps }) => createAccountStore(deps), live: true, needsToken: true });
/** My providers, last 24 h. */
const myProviders = store({
  create: ({ deps, use }) => createMyProvidersStore(deps, { clients: use(clients) }),
  live: true,
  needsToken: true,
});
/** My providers' idle verdicts over the idle hours (one providers-last-n), and `i`'s filter. */
const idle = store({
  create: ({ deps, use }) => createIdleProvidersStore(deps, { myProviders: use(myProviders) }),
  live: true,
  needsToken: true,
});
/** The muted providers (`m` in My providers; the file `netdeck mute` writes, read again at each refresh). */
const mutes = store({
  create: ({ deps, use }) => createConsoleMutes(deps, use(myProviders)),
  live: false,
  needsToken: false,
});
/** The dialog `m` opens: how long to mute. */
const muteForm = store({ create: ({ use }) => createMuteForm(use(mutes)), live: false, needsToken: false });
/** My providers and Earnings merged over every profile (`a`): each profile's stores while shown. */
const everyProfile = store({
  create: ({ deps }) => createEveryProfileStore(deps),
  live: false,
  needsToken: false,
  dispose: (made) => made.getState().stop(),
});
/** My providers and a provider's detail over 24 h, 7 d or 30 d (`t`); loaded while shown. */
const history = store({
  create: ({ deps, use }) => createHistoryStores(deps, { clients: use(clients) }),
  live: false,
  needsToken: true,
  dispose: (made) => made.stop(),
});
/** Network, last 90 days. */
const network = store({ create: ({ deps }) => createNetworkStore(deps), live: true, needsToken: false });
/** The network's blocked locations (Discover's `B`, its marks and filter). */
const blocked = store({ create: ({ deps }) => createBlockedStore(deps), live: true, needsToken: true });
/** The network's API keys (Account). */
const apiKeys = store({ create: ({ deps }) => createApiKeysStore(deps), live: true, needsToken: true });
/** Earnings: payments, paid and unpaid transfer, points, reliability, rank. */
const earnings = store({ create: ({ deps }) => createEarningsStore(deps), live: true, needsToken: true });
/** The network's hosted proxies (pane 8, and the dialog that makes one from a place): loaded while shown. */
const proxies = store({ create: ({ deps }) => createProxiesStore(deps), live: false, needsToken: true });
/** The network's data balance and the redeem dialog (Account): loaded while shown. */
const balance = store({ create: ({ deps }) => createBalanceStore(deps), live: false, needsToken: true });
/** The console's login with an auth code. */
const login = store({
  // Logged in: the header names the network and the live panes that needed a token load.
  create: ({ deps, use, stores }) =>
    createLoginStore(deps, (token) => {
      use(session).getState().setToken(token);
      for (const name of NEED_TOKEN) void stores[name].getState().refresh();
    }),
  live: false,
  needsToken: false,
});
/** The export dialog of Providers, My providers and Earnings (`e`): a path, a format, where it wrote. */
const fileExport = store({
  create: ({ deps }) => createFileExportStore(deps),
  live: false,
  needsToken: false,
});
/** What happened while the console ran (the event log, `!`), fed by the loads above. */
const events = store({ create: () => createEventSource(), live: false, needsToken: false });
/** The stale view of My providers and Devices (O), and removing stale clients (X). */
const stale = store({
  create: ({ deps, use }) => {
    const lists = { clients: use(clients), myProviders: use(myProviders), devices: use(devices) };
    return createStaleStore(deps, {
      ...lists,
      // After a removal the lists load again (the removed clients leave them).
      reload: () => {
        for (const list of Object.values(lists)) void list.getState().refresh();
      },
    });
  },
  live: false,
  needsToken: true,
});

/**
 * Every store of the console by its name. The live ones start in this order: Discover's
 * request goes out first.
 */
const REGISTRY = {
  connection,
  session,
  discovery,
  providers,
  devices,
  account,
  clients,
  myProviders,
  idle,
  mutes,
  muteForm,
  history,
  network,
  blocked,
  apiKeys,
  earnings,
  proxies,
  balance,
  login,
  events,
  stale,
  fileExport,
  everyProfile,
} satisfies Record<string, StoreEntry<unknown>>;
type Registry = typeof REGISTRY;

export type Stores = { [K in keyof Registry]: ReturnType<Registry[K]['create']> };
export type StoreName = keyof Stores;

/** The names of the stores whose `trait` is true. */
type NamesWith<Trait extends 'live' | 'needsToken'> = {
  [K in StoreName]: Registry[K][Trait] extends true ? K : never;
}[StoreName];
type LiveName = NamesWith<'live'>;

const NAMES = Object.keys(REGISTRY) as StoreName[];
/** The live resources, loaded and refreshed on the store clock (tab counts need them all). */
const LIVE = NAMES.filter((name) => REGISTRY[name].live) as LiveName[];
/** The live resources that need the network's token: a login loads them again. */
const NEED_TOKEN = LIVE.filter((name) => REGISTRY[name].needsToken) as (LiveName & NamesWith<'needsToken'>)[];

export function createStores(deps: StoreDeps, options: StoresOptions = {}): Stores {
  const made = new Map<StoreEntry<unknown>, unknown>();
  const making = new Set<StoreEntry<unknown>>();
  const stores = {} as Stores;
  const use = <S>(entry: StoreEntry<S>): S => {
    if (!made.has(entry)) {
      // Two stores that need each other to be made cannot both be made first.
      if (making.has(entry)) throw new Error('store registry: two stores need each other to be made');
      making.add(entry);
      made.set(entry, entry.create({ deps, options, use, stores }));
    }
    return made.get(entry) as S;
  };
  for (const name of NAMES)
    (stores as Record<StoreName, unknown>)[name] = use(REGISTRY[name] as StoreEntry<unknown>);
  // Discover marks and filters by the blocked list.
  stores.blocked.subscribe((state, before) => {
    if (state.data !== before.data) stores.discovery.getState().setBlocked(state.data);
  });
  // An API key names no network: the header's name comes from the service.
  if (options.token && isApiKey(options.token)) askNetworkName(deps, stores.session);
  // Subscriptions only: nothing to stop (they go with the stores).
  feedConsoleEvents(stores, stores.events, deps.clock);
  feedActionEvents(stores, stores.events, deps.clock);
  return stores;
}

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
  for (const name of NAMES) (REGISTRY[name] as StoreEntry<unknown>).dispose?.(stores[name]);
}
