// The console's stale view (O in My providers and in Devices): which clients are stale
// for the period chosen (stale-clients.ts), the rows each pane then shows, the clients
// marked with space, the one question before X removes them (client-removal.ts), and
// the period typed with P (remembered between runs).
import { createStore, type StoreApi } from 'zustand/vanilla';
import { serviceMessage } from '../api/error-words.ts';
import type { NetworkClient } from '../contract/schemas.ts';
import { formatAge, formatPeriod, parsePeriod } from '../format/numbers.ts';
import { describeRemoval, removeClients } from './client-removal.ts';
import { type ClientsStore, clientsById } from './clients.ts';
import type { StoreDeps } from './deps.ts';
import type { DevicesStore } from './devices.ts';
import type { MyProvidersStore } from './my-providers.ts';
import { requestSlot, send } from './request.ts';
import {
  answeredAt,
  DEFAULT_STALE_MS,
  lastEventsOf,
  lastNFor,
  lastSeenOf,
  PERIOD_PROBLEM,
  proxiesLeftOut,
  staleClients,
} from './stale-clients.ts';

/** The panes with a stale view. */
export type StaleView = 'myProviders' | 'devices';

/** A client X would remove, as the question lists it. */
export interface RemovalTarget {
  clientId: string;
  name?: string;
  lastSeen?: number;
}

export interface RemovalQuestion {
  targets: RemovalTarget[];
  /** How many hosted proxies' clients the stale list left out (never stale). */
  proxiesLeftOut: number;
  phase: 'ask' | 'sending' | 'done' | 'failed';
  message?: string;
}

export interface StaleState {
  /** A client last seen longer ago than this is stale. */
  periodMs: number;
  /** Which panes show only the stale clients. */
  views: Record<StaleView, boolean>;
  /** Client ids marked with space (in either stale view). */
  marked: ReadonlySet<string>;
  /** The last connection event of each client over `periodMs`, as of `at` (the service's time). */
  events?: { byClient: ReadonlyMap<string, number>; periodMs: number; at: number };
  loading: boolean;
  error?: Error;
  /** The stale clients' ids: undefined until the events for the period are in. */
  staleIds?: ReadonlySet<string>;
  question?: RemovalQuestion;
  /** The period as typed after P; `problem` when it cannot be one. */
  periodInput?: { text: string; problem?: string };
  toggle(view: StaleView): void;
  /** Asks the service for the last events over the period (the view's data). */
  load(): Promise<void>;
  setPeriod(ms: number): void;
  toggleMark(clientId: string): void;
  /** The question before removing: the marked clients among `shown`, else all of `shown`. */
  ask(shown: readonly string[]): void;
  answer(yes: boolean): Promise<void>;
  closeQuestion(): void;
  editPeriod(): void;
  setPeriodInput(text: string): void;
  /** The typed period in force (true), or why it cannot be one (false, `periodInput.problem`). */
  submitPeriod(): boolean;
  closePeriod(): void;
}
export type StaleStore = StoreApi<StaleState>;

