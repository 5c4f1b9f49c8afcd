// A seeded world: geography, networks, providers, and the state the engine moves.
// Everything random derives from the seed (Faker's word lists picked with our own PRNG).
import { type Geo, geoSteps } from './geo.ts';
import { Names } from './names.ts';
import { DEMO_NETWORK_NAME, Networks } from './networks.ts';
import { Rng } from './prng.ts';
import { type Providers, providerSteps } from './providers.ts';
import type {
  Accounts,
  ApiKeys,
  AuthCodeRecord,
  Balances,
  CodeRecord,
  DarkSpells,
  FeedbackEntry,
  Fleet,
  History,
  Proxies,
  Track,
  UserRecord,
  WalletRecord,
} from './state.ts';
import { runSteps, type Steps, within } from './steps.ts';
import { Windows } from './windows.ts';

export interface WorldOptions {
  seed: number;
  /** epoch ms: the simulated history ends here */
  now: number;
  providers?: number;
  locations?: number;
  ownProviders?: number;
  /** where the callers are: a country code (default `us`) */
  callerCountry?: string;
}

export const DEFAULTS = { providers: 5000, locations: 2000, ownProviders: 24 } as const;
/** Where the simulator's callers are unless told otherwise (`--caller-country`). */
export const DEFAULT_CALLER_COUNTRY = 'us';

const MINUTE = 60_000;
/** /device/add: the 10th call of a network in 30 minutes is refused (reference behaviour). */
export const ADD_WINDOW = { ms: 30 * MINUTE, limit: 10 } as const;
/** Logins: 5 per caller address and user auth in 5 minutes, 300 per user auth in 30. */
export const LOGIN_WINDOWS = {
  address: { ms: 5 * MINUTE, limit: 5 },
  user: { ms: 30 * MINUTE, limit: 300 },
} as const;
/** Sign-ups without an e-mail: 5 per caller address a day (server: model/network_create_rate_limit.go). */
export const ANONYMOUS_SIGN_UPS = { ms: 24 * 60 * MINUTE, limit: 5 } as const;
/** Issue 34's random streams (world.proxyRng and its siblings): numbers no other stream uses. */
const ISSUE_34_STREAMS = { proxies: 3401, balances: 3402, accounts: 3403 } as const;
/** Login-attempt histories kept at once (least recently used dropped past it). */
const MAX_HISTORIES = 20_000;

export interface World {
  readonly seed: number;
  readonly createdAt: number;
  readonly geo: Geo;
  readonly names: Names;
  readonly networks: Networks;
  readonly providers: Providers;
  /** world evolution (ticks) and answers to calls draw from separate streams */
  readonly tickRng: Rng;
  readonly requestRng: Rng;
  /** device names set explicitly (own devices, adopted devices, admin renames) */
  readonly deviceNames: Map<number, string>;
  /** account wallets per network number, and the payout wallet chosen among them */
  readonly wallets: Map<number, WalletRecord[]>;
  readonly payoutWallet: Map<number, string>;
  /** the newest feedbacks received, in order (bounded) */
  readonly feedback: FeedbackEntry[];
  /** every live code (open, pending or confirmed association), by code */
  readonly codes: Map<string, CodeRecord>;
  adoptCodes: CodeRecord[];
  shareCodes: CodeRecord[];
  mintCount: number;
  /** times of /device/add attempts per network (rate limit) */
  readonly addAttempts: Windows<number>;
  /** accounts that log in with a password, by user auth */
  readonly users: Map<string, UserRecord>;
  /** live auth codes (code-create), by code */
  readonly authCodes: Map<string, AuthCodeRecord>;
  /** login attempts per (user auth, caller address), and per user auth */
  readonly loginAttempts: Windows<string>;
  readonly userAttempts: Windows<string>;
  /** statistics of providers whose network asked for them (the demo's from the start): 24 h, or 31 days */
  readonly tracks: Map<number, Track>;
  /** providers per network, built on demand */
  readonly networkProviders: Map<number, number[]>;
  history: History;
  /** issue 26, groups 4 and 5: every network's API keys (engine/api-keys.ts) */
  readonly apiKeys: ApiKeys;
  /** location ids each network blocked, by network number, in the order blocked (engine/blocked-locations.ts) */
  readonly blockedLocations: Map<number, string[]>;
  /** the country code the service would locate the callers in (`--caller-country`) */
  callerCountry: string;
  /** stale, added and removed clients, and bulk removals (issue 26, group 3) */
  readonly fleet: Fleet;
  /** providers that go dark for hours (issue 35): planned by the engine (engine/dark.ts) */
  readonly dark: DarkSpells;
  /** issue 34: balance codes and data balances, sign-up and recovery, hosted proxies */
  readonly balances: Balances;
  readonly accounts: Accounts;
  readonly proxies: Proxies;
  /**
   * Issue 34's random streams, one each, so that what the seed made before stays as it
   * was: proxies (ids, blocks, WireGuard addresses), balance codes, sign-up's codes.
   */
  /** sign-ups without an e-mail, per caller address (a day) */
  readonly anonymousSignUps: Windows<string>;
  readonly proxyRng: Rng;
  readonly balanceRng: Rng;
  readonly accountRng: Rng;
  /** bumped at every tick and every mutation: a cheap key for response caches */
  version: number;
  /** epoch ms of the last tick (or of creation) */
  lastTick: number;
  ticks: number;
}

