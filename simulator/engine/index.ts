// The simulator's engine: a seeded world and the behaviour of every operation of the
// endpoint table, without HTTP. The HTTP layer (simulator/http) validates requests and
// calls `handle`.
import { randomBytes } from 'node:crypto';
import { type Clock, PRIORITY, type TimerHandle } from '../../src/clock.ts';
import type { SimCodes, SimMail } from '../../src/contract/admin.ts';
import { endpoints, type OperationName, type ResponseOf } from '../../src/contract/endpoints.ts';
import { type Era, unreadFields } from '../../src/contract/eras.ts';
import { HTTP_TEXT } from '../../src/contract/messages.ts';
import { servedIn } from '../../src/contract/routes.ts';
import type { EraProfile } from '../eras/profile.ts';
import { DEFAULT_CALLER_COUNTRY, type MailRecord, type World, worldSteps } from '../world/index.ts';
import { runSteps, runStepsInSlices, type SliceOptions, type Steps, within } from '../world/steps.ts';
import { walletsOf } from './account.ts';
import { initApiKeys, networkOfApiKey } from './api-keys.ts';
import { initAssociations, openCodes } from './associations.ts';
import { demoPassword, demoUser, initUsers, type NetworkRef, type RequestContext } from './auth.ts';
import { initBalances, openBalanceCodes, spendBalance } from './balance.ts';
import { callerLocationId, initBlockedLocations, setCallerCountry } from './blocked-locations.ts';
import type { Caller } from './caller.ts';
import { deviceIdOf } from './clients.ts';
import { planDark, setDark } from './dark.ts';
import type { DemoPlay } from './device-adoption.ts';
import { SimError } from './errors.ts';
import {
  clientIndex,
  connectRefusal,
  initFleet,
  isActive,
  mayConnect,
  reserveForOthers,
  statsProvidersOf,
} from './fleet.ts';
import { goTime } from './go-time.ts';
import { checkInvariants } from './invariants.ts';
import { mayUse } from './ip-locks.ts';
import { boundedName, ownString } from './limits.ts';
import { prepareSearch } from './locations.ts';
import { initHistory } from './network-stats.ts';
import { type Call, type Handler, operations } from './operations.ts';
import { payoutSteps } from './payouts.ts';
import { newWgServerKey, type ProxyService, proxySigningKey } from './proxies.ts';
import { isProxyLive, liveProxy } from './proxy-callers.ts';
import { liveVerifyCode, tokenStillGood } from './sign-up.ts';
import { setConnected, TICK_MS, tickWorld } from './tick.ts';
import { startTrack } from './tracks.ts';

export type { Caller, NetworkRef, ProxyService, RequestContext, World };
export { SimError };

export interface EngineOptions {
  /** everything random derives from it */
  seed: number;
  /**
   * The era of the real service to play (spec/reference-behaviour.md): its profile, which
   * createSimulator looks up once (simulator/eras/). The HTTP layer reads it here too.
   */
  profile: EraProfile;
  /** simulated time; ticks run on it with PRIORITY.simulator */
  clock: Clock;
  /** total providers in the world (default 5000; scales to 1 000 000) */
  providers?: number;
  /** number of cities (default 2000) */
  locations?: number;
  /** providers of the demo network (default 24) */
  ownProviders?: number;
  /** The country the service would locate the callers in (blocked countries): a code, default `us`. */
  callerCountry?: string;
  /** lines worth a log (an answer capped by the simulator) */
  log?: (line: string) => void;
  /**
   * The secret the demo user's password is derived from, with the seed (default: a random
   * one). createSimulator gives the token signing key, so both are as hard to guess.
   */
  secret?: Uint8Array;
  /**
   * The demo network adds a code a caller's device made (create-adopt-code) this long
   * after it was made (ms of the clock): the in-process demo's, so that `netdeck adopt`
   * can be seen through without a second terminal. Default: never.
   */
  ownerAddsAdoptionAfterMs?: number;
  /** Told what the service would have e-mailed (issue 34: verification and reset codes). */
  mailed?: (mail: MailRecord) => void;
}

/** Whether a proxy token may carry a caller's traffic now: its proxy, or why not. */
export type ProxyAccess = { proxyId: string } | { refused: string };

