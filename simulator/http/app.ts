// The HTTP half of the simulator around a running engine: server, tokens, faults, admin.

import { randomBytes } from 'node:crypto';
import type { Clock } from '../../src/clock.ts';
import type {
  AdminActions,
  SimCallerCountry,
  SimCodes,
  SimDark,
  SimFaults,
  SimNameChange,
  SimProviderConnection,
} from '../../src/contract/admin.ts';
import { openApiDocument } from '../../src/contract/openapi.ts';
import { hostCheck } from '../../src/net/host-check.ts';
import { listen } from '../../src/net/listen.ts';
import { isCountryCode } from '../world/countries.ts';
import { AdminInputError } from './admin.ts';
import { newMasterKey, TokenAuthority } from './auth.ts';
import { corsPolicy } from './cors.ts';
import type { EnginePort } from './engine-port.ts';
import { FaultState } from './faults.ts';
import type { Address } from './guard.ts';
import { createRequestHandler } from './handler.ts';

export interface HttpSimulatorOptions {
  engine: EnginePort;
  clock: Clock;
  /** Moves the clock forward, running due timers (ManualClock.advance or OffsetClock.advance). */
  advanceClock: (ms: number) => Promise<number>;
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
  /** The simulator's proxy whose connection a request came on (issue 34: proxy/own-api.ts). */
  viaProxy?: (address: string | undefined, port: number | undefined) => string | undefined;
}

export interface HttpSimulator {
  readonly url: string;
  /** JWT of the demo network (re-minted after a reset). */
  readonly token: string;
  readonly admin: AdminActions;
  /** The secret of the admin routes, when they are on. */
  readonly adminSecret?: string;
  close(): Promise<void>;
}

/** 24 characters nobody can guess. */
export const newAdminSecret = () => randomBytes(18).toString('base64url');

export async function startHttpSimulator(options: HttpSimulatorOptions): Promise<HttpSimulator> {
  const { engine, clock } = options;
  const host = options.host ?? '127.0.0.1';
  const ownHost = hostCheck({ bound: host, allow: options.allowHosts });
  const cors = corsPolicy(options.cors);
  const auth = new TokenAuthority(engine, clock, options.signingKey ?? newMasterKey());
  const adminSecret = options.admin ? (options.adminSecret ?? newAdminSecret()) : undefined;
  const faults = new FaultState(engine.seed, {
    latency_ms: options.latencyMs || undefined,
    error_rate: options.errorRate || undefined,
  });
  let demoToken = auth.sign(engine.demoNetwork);

  const admin: AdminActions = {
    reset(seed?: number) {
      engine.reset(seed);
      auth.reset();
      faults.reseed(engine.seed);
      demoToken = auth.sign(engine.demoNetwork);
    },
    advance: (seconds: number) => options.advanceClock(Math.max(0, seconds) * 1000),
    token(networkName: string, clientId?: string) {
      const network = engine.ensureNetwork(networkName);
      return { token: auth.sign(network, clientId), network_id: network.id };
    },
    codes: (): SimCodes => engine.codes(),
    mail: () => engine.mail(),
    setFaults: (next: SimFaults) => faults.set(next),
    setName(body: SimNameChange) {
      if ('client_id' in body) {
        if (!engine.setDeviceName(body.client_id, body.device_name))
          throw new AdminInputError(`client_id: no device ${body.client_id}`);
      } else if (!engine.setNetworkName(body.network_id, body.network_name)) {
        throw new AdminInputError(`network_id: no network ${body.network_id}`);
      }
    },
    setProviderConnected({ client_id, connected }: SimProviderConnection) {
      const changed = engine.setProviderConnected(client_id, connected);
      if (changed === undefined) throw new AdminInputError(`client_id: no provider ${client_id}`);
      if (typeof changed === 'string')
        throw new AdminInputError(`client_id: ${client_id} cannot connect: ${changed}`);
      return { client_id, connected, changed };
    },
    setProviderDark({ client_id, hours }: SimDark) {
      const until = engine.setProviderDark(client_id, hours);
      if (until === undefined) throw new AdminInputError(`client_id: no provider ${client_id}`);
      if (typeof until === 'string')
        throw new AdminInputError(`client_id: ${client_id} cannot connect: ${until}`);
      return { client_id, dark: hours > 0, until: new Date(until).toISOString() };
    },
    setCallerCountry({ country_code }: SimCallerCountry) {
      if (!isCountryCode(country_code))
        throw new AdminInputError(`country_code: ${country_code} is not a country of the simulated worlds`);
      engine.setCallerCountry(country_code);
      return engine.callerCountry();
    },
    reserveRemovals: ({ reserved, hours = 1 }) => engine.reserveRemovals(reserved, hours),
  };

  let openApiBytes: Buffer | undefined;
  let address: Address = { host, port: -1 };
  const context = {
    engine,
    auth,
    faults,
    admin: adminSecret === undefined ? undefined : { actions: admin, secret: adminSecret },
    address: () => address,
    ownHost,
    cors,
    openApi: () => {
      openApiBytes ??= Buffer.from(JSON.stringify(openApiDocument(listening.url, engine.era)));
      return openApiBytes;
    },
    log: options.log,
    now: () => clock.now(),
    viaProxy: options.viaProxy,
  };
  const listening = await listen(createRequestHandler(context), host, options.port ?? 0);
  address = { host: address.host, port: Number(new URL(listening.url).port) || 80 };
  engine.start();

  let closing: Promise<void> | undefined;
  return {
    url: listening.url,
    get token() {
      return demoToken;
    },
    admin,
    adminSecret,
    close() {
      closing ??= (async () => {
        engine.stop();
        await listening.close();
      })();
      return closing;
    },
  };
}