export interface StaleOptions {
  clients: ClientsStore;
  myProviders: MyProvidersStore;
  devices: DevicesStore;
  /** After a removal: the lists load again. */
  reload(): void;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * `12 d ago` for a time, as of the service's time when it answered (its clock may run
 * apart from the console's: a sped-up `netdeck sim`); `never seen` for none.
 */
export const seenText = (lastSeen: number | undefined, state: Pick<StaleState, 'events'>, now: number) =>
  lastSeen === undefined ? 'never seen' : `${formatAge(((state.events?.at ?? now) - lastSeen) / 1000)} ago`;

/** When a client was last seen, as far as the stale view's events and the clients tell. */
export function lastSeenIn(
  state: Pick<StaleState, 'events'>,
  clients: ReadonlyMap<string, NetworkClient>,
  clientId: string | undefined,
): number | undefined {
  if (clientId === undefined) return undefined;
  const events = state.events?.byClient ?? NO_EVENTS;
  const client = clients.get(clientId);
  return client ? lastSeenOf(client, events) : events.get(clientId);
}
const NO_EVENTS: ReadonlyMap<string, number> = new Map();

export function createStaleStore(deps: StoreDeps, options: StaleOptions): StaleStore {
  const { client, clock } = deps;
  const loads = requestSlot(deps, 'superseded by a newer request');
  const store = createStore<StaleState>()((set, get) => ({
    periodMs: DEFAULT_STALE_MS,
    views: { myProviders: false, devices: false },
    marked: new Set(),
    loading: false,
    toggle(view) {
      const views = { ...get().views, [view]: !get().views[view] };
      set({ views, marked: new Set() });
      if (views[view]) void get().load();
    },
    async load() {
      const { periodMs } = get();
      set({ loading: true });
      const outcome = await loads.run((signal) =>
        client.providersLastN({ last_n: lastNFor(periodMs) }, { signal }),
      );
      if (!outcome) return;
      if ('error' in outcome) return set({ loading: false, error: outcome.error });
      set({
        loading: false,
        error: undefined,
        events: {
          byClient: lastEventsOf(outcome.value),
          periodMs,
          at: answeredAt(outcome.value, clock.now()),
        },
      });
    },
    setPeriod(periodMs) {
      set({ periodMs, events: undefined, marked: new Set() });
      if (get().views.myProviders || get().views.devices) void get().load();
    },
    toggleMark(clientId) {
      const marked = new Set(get().marked);
      if (!marked.delete(clientId)) marked.add(clientId);
      set({ marked });
    },
    ask(shown) {
      const { marked, events } = get();
      const chosen = shown.some((id) => marked.has(id)) ? shown.filter((id) => marked.has(id)) : shown;
      const byId = clientsById(options.clients.getState().data);
      const targets = chosen.map((clientId) => {
        const known = byId.get(clientId);
        return {
          clientId,
          name: known?.device_name,
          lastSeen: known ? lastSeenOf(known, events?.byClient ?? new Map()) : undefined,
        };
      });
      set({
        question: { targets, phase: 'ask', proxiesLeftOut: proxiesLeftOut(options.clients.getState().data) },
      });
    },
    async answer(yes) {
      const { question } = get();
      if (question?.phase !== 'ask') return;
      if (!yes) return set({ question: undefined });
      set({ question: { ...question, phase: 'sending' } });
      const ids = question.targets.map((t) => t.clientId);
      try {
        const outcome = describeRemoval(await send(deps, () => removeClients(client, ids)), ids.length);
        set({ question: { ...question, phase: outcome.ok ? 'done' : 'failed', message: outcome.text } });
        if (outcome.ok) set({ marked: new Set() });
      } catch (error) {
        set({ question: { ...question, phase: 'failed', message: serviceMessage(error) } });
      }
      options.reload();
    },
    closeQuestion: () => set({ question: undefined }),
    editPeriod: () => set({ periodInput: { text: formatPeriod(get().periodMs) } }),
    setPeriodInput: (text) => set({ periodInput: { text } }),
    submitPeriod() {
      const text = get().periodInput?.text ?? '';
      const ms = parsePeriod(text);
      if (ms === undefined) {
        set({ periodInput: { text, problem: PERIOD_PROBLEM } });
        return false;
      }
      set({ periodInput: undefined });
      get().setPeriod(ms);
      return true;
    },
    closePeriod: () => set({ periodInput: undefined }),
  }));

  /** The stale ids for the period once its events are in; each view's rows follow them. */
  const apply = () => {
    const state = store.getState();
    const { events } = state;
    const clients = options.clients.getState().data;
    const ids =
      events && events.periodMs === state.periodMs && clients
        ? new Set(
            staleClients(clients, events.byClient, events.at, state.periodMs).map((s) => s.client.client_id!),
          )
        : undefined;
    const same =
      ids === state.staleIds ||
      (ids &&
        state.staleIds &&
        ids.size === state.staleIds.size &&
        [...ids].every((id) => state.staleIds!.has(id)));
    // A new set: this runs again with it (the subscription).
    if (!same) return store.setState({ staleIds: ids });
    const shown = state.staleIds ?? NONE;
    const my = options.myProviders.getState();
    if (
      state.views.myProviders !== (my.only !== undefined) ||
      (state.views.myProviders && my.only?.ids !== shown)
    )
      my.showOnly(state.views.myProviders ? shown : undefined);
    const devices = options.devices.getState();
    if (
      state.views.devices !== (devices.only !== undefined) ||
      (state.views.devices && devices.only?.ids !== shown)
    )
      devices.showOnly(state.views.devices ? shown : undefined);
  };
  store.subscribe(apply);
  // New clients (a refresh, a removal): the view's events load again with them.
  options.clients.subscribe((now, before) => {
    if (now.version === before.version) return;
    const { views } = store.getState();
    if (views.myProviders || views.devices) void store.getState().load();
    else apply();
  });
  return store;
}