/**
 * The providers of a world whose size was not given: the default's, unless the demo network
 * is to have more than that (`--own-providers 10000`), when its own are added to them (the
 * other networks keep theirs). A world given its size never grows: netdeck refuses more own
 * providers than it (src/cli/options.ts).
 */
export const defaultProviders = (own: number): number =>
  own > DEFAULTS.providers ? own + DEFAULTS.providers : DEFAULTS.providers;

export function createWorld(options: WorldOptions): World {
  return runSteps(worldSteps(options));
}

/** createWorld in steps (steps.ts): the geography, then the networks, then the providers. */
export function* worldSteps(options: WorldOptions): Steps<World> {
  const seed = options.seed | 0;
  const own = Math.max(0, Math.floor(options.ownProviders ?? DEFAULTS.ownProviders));
  const total = Math.max(1, Math.floor(options.providers ?? defaultProviders(own)));
  const cities = Math.max(1, Math.floor(options.locations ?? DEFAULTS.locations));
  const rng = new Rng(seed, 1);
  const names = new Names(seed);
  const geo = yield* within(geoSteps(rng, cities), 0, 0.3);

  const networks = new Networks(seed);
  networks.add(DEMO_NETWORK_NAME);
  const others = Math.max(8, Math.min(30_000, Math.round(total / 40)));
  const taken = new Set([DEMO_NETWORK_NAME]);
  for (let n = 0; n < others; n++) {
    let name = names.network(rng);
    if (taken.has(name)) name = `${name}-${n}`;
    taken.add(name);
    networks.add(name);
    if ((n & 0x3ff) === 0x3ff) yield 0.3 + (0.1 * n) / others;
  }

  const providers = yield* within(providerSteps(rng, geo, seed, total, own, others), 0.4, 1);
  return {
    seed,
    createdAt: options.now,
    geo,
    names,
    networks,
    providers,
    tickRng: new Rng(seed, 2),
    requestRng: new Rng(seed, 3),
    deviceNames: new Map(),
    wallets: new Map(),
    payoutWallet: new Map(),
    feedback: [],
    codes: new Map(),
    adoptCodes: [],
    shareCodes: [],
    mintCount: 0,
    addAttempts: new Windows(ADD_WINDOW.ms, ADD_WINDOW.limit, 100_000),
    users: new Map(),
    authCodes: new Map(),
    loginAttempts: new Windows(LOGIN_WINDOWS.address.ms, LOGIN_WINDOWS.address.limit, MAX_HISTORIES),
    userAttempts: new Windows(LOGIN_WINDOWS.user.ms, LOGIN_WINDOWS.user.limit, MAX_HISTORIES),
    tracks: new Map(),
    networkProviders: new Map(),
    history: { days: [], series: {} },
    apiKeys: { byHash: new Map(), secret: new Uint8Array(0), minted: 0 },
    blockedLocations: new Map(),
    callerCountry: options.callerCountry ?? DEFAULT_CALLER_COUNTRY,
    fleet: {
      staleFrom: providers.count,
      staleCount: 0,
      keyless: new Set(),
      records: new Map(),
      specs: new Map(),
      removed: new Map(),
      reserved: new Map(),
      runs: [],
    },
    dark: { prone: new Set(), set: new Map() },
    balances: { codes: new Map(), transfer: new Map() },
    accounts: {
      verifyCodes: new Map(),
      resetCodes: new Map(),
      mail: [],
      credentialsChangedAt: new Map(),
    },
    proxies: { byId: new Map(), byClient: new Map(), changes: 0 },
    // One more than the limit kept, to see the one past it.
    anonymousSignUps: new Windows(ANONYMOUS_SIGN_UPS.ms, ANONYMOUS_SIGN_UPS.limit + 1, MAX_HISTORIES),
    proxyRng: new Rng(seed, ISSUE_34_STREAMS.proxies),
    balanceRng: new Rng(seed, ISSUE_34_STREAMS.balances),
    accountRng: new Rng(seed, ISSUE_34_STREAMS.accounts),
    version: 0,
    lastTick: options.now,
    ticks: 0,
  };
}

/** The device name of provider i (explicit, or derived from the seed). */
export function deviceName(world: World, i: number): string {
  return world.deviceNames.get(i) ?? world.names.deviceFromHash(world.seed, i);
}

/** The providers of network n (built once by a scan, then kept up to date). */
export function providersOf(world: World, n: number): number[] {
  let list = world.networkProviders.get(n);
  if (!list) {
    list = [];
    const { network, count } = world.providers;
    for (let i = 0; i < count; i++) if (network[i] === n) list.push(i);
    world.networkProviders.set(n, list);
  }
  return list;
}

export type * from './state.ts';
