// How the console and every command reach the service: with an API configured, a client
// on it with the configured token; without one, a fresh in-process demo simulator built
// from the world flags, and a client on it with its demo token.
import type { Simulator, SimulatorOptions } from '../../simulator/index.ts';
import type { SliceOptions } from '../../simulator/world/steps.ts';
import { type ApiClient, type ClientOptions, createClient } from '../api/client.ts';
import type { Era } from '../contract/eras.ts';
import type { SessionTarget } from '../store/session.ts';
import { startMark } from './console/start-marks.ts';
import type { CliDeps } from './context.ts';
import { checkWorldFlags, DEMO_SEED } from './options.ts';
import type { ResolvedConfig } from './profile/config.ts';

export { DEMO_SEED };

/** The demo world's flags (`netdeck --seed 7 --speed 60`, `netdeck --seed 7 stats network`). */
export interface WorldFlags {
  seed?: number;
  era?: Era;
  providers?: number;
  locations?: number;
  ownProviders?: number;
  speed?: number;
}

/** How each world flag is spelled on the command line. */
const WORLD_FLAG_NAMES: Record<keyof WorldFlags, string> = {
  seed: '--seed',
  era: '--era',
  providers: '--providers',
  locations: '--locations',
  ownProviders: '--own-providers',
  speed: '--speed',
};

/** The world flags among a command's options. */
const worldOf = ({ seed, era, providers, locations, ownProviders, speed }: WorldFlags): WorldFlags => ({
  seed,
  era,
  providers,
  locations,
  ownProviders,
  speed,
});

export interface OpenClient {
  client: ApiClient;
  /** What the console's header names: the simulator's seed or the API's URL. */
  target: SessionTarget;
  /** The token the client sends: the configured one, or the demo simulator's. */
  token?: string;
  /** Set in demo mode. */
  simulator?: Simulator;
  /** Closes the client, then the simulator; never throws. */
  close(): Promise<void>;
}

/** The simulator's factory, loaded only when the demo is wanted (it brings Faker). */
async function loadSimulator(deps: CliDeps): Promise<(options: SimulatorOptions) => Promise<Simulator>> {
  if (deps.createSimulator) return deps.createSimulator;
  return (await import('../../simulator/index.ts')).createSimulator;
}

/** A client for `baseUrl`: `defaults` (a command's or the console's), then the test seams. */
export function clientFor(
  deps: CliDeps,
  defaults: Partial<ClientOptions>,
  baseUrl: string,
  token?: string,
): ApiClient {
  return createClient({ clock: deps.clock, ...defaults, ...deps.clientOptions, baseUrl, token });
}

export async function openClient(
  deps: CliDeps,
  config: ResolvedConfig,
  options: {
    world?: WorldFlags;
    clientDefaults: Partial<ClientOptions>;
    warn?: (text: string) => void;
    /** Build the demo world in time slices, with its progress (the console's first paint). */
    slices?: SliceOptions;
    /** What the demo simulator plays beside the world (`adopt`: the demo network adds its code). */
    demo?: Pick<SimulatorOptions, 'ownerAddsAdoptionAfterMs'>;
  },
): Promise<OpenClient> {
  const given = Object.entries(worldOf(options.world ?? {})).filter(([, value]) => value !== undefined);
  if (config.mode === 'api') {
    const url = config.apiUrl.value;
    if (given.length)
      options.warn?.(
        `${given.map(([name]) => WORLD_FLAG_NAMES[name as keyof WorldFlags]).join(', ')} shape${given.length === 1 ? 's' : ''} ` +
          `the demo simulator only; ignored with the API at ${url}`,
      );
    const token = config.token?.value;
    const client = clientFor(deps, options.clientDefaults, url, token);
    return { client, target: { kind: 'api', url }, token, close: () => client.close().catch(() => {}) };
  }
  const { seed = DEMO_SEED, ...world } = worldOf(options.world ?? {});
  checkWorldFlags(world);
  const create = await loadSimulator(deps);
  startMark('simulator loaded');
  const simulator = await create({ seed, ...world, ...options.demo, slices: options.slices });
  startMark('world built and served');
  const client = clientFor(deps, options.clientDefaults, simulator.url, simulator.token);
  return {
    client,
    target: { kind: 'demo', seed },
    token: simulator.token,
    simulator,
    async close() {
      await client.close().catch(() => {});
      await simulator.close().catch(() => {});
    },
  };
}
