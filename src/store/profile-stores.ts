// One set of stores per profile, for the console's views merged over every profile
// (`--profiles`): each profile keeps its own connection (what its header would say), its
// clients (device names and modes), My providers and Earnings, on its own client and
// clock, and a merged view reads them side by side (src/store/every-profile.ts), with each
// profile's idle verdicts over its own idle hours. One profile that fails (a refused
// token, a service that cannot be reached) has its error in its own stores; the others'
// load and refresh as ever. `@` still gives the console one profile's full set
// (createStores in index.ts).
import { type ClientsStore, createClientsStore } from './clients.ts';
import { type ConnectionStore, createConnectionStore } from './connection.ts';
import type { StoreDeps } from './deps.ts';
import { createEarningsStore, type EarningsStore } from './earnings.ts';
import { createIdleProvidersStore, type IdleProvidersStore } from './idle-providers.ts';
import { createMyProvidersStore, type MyProvidersStore } from './my-providers.ts';
import type { StoreProfile } from './profile-opening.ts';

/** One profile's stores. */
export interface ProfileStores {
  profile: string;
  network?: string;
  connection: ConnectionStore;
  clients: ClientsStore;
  myProviders: MyProvidersStore;
  /** Its providers' idle verdicts (My providers marks the idle ones). */
  idle: IdleProvidersStore;
  earnings: EarningsStore;
}

/** The stores of each profile, in the order given; none has loaded yet (startProfileStores). */
export function createProfileStores(
  profiles: readonly StoreProfile[],
  options: Pick<StoreDeps, 'refreshEveryMs'> = {},
): ProfileStores[] {
  return profiles.map(({ name, network, client, clock, idleHours }) => {
    const deps: StoreDeps = { client, clock, connection: createConnectionStore(), idleHours, ...options };
    const clients = createClientsStore(deps);
    return {
      profile: name,
      network,
      connection: deps.connection,
      clients,
      myProviders: createMyProvidersStore(deps, { clients }),
      idle: createIdleProvidersStore(deps),
      earnings: createEarningsStore(deps),
    };
  });
}

/** The live stores of one profile's set, in the order they load. */
const liveOf = (set: ProfileStores) => [set.clients, set.myProviders, set.idle, set.earnings];

/** Loads every profile's stores and keeps them refreshing; settles when each has answered or failed. */
export async function startProfileStores(sets: readonly ProfileStores[]): Promise<void> {
  await Promise.all(sets.flatMap(liveOf).map((store) => store.getState().start()));
}

/** Cancels every profile's timers and requests in flight. */
export function stopProfileStores(sets: readonly ProfileStores[]): void {
  for (const store of sets.flatMap(liveOf)) store.getState().stop();
}
