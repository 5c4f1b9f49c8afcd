// createSimulator: a seeded world (engine) served over HTTP on loopback, with its proxies.
import { isIP } from 'node:net';
import { hostname } from 'node:os';

import { type Clock, ManualClock, ScaledClock } from '../src/clock.ts';
import type { AdminActions, DemoAccess } from '../src/contract/admin.ts';
import { DEFAULT_ERA, ERA_CONTRACTS, type Era, unreadFields } from '../src/contract/eras.ts';
import { createEngine, createEngineInSlices, type Engine, type ProxyService } from './engine/index.ts';
import { eraProfile } from './eras/index.ts';
import { type HttpSimulatorOptions, startHttpSimulator } from './http/app.ts';
import { newMasterKey } from './http/auth.ts';
import { OffsetClock } from './offset-clock.ts';
import { type ProxyPorts, type RunningProxies, startProxies } from './proxy/index.ts';
import { OwnApiConnections } from './proxy/own-api.ts';
import type { MailRecord } from './world/index.ts';
import type { SliceOptions } from './world/steps.ts';

/** The world's options, and the HTTP server's (its host, port, guard, admin routes, faults). */
export interface SimulatorOptions
  extends Omit<HttpSimulatorOptions, 'engine' | 'clock' | 'advanceClock' | 'viaProxy'> {
  seed?: number;
  /** The era of the real service to play (default: DEFAULT_ERA of src/contract/eras.ts). */
  era?: Era;
  /** Default: a ScaledClock at `speed` from `startAt`, wrapped so /__sim/advance can jump it forward. */
  clock?: Clock;
  /** 0: the clock stands still, moved only by /__sim/advance (the same answers every run). */
  speed?: number;
  /** The instant the world's clock starts at (epoch ms; default: now). */
  startAt?: number;
  providers?: number;
  locations?: number;
  ownProviders?: number;
  /** The country the service would locate the callers in (blocked countries); a code, default `us`. */
  callerCountry?: string;
  /**
   * Build the world in time slices (with its progress), so that a screen drawn by the
   * same thread stays alive meanwhile (the console's demo); default: at once.
   */
  slices?: SliceOptions;
  /**
   * The demo network adds a code a device made with create-adopt-code this long after it
   * was made (ms of simulated time): the in-process demo's (`netdeck adopt` with no API).
   */
  ownerAddsAdoptionAfterMs?: number;
  /**
   * Issue 34: the proxies' `proxy_host`, a name (default `localhost` on a loopback host,
   * the host's name when it is one, else this machine's name): never an IP.
   */
  proxyHost?: string;
  /** Ports of the HTTP, SOCKS5 and HTTPS proxies (default: free ones; one in use: a free one). */
  proxyPorts?: ProxyPorts;
  /** Let the proxies reach private, loopback and link-local destinations (`--proxy-allow-local`). */
  proxyAllowLocal?: boolean;
  /** Told what the service would have e-mailed: a line for a person (`netdeck sim` prints it). */
  mailed?: (line: string) => void;
}

export interface Simulator {
  readonly url: string;
  readonly era: Era;
  /** JWT for the demo network. */
  readonly token: string;
  readonly seed: number;
  readonly clock: Clock;
  readonly engine: Engine;
  readonly demo: DemoAccess;
  /** The secret of the admin routes in force (with `admin`); the in-process `admin` needs none. */
  readonly adminSecret?: string;
  /** The admin routes' actions, in process (no secret needed). */
  readonly admin: AdminActions;
  /** Where the proxies listen (issue 34): what auth-client's proxy_config_result names. */
  readonly proxies: ProxyService;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 1;

/** A clock that can be advanced: a ManualClock as is, any other wrapped in an OffsetClock. */
function advanceable(clock: Clock): { clock: Clock; advance: (ms: number) => Promise<number> } {
  if (clock instanceof ManualClock || clock instanceof OffsetClock) {
    return { clock, advance: (ms) => clock.advance(ms) };
  }
  const offset = new OffsetClock(clock);
  return { clock: offset, advance: (ms) => offset.advance(ms) };
}

/** The world's own clock when none is given: from `startAt` (default now), at `speed`, or standing still at 0. */
function worldClock({ speed = 1, startAt = Date.now() }: SimulatorOptions): Clock {
  return speed === 0 ? new ManualClock(startAt) : new ScaledClock(speed, startAt);
}

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const { clock, advance } = advanceable(options.clock ?? worldClock(options));
  // One secret for the tokens and the demo password: neither follows from the public seed.
  const signingKey = options.signingKey ?? newMasterKey();
  const engineOptions = {
    secret: signingKey,
    seed: options.seed ?? DEFAULT_SEED,
    // The one place the era's profile is looked up: the engine and its HTTP layer read it there.
    profile: eraProfile(options.era ?? DEFAULT_ERA),
    clock,
    providers: options.providers,
    locations: options.locations,
    ownProviders: options.ownProviders,
    callerCountry: options.callerCountry,
    log: options.log,
    ownerAddsAdoptionAfterMs: options.ownerAddsAdoptionAfterMs,
    mailed: options.mailed && mailLine(options.mailed),
  };
  const engine = options.slices
    ? await createEngineInSlices(engineOptions, options.slices)
    : createEngine(engineOptions);
  const ownApi = new OwnApiConnections();
  const http = await startHttpSimulator({
    engine,
    viaProxy: (address, port) => ownApi.proxyOf(address, port),
    clock,
    advanceClock: advance,
    host: options.host,
    port: options.port,
    allowHosts: options.allowHosts,
    cors: options.cors,
    admin: options.admin,
    adminSecret: options.adminSecret,
    signingKey,
    latencyMs: options.latencyMs,
    errorRate: options.errorRate,
    log: options.log,
  });
  const host = options.host ?? '127.0.0.1';
  let proxies: RunningProxies;
  try {
    proxies = await startProxies({
      engine,
      host,
      proxyHost: options.proxyHost ?? proxyHostOf(host),
      apiUrl: http.url,
      ports: options.proxyPorts,
      allowLocal: options.proxyAllowLocal,
      ownApi,
      log: options.log,
    });
  } catch (error) {
    await http.close();
    throw error;
  }
  engine.serveProxies(proxies.service);
  return {
    url: http.url,
    era: engine.era,
    get token() {
      return http.token;
    },
    get seed() {
      return engine.seed;
    },
    clock,
    engine,
    demo: {
      get seed() {
        return engine.seed;
      },
      codes: () => engine.codes(),
      verifyCode: (userAuth) => engine.verifyCode(userAuth),
      unreadFields: (name) => unreadFields(name, engine.era),
      lacks: (name) => ERA_CONTRACTS[engine.era].lacks.includes(name),
    },
    adminSecret: http.adminSecret,
    admin: http.admin,
    proxies: proxies.service,
    close: async () => {
      engine.serveProxies(undefined);
      await Promise.all([proxies.close(), http.close()]);
    },
  };
}

/** `proxy_host` for a host: `localhost` on loopback, the host when it is a name, else this machine's name. */
function proxyHostOf(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare === '::1' || bare.startsWith('127.')) return 'localhost';
  return isIP(bare) ? hostname() : bare;
}

/** What the service would have e-mailed, as a line for a person. */
const mailLine =
  (write: (line: string) => void) =>
  ({ userAuth, kind, code }: MailRecord) =>
    write(
      kind === 'verify'
        ? `mail to ${userAuth}: verification code ${code}`
        : `mail to ${userAuth}: password reset link https://ur.io/?resetCode=${code}`,
    );
