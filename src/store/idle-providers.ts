// The console's idle providers (issue 35, item 1): one POST /stats/providers-last-n over the
// idle hours (`idle_hours`, default 6), read by idle.ts into a verdict per provider, which My
// providers marks and its detail explains; and `i`, which shows only the idle ones. A live
// resource like the panes' own, so it loads after Discover's first answer and refreshes with
// them. It keeps the verdicts only: a fleet's answer (every provider's events) is read once.
import type { StoreApi } from 'zustand/vanilla';
import type { StoreDeps } from './deps.ts';
import { DEFAULT_IDLE_HOURS, type IdleVerdict, idleVerdicts } from './idle.ts';
import type { MyProvidersStore } from './my-providers.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

/** Each provider's verdict by client id. */
export type IdleVerdicts = ReadonlyMap<string, IdleVerdict>;

export interface IdleFilter {
  /** The hours a provider must be connected and carry nothing to be idle. */
  hours: number;
  /** Only the idle providers are shown in My providers (`i`). */
  only: boolean;
  toggleOnly(): void;
}
export type IdleProvidersState = ResourceState<IdleVerdicts> & IdleFilter;
export type IdleProvidersStore = StoreApi<IdleProvidersState>;

/** The same verdicts (a refresh that changed none keeps the map, and draws nothing again). */
function sameVerdicts(a: IdleVerdicts | undefined, b: IdleVerdicts): boolean {
  if (!a || a.size !== b.size) return false;
  for (const [id, verdict] of b) if (a.get(id)?.state !== verdict.state) return false;
  return true;
}

/** The client ids of the idle providers. */
export function idleIds(verdicts: IdleVerdicts | undefined): Set<string> {
  const ids = new Set<string>();
  for (const [id, verdict] of verdicts ?? []) if (verdict.state === 'idle') ids.add(id);
  return ids;
}

/**
 * The verdicts over `deps.idleHours`; with `myProviders`, `i` narrows its rows to the idle
 * ones (as the stale view narrows them to the stale ones), following each new answer.
 */
export function createIdleProvidersStore(
  deps: StoreDeps,
  options: { myProviders?: MyProvidersStore } = {},
): IdleProvidersStore {
  const hours = deps.idleHours ?? DEFAULT_IDLE_HOURS;
  let last: IdleVerdicts | undefined;
  const resource = createResourceStore<IdleVerdicts>(deps, {
    load: async (signal) => {
      const verdicts = idleVerdicts(await deps.client.providersLastN({ last_n: hours }, { signal }), hours);
      if (!last || !sameVerdicts(last, verdicts)) last = verdicts;
      return last;
    },
  });
  const store = extendResource<IdleVerdicts, IdleFilter>(resource, (set, get) => ({
    hours,
    only: false,
    toggleOnly: () => set({ only: !get().only }),
  }));
  const { myProviders } = options;
  if (myProviders)
    store.subscribe((state, before) => {
      if (state.only === before.only && state.data === before.data) return;
      myProviders.getState().showIdle(state.only ? idleIds(state.data) : undefined);
    });
  return store;
}
