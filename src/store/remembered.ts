// What the console remembers between runs: the pane shown, each list's sort and the
// Providers pane's batch size. No files here (src/cli/console/state-file.ts reads and writes
// them): this takes the stores' choices out, puts them back, and says when they change.
import * as z from 'zod';
import { formatPeriod, parsePeriod } from '../format/numbers.ts';
import type { Stores } from './index.ts';
import { sortOf } from './list-sort-filter.ts';
import { MY_PROVIDERS_LIST, MY_PROVIDERS_SORT_COLUMNS } from './my-providers.ts';
import { BATCH_SIZES } from './providers.ts';

export interface Remembered {
  /** A pane id; the console checks it names a pane before showing it. */
  pane?: string;
  discoverySort?: 'count' | 'name';
  myProvidersSort?: { column: (typeof MY_PROVIDERS_SORT_COLUMNS)[number]; descending: boolean };
  providersBatchSize?: number;
  /** The stale view's period (`7d`): P in My providers or Devices. */
  stalePeriod?: string;
}

// Field by field, so one bad value (an older or a hand-edited file) loses only itself.
const FIELDS = {
  pane: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/),
  discoverySort: z.enum(['count', 'name']),
  myProvidersSort: z.object({ column: z.enum(MY_PROVIDERS_SORT_COLUMNS), descending: z.boolean() }),
  providersBatchSize: z
    .number()
    .refine((size) => (BATCH_SIZES as readonly number[]).includes(size), 'not a batch size'),
  stalePeriod: z.string().refine((text) => parsePeriod(text) !== undefined, 'not a period'),
} as const;

/** The fields of `value` that are good; anything else (unknown keys, bad values, not an object) is left out. */
export function parseRemembered(value: unknown): Remembered {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(FIELDS)) {
    const parsed = schema.safeParse(record[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Remembered;
}

/** The choices the stores hold now. */
export function rememberedOf(stores: Stores): Remembered {
  const session = stores.session.getState();
  const my = stores.myProviders.getState();
  return {
    ...(session.activePane ? { pane: session.activePane } : {}),
    discoverySort: stores.discovery.getState().sort,
    myProvidersSort: sortOf(MY_PROVIDERS_LIST, my.view) as Remembered['myProvidersSort'],
    providersBatchSize: stores.providers.getState().batchSize,
    stalePeriod: formatPeriod(stores.stale.getState().periodMs),
  };
}

/** Puts remembered choices back (the pane too: the caller has checked it names one). */
export function applyRemembered(stores: Stores, remembered: Remembered): void {
  if (remembered.pane) stores.session.getState().setPane(remembered.pane);
  if (remembered.discoverySort) stores.discovery.setState({ sort: remembered.discoverySort });
  if (remembered.myProvidersSort) {
    const { view } = stores.myProviders.getState();
    stores.myProviders.setState({ view: { ...view, sort: remembered.myProvidersSort } });
  }
  if (remembered.providersBatchSize) stores.providers.setState({ batchSize: remembered.providersBatchSize });
  const period = remembered.stalePeriod === undefined ? undefined : parsePeriod(remembered.stalePeriod);
  if (period) stores.stale.setState({ periodMs: period });
}

export interface RememberWatch {
  /** Saves at once if a change is waiting, and stops watching. */
  stop(): void;
}

/** How long after a change the choices are saved (a burst of `s` presses saves once). */
export const SAVE_DELAY_MS = 1000;

/**
 * Calls `save` with the stores' choices once they have not changed for `delayMs` (real
 * time: a sped-up demo clock must not write more often), and on `stop` if a change is
 * still waiting. Nothing is saved while nothing changed.
 */
export function watchRemembered(
  stores: Stores,
  save: (remembered: Remembered) => void,
  delayMs = SAVE_DELAY_MS,
): RememberWatch {
  let last = JSON.stringify(rememberedOf(stores));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const now = rememberedOf(stores);
    const text = JSON.stringify(now);
    if (text === last) return;
    last = text;
    save(now);
  };
  const changed = () => {
    if (JSON.stringify(rememberedOf(stores)) === last) return;
    clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
    timer.unref?.();
  };
  const unsubscribe = [stores.session, stores.discovery, stores.myProviders, stores.providers].map((store) =>
    (store as { subscribe(listener: () => void): () => void }).subscribe(changed),
  );
  return {
    stop() {
      for (const off of unsubscribe) off();
      if (timer !== undefined) flush();
    },
  };
}