export interface Engine {
  readonly seed: number;
  /** The era played: the name of `profile`'s (the routes it serves, its OpenAPI document). */
  readonly era: Era;
  /** What the era played does differently: the engine's handlers and the HTTP layer's body decoding read it. */
  readonly profile: EraProfile;
  readonly world: World;
  /** the caller's network, name "demo" */
  readonly demoNetwork: NetworkRef;
  /**
   * Runs one operation. `body` is the output of the endpoint's request schema (`{}` for
   * a POST without fields, undefined for GETs); `caller` is required for operations with
   * auth; `context` brings the caller's address and the token signer (login routes).
   * Returns the JSON response object (cached ones are shared: do not mutate). Throws
   * SimError for HTTP-level failures.
   */
  handle<K extends OperationName>(
    name: K,
    body: unknown,
    caller?: Caller,
    context?: RequestContext,
  ): ResponseOf<K>;
  /** schedules a tick every 60 000 ms of the clock */
  start(): void;
  stop(): void;
  /** one tick now */
  tick(): void;
  /** regenerates the world (same or new seed) at the clock's current time */
  reset(seed?: number): void;
  network(id: string): NetworkRef | undefined;
  ensureNetwork(name: string, id?: string): NetworkRef;
  codes(): SimCodes;
  /** What the service would have e-mailed, newest last (issue 34). */
  mail(): SimMail;
  /** The newest verification code sent to a user auth that still works (issue 34: the demo's sign-up). */
  verifyCode(userAuth: string): string | undefined;
  setDeviceName(clientId: string, name: string): boolean;
  /** The device id /network/clients lists for a client, undefined for a client the world does not have. */
  deviceIdOf(clientId: string): string | undefined;
  /**
   * Connects or disconnects one provider now (a connection event); undefined for an
   * unknown client id, else whether its state changed, or why it cannot connect (a
   * removed client, a stale one whose device came back under another id, one without a
   * provide key): the ticks never connect those either.
   */
  setProviderConnected(clientId: string, connected: boolean): boolean | string | undefined;
  setNetworkName(networkId: string, name: string): boolean;
  /**
   * Makes one provider dark now for `hours` (0: lit again now), connecting it if it is
   * down: undefined for an unknown client id, why it cannot connect (as above), else when
   * the spell ends (epoch ms; now when lit).
   */
  setProviderDark(clientId: string, hours: number): number | string | undefined;
  /**
   * The network an API key acts as (`urn_…`), or undefined: a key never made, removed, or
   * given to an era whose service had no API keys.
   */
  networkOfApiKey(key: string): NetworkRef | undefined;
  /** Where the callers are now: the country code, and its location id (the zero id if the world lacks it). */
  callerCountry(): { country_code: string; location_id: string };
  /** Moves the callers to another country (kept across resets); the code must be one the worlds have. */
  setCallerCountry(code: string): void;
  /** False for a client the world has removed (its token is refused); true for any other id. */
  isClientActive(clientId: string): boolean;
  /** Reserves bulk removals for the deployment's other tenants: `count` in each of the next `hours` hourly buckets. */
  reserveRemovals(count: number, hours: number): { buckets: { hour: string; reserved: number }[] };
  invariants(): string[];
  /** Builds the search index in time slices now, so the first search need not wait for it. */
  prepareSearch(slices?: SliceOptions): Promise<void>;
  // ---- issue 34 ----
  /** Where the simulator's proxies listen (createSimulator, once they do); without it auth-client makes no proxy. */
  serveProxies(service: ProxyService | undefined): void;
  /** Whether `token` (a proxy's auth_token, any case) may carry the traffic of a caller at `callerAddress`. */
  proxyAccess(token: string, callerAddress: string | undefined): ProxyAccess;
  /** Whether a proxy still carries traffic (its client not removed, its network not deleted). */
  proxyLive(proxyId: string): boolean;
  /** Bytes a proxy carried: taken from its network's data balance. */
  proxyCarried(proxyId: string, bytes: number): void;
  /**
   * Whether a token of a network issued at `issuedAt` (epoch ms) is still good: the
   * network not deleted, its user's password not changed since.
   */
  tokenStillGood(networkId: string, issuedAt: number): boolean;
}

/** The options with a secret: the one given, else a random one kept for every reset. */
const withSecret = (options: EngineOptions): EngineOptions & { secret: Uint8Array } =>
  options.secret
    ? (options as EngineOptions & { secret: Uint8Array })
    : { ...options, secret: randomBytes(32) };

