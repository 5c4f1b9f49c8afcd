// createSimulator: a seeded world (engine) served over HTTP on loopback.

import { type Clock, ManualClock, ScaledClock } from '../src/clock.ts';
import type { AdminActions, DemoAccess } from '../src/contract/admin.ts';
import type { Era } from '../src/contract/eras.ts';
import { createEngine, createEngineInSlices, type Engine } from './engine/index.ts';
import { startHttpSimulator } from './http/app.ts';
import { newMasterKey } from './http/auth.ts';
import { OffsetClock } from './offset-clock.ts';
import type { SliceOptions } from './world/steps.ts';

export interface SimulatorOptions {
  seed?: number;
  /** The era of the real service to play (default: DEFAULT_ERA of src/contract/eras.ts). */
  era?: Era;
  /** Default: a ScaledClock at `speed`, wrapped so /__sim/advance can jump it forward. */
  clock?: Clock;
  speed?: number;
  providers?: number;
  locations?: number;
  ownProviders?: number;
  /** The country the service would locate the callers in (blocked countries); a code, default `us`. */
  callerCountry?: string;
  /** Default 127.0.0.1 (loopback). */
  host?: string;
  /** Default 0: a free port; `url` has the real one. */
  port?: number;
  /**
   * Host names answered beside the loopback names and `host` (`--allow-host`): a request
   * for any other name is refused 403 (a DNS-rebinding page's).
   */
  allowHosts?: readonly string[];
  /**
   * Origins (`http://localhost:5173`) whose pages may call the API routes and read their
   * answers, or `*` for any (`--cors`): preflights are answered and the CORS headers sent.
   */
  cors?: readonly string[];
  /** Serve the /__sim/ admin routes (they want the secret in `X-Sim-Admin`). */
  admin?: boolean;
  /** The admin routes' secret (default: a random one, in `adminSecret` of the result). */
  adminSecret?: string;
  /**
   * The master key tokens are signed with (default: a random one, so nobody who knows the
   * seed can mint tokens). The same key and seed accept an earlier simulator's tokens.
   */
  signingKey?: Uint8Array;
  latencyMs?: number;
  errorRate?: number;
  /** Request log lines (`--verbose`). */
  log?: (line: string) => void;
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

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const { clock, advance } = advanceable(options.clock ?? new ScaledClock(options.speed ?? 1));
  // One secret for the tokens and the demo password: neither follows from the public seed.
  const signingKey = options.signingKey ?? newMasterKey();
  const engineOptions = {
    secret: signingKey,
    seed: options.seed ?? DEFAULT_SEED,
    era: options.era,
    clock,
    providers: options.providers,
    locations: options.locations,
    ownProviders: options.ownProviders,
    callerCountry: options.callerCountry,
    log: options.log,
    ownerAddsAdoptionAfterMs: options.ownerAddsAdoptionAfterMs,
  };
  const engine = options.slices
    ? await createEngineInSlices(engineOptions, options.slices)
    : createEngine(engineOptions);
  const http = await startHttpSimulator({
    engine,
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
    },
    adminSecret: http.adminSecret,
    admin: http.admin,
    close: () => http.close(),
  };
}
