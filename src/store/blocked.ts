// Blocked countries (GET /network/blocked-locations, a live resource; it needs the
// network's token): the locations whose consumers the network's providers are not offered
// to, and the y/n question of Discover's `B` that blocks or unblocks a row's country. Only
// countries have an effect (the service never matches regions or cities): a region or a
// city offers its country.
import type { StoreApi } from 'zustand/vanilla';
import { isMissingRoute, lacking, serviceMessage } from '../api/error-words.ts';
import type { BlockedLocation } from '../contract/schemas.ts';
import { answerQuestion, questionSlot } from './asked-question.ts';
import type { StoreDeps } from './deps.ts';
import { send } from './request.ts';
import { createResourceStore, extendResource, type ResourceState } from './resource.ts';

/** A country `B` would block or unblock, and the place it was asked from (a region or a city). */
export interface CountryChoice {
  id: string;
  name: string;
  code?: string;
  /** The region or city under the cursor whose country this is. */
  from?: { kind: string; name: string };
}

export interface BlockQuestion extends CountryChoice {
  action: 'block' | 'unblock';
  phase: 'ask' | 'sending' | 'done' | 'failed';
  message?: string;
}

export interface BlockedView {
  question?: BlockQuestion;
  /** Asks (y/n) to block the country, or to unblock it when it is blocked. */
  ask(country: CountryChoice): void;
  /** The answer: yes sends it and reloads the list, no forgets it. */
  answer(yes: boolean): Promise<void>;
  close(): void;
}

export type BlockedState = ResourceState<BlockedLocation[]> & BlockedView;
export type BlockedStore = StoreApi<BlockedState>;

/** What the service lacks where the routes answer 404 (the seed era). */
export const BLOCKED_WHAT = 'blocked locations';
export const NO_BLOCKED_LOCATIONS = lacking(BLOCKED_WHAT);

/** The ids the network blocked, of every type (one Set per answer). */
const idSets = new WeakMap<BlockedLocation[], Set<string>>();
const NONE = new Set<string>();
export function blockedIds(list: BlockedLocation[] | undefined): Set<string> {
  if (!list) return NONE;
  let ids = idSets.get(list);
  if (!ids) {
    ids = new Set(list.map((l) => l.location_id).filter((id): id is string => Boolean(id)));
    idSets.set(list, ids);
  }
  return ids;
}

/** `Germany (DE)`. */
export const countryLabel = (country: Pick<CountryChoice, 'name' | 'code'>) =>
  `${country.name}${country.code ? ` (${country.code.toUpperCase()})` : ''}`;

export function createBlockedStore(deps: StoreDeps): BlockedStore {
  const { client } = deps;
  const resource = createResourceStore<BlockedLocation[]>(deps, {
    load: async (signal) => (await client.blockedLocations({ signal })).blocked_locations ?? [],
  });
  return extendResource<BlockedLocation[], BlockedView>(resource, (set, get) => {
    return {
      ask(country) {
        const action = blockedIds(get().data).has(country.id) ? 'unblock' : 'block';
        set({ question: { ...country, action, phase: 'ask' } });
      },
      answer: (yes) =>
        answerQuestion(yes, questionSlot(get, set), {
          async act(question) {
            const body = { location_id: question.id };
            if (question.action === 'block') {
              await send(deps, () => client.blockLocation(body));
              return `Blocked ${countryLabel(question)}: consumers there are no longer offered your providers.`;
            }
            await send(deps, () => client.unblockLocation(body));
            return `Unblocked ${countryLabel(question)}: consumers there are offered your providers again.`;
          },
          failure: (error) => (isMissingRoute(error) ? NO_BLOCKED_LOCATIONS : serviceMessage(error)),
          after: () => get().refresh(),
        }),
      close: () => set({ question: undefined }),
    };
  });
}