/** The engine's world in steps (world/steps.ts): the world, then the demo network's state. */
function* engineWorldSteps(options: EngineOptions & { secret: Uint8Array }, seed: number): Steps<World> {
  const now = options.clock.now();
  const world = yield* within(
    worldSteps({
      seed,
      now,
      providers: options.providers,
      locations: options.locations,
      ownProviders: options.ownProviders,
      callerCountry: options.callerCountry ?? DEFAULT_CALLER_COUNTRY,
    }),
    0,
    0.9,
  );
  world.payoutWallet.set(0, walletsOf(world, 0)[0].walletId);
  initUsers(world, demoPassword(options.secret, seed));
  // The demo network's own devices get friendly names and 24 h statistics from the start.
  for (let i = 0; i < world.providers.count; i++) {
    if (world.providers.network[i] !== 0) continue;
    world.deviceNames.set(i, world.names.ownDevice());
    startTrack(world, i, now);
  }
  yield 0.93;
  initAssociations(world, now);
  yield 0.95;
  initHistory(world, now);
  // Issue 26, groups 4 and 5: a blocked country and an API key of the demo network.
  initBlockedLocations(world);
  initApiKeys(world, options.secret, now);
  initFleet(world, now);
  // Issue 35: a few of the demo network's providers go dark now and then.
  planDark(
    world,
    statsProvidersOf(world, 0).filter((i) => mayConnect(world, i)),
  );
  // Issue 34: the demo network's balance codes (their own random stream).
  initBalances(world, now);
  yield* within(payoutSteps(world, now), 0.97, 1);
  return world;
}

/** createEngine with its world built in time slices, so a screen on the same thread stays alive. */
export async function createEngineInSlices(
  options: EngineOptions,
  slices: SliceOptions = {},
): Promise<Engine> {
  const secured = withSecret(options);
  return createEngine(secured, await runStepsInSlices(engineWorldSteps(secured, options.seed | 0), slices));
}

/** `built`: a world already built from these options (createEngineInSlices). */
export function createEngine(given: EngineOptions, built?: World): Engine {
  const options = withSecret(given);
  const { clock } = options;
  // What /__sim/caller-country changes is kept for the worlds a reset makes.
  let callerCountry = options.callerCountry ?? DEFAULT_CALLER_COUNTRY;
  let world = built ?? runSteps(engineWorldSteps(options, options.seed | 0));
  let timer: TimerHandle | undefined;

  const { profile } = options;
  const { era } = profile;
  // Issue 34: where the proxies listen, the key their tokens are signed with (per seed),
  // and the deployment's one WireGuard key.
  let proxyService: ProxyService | undefined;
  let signing = { seed: Number.NaN, key: new Uint8Array(0) };
  const proxyKey = () => {
    if (signing.seed !== world.seed)
      signing = { seed: world.seed, key: proxySigningKey(options.secret, world.seed) };
    return signing.key;
  };
  const wgServerKey = newWgServerKey();
  const demo: DemoPlay = {
    ownerAddsAdoptionAfterMs: options.ownerAddsAdoptionAfterMs,
    later: (ms, act) => void clock.setTimeout(() => act(clock.now()), ms, PRIORITY.simulator),
  };
  const callerNetwork = (caller: Caller | undefined): number => {
    if (!caller) throw new SimError(401, HTTP_TEXT.notAuthorized);
    let n = world.networks.indexOfId(caller.networkId);
    if (n < 0) n = world.networks.add(ownString(caller.networkName), ownString(caller.networkId));
    return n;
  };

  /** Runs the operation's handler (operations.ts); a route of another era answers 404. */
  const answer = <K extends OperationName>(
    name: K,
    body: unknown,
    caller?: Caller,
    context: RequestContext = {},
  ): unknown => {
    const now = clock.now();
    if (!servedIn(name, era)) throw new SimError(404, HTTP_TEXT.notFound);
    const call = {
      world,
      body: withoutFields(body ?? {}, unreadFields(name, era)),
      now,
      era: profile,
      context,
      log: options.log,
      demo,
      proxies: { service: proxyService, key: proxyKey(), wgServerKey },
      mailed: options.mailed,
      // An operation that wants a token gets its caller's network (401 without a caller).
      ...(endpoints[name].auth ? { caller, network: callerNetwork(caller) } : {}),
    } as Call<K>;
    return (operations[name] as Handler<K>)(call);
  };

  const engine: Engine = {
    get seed() {
      return world.seed;
    },
    era,
    profile,
    get world() {
      return world;
    },
    get demoNetwork() {
      return world.networks.ref(0);
    },
    handle<K extends OperationName>(name: K, body: unknown, caller?: Caller, context?: RequestContext) {
      return answer(name, body, caller, context) as ResponseOf<K>;
    },
    start() {
      if (!timer) timer = clock.setInterval(() => engine.tick(), TICK_MS, PRIORITY.simulator);
    },
    stop() {
      timer?.cancel();
      timer = undefined;
    },
    tick() {
      tickWorld(world, clock.now());
    },
    reset(seed?: number) {
      world = runSteps(
        engineWorldSteps({ ...options, callerCountry }, seed === undefined ? world.seed : seed | 0),
      );
    },
    network(id: string) {
      const n = world.networks.indexOfId(id);
      return n < 0 ? undefined : world.networks.ref(n);
    },
    ensureNetwork(name: string, id?: string) {
      let n = id ? world.networks.indexOfId(id) : world.networks.indexOfName(name);
      if (n < 0) n = world.networks.add(ownString(name), id === undefined ? undefined : ownString(id));
      world.version++;
      return world.networks.ref(n);
    },
    codes() {
      return {
        ...openCodes(world, clock.now()),
        wallets: walletsOf(world, 0)
          .filter((wallet) => wallet.active)
          .map((wallet) => ({ wallet_id: wallet.walletId })),
        demo_user: demoUser(world),
        balance_codes: openBalanceCodes(world),
      };
    },
    mail: () => ({
      mail: world.accounts.mail.map((sent) => ({
        user_auth: sent.userAuth,
        kind: sent.kind,
        code: sent.code,
        time: goTime(sent.time),
      })),
    }),
    verifyCode: (userAuth) => liveVerifyCode(world, userAuth, clock.now()),
    setDeviceName(clientId: string, name: string) {
      const i = world.providers.ids.index(clientId, world.providers.count);
      if (i < 0) return false;
      world.deviceNames.set(i, boundedName(name));
      world.version++;
      return true;
    },
    deviceIdOf(clientId: string) {
      const i = world.providers.ids.index(clientId, world.providers.count);
      return i < 0 ? undefined : deviceIdOf(world, i);
    },
    setProviderConnected(clientId: string, connected: boolean) {
      const i = world.providers.ids.index(clientId, world.providers.count);
      if (i < 0) return undefined;
      const changed = world.providers.connected[i] !== (connected ? 1 : 0);
      const refusal = connected ? connectRefusal(world, i) : undefined;
      if (refusal) return refusal;
      setConnected(world, i, connected, clock.now());
      world.version++;
      return changed;
    },
    setProviderDark(clientId: string, hours: number) {
      const i = clientIndex(world, clientId);
      if (i < 0) return undefined;
      const now = clock.now();
      const refusal = hours > 0 ? connectRefusal(world, i) : undefined;
      if (refusal) return refusal;
      const until = setDark(world, i, hours, now);
      if (hours > 0) setConnected(world, i, true, now);
      world.version++;
      return until;
    },
    setNetworkName(networkId: string, name: string) {
      const n = world.networks.indexOfId(networkId);
      if (n < 0) return false;
      world.networks.rename(n, ownString(name));
      world.version++;
      return true;
    },
    networkOfApiKey(key: string) {
      if (!profile.acceptsApiKeys) return undefined;
      const n = networkOfApiKey(world, key);
      // A deleted network's keys are refused with it.
      return n === undefined || world.networks.isRemoved(world.networks.ids[n])
        ? undefined
        : world.networks.ref(n);
    },
    callerCountry() {
      return { country_code: world.callerCountry, location_id: callerLocationId(world) };
    },
    setCallerCountry(code: string) {
      setCallerCountry(world, code);
      callerCountry = world.callerCountry;
    },
    isClientActive(clientId: string) {
      const i = clientIndex(world, clientId);
      return i < 0 || isActive(world, i);
    },
    reserveRemovals: (count, hours) => reserveForOthers(world, count, hours, clock.now()),
    invariants() {
      return checkInvariants(world, clock.now());
    },
    prepareSearch: (slices) => prepareSearch(world, profile.searchIndex, slices),
    serveProxies(service) {
      proxyService = service;
    },
    proxyAccess(token, callerAddress) {
      const proxy = liveProxy(world, proxyKey(), token);
      if (!proxy) return { refused: 'not a live proxy token' };
      if (!mayUse(proxy.lockSubnets, callerAddress))
        return { refused: 'the caller is not in the proxy’s locks' };
      return { proxyId: proxy.proxyId };
    },
    proxyLive(proxyId) {
      const proxy = world.proxies.byId.get(proxyId);
      return proxy !== undefined && isProxyLive(world, proxy);
    },
    proxyCarried(proxyId, bytes) {
      const proxy = world.proxies.byId.get(proxyId);
      if (proxy) spendBalance(world, proxy.network, bytes, clock.now());
    },
    tokenStillGood: (networkId, issuedAt) => tokenStillGood(world, networkId, issuedAt),
  };
  return engine;
}

/** A body without the fields the era does not read (as its Go structs had them not). */
function withoutFields(body: object, unread: readonly string[]): object {
  if (unread.length === 0) return body;
  return Object.fromEntries(Object.entries(body).filter(([field]) => !unread.includes(field)));
}
