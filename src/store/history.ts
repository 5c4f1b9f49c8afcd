// The history of the network's providers over the last 24 hours, 7 or 30 days, from the
// *-last-n routes: what My providers and the provider detail chart (a key cycles the
// window). The three answers become series a chart draws: UTC days in order, and one
// provider's uptime hour by hour with the hours the service leaves out (no uptime) as 0.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProviderLastN, ProvidersOverviewLastN, ProvidersStats } from '../contract/schemas.ts';
import { type ClientsStore, withClientInfo } from './clients.ts';
import type { StoreDeps } from './deps.ts';
import { createResourceStore, type ResourceStore } from './resource.ts';

export const HISTORY_WINDOWS = [
  { id: '24h', hours: 24, label: 'last 24 hours' },
  { id: '7d', hours: 168, label: 'last 7 days' },
  { id: '30d', hours: 720, label: 'last 30 days' },
] as const;
export type HistoryWindow = (typeof HISTORY_WINDOWS)[number]['id'];

export const windowHours = (window: HistoryWindow) => HISTORY_WINDOWS.find((w) => w.id === window)!.hours;

/** The window after this one, round again after 30 days. */
export function nextWindow(window: HistoryWindow): HistoryWindow {
  const index = HISTORY_WINDOWS.findIndex((w) => w.id === window);
  return HISTORY_WINDOWS[(index + 1) % HISTORY_WINDOWS.length].id;
}

/** The daily figures of an answer, aligned on `days`. */
export interface DailyFigures {
  /** UTC days `yyyy-mm-dd`, oldest first. */
  days: string[];
  /** GiB a day. */
  transfer: number[];
  /** USD a day. */
  payout: number[];
  searchInterest: number[];
  contracts: number[];
  clients: number[];
}

export interface NetworkHistory extends DailyFigures {
  window: HistoryWindow;
  /** When the service computed it (epoch ms; it may be cached up to 30 s). */
  createdAt?: number;
  /** Hours up a day, on average per provider. */
  uptime: number[];
}

export interface ProviderHistory extends DailyFigures {
  window: HistoryWindow;
  clientId: string;
  createdAt?: number;
  /** Hours up a day (its hourly minutes added up). */
  uptime: number[];
  /**
   * Minutes up in each hour the window touches (its hours + 1), oldest first; `firstHour`
   * is the first one's epoch hour.
   */
  hourly: { firstHour: number; minutes: number[] };
  /** The clients it served, most transfer first, with their GiB over the window. */
  servedClients: { clientId: string; transfer: number }[];
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR_KEY = /^(\d{4}-\d{2}-\d{2})-(\d{2})$/;
const HOUR = 3_600_000;

/** A figure as sent, or 0 where it is not a finite number. */
const figure = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Every UTC day any of the maps has (well-formed keys only), oldest first. */
function daysOf(maps: (Record<string, number> | undefined)[]): string[] {
  const days = new Set<string>();
  for (const map of maps) for (const key of Object.keys(map ?? {})) if (DAY_KEY.test(key)) days.add(key);
  return [...days].sort();
}

function dailyFigures(
  answer: ProviderLastN | ProvidersOverviewLastN,
  extra: (Record<string, number> | undefined)[],
) {
  const days = daysOf([
    answer.transfer_data,
    answer.payout,
    answer.search_interest,
    answer.contracts,
    answer.clients,
    ...extra,
  ]);
  const column = (map: Record<string, number> | undefined) =>
    days.map((day) => (map && Object.hasOwn(map, day) ? figure(map[day]) : 0));
  return {
    figures: {
      days,
      transfer: column(answer.transfer_data),
      payout: column(answer.payout),
      searchInterest: column(answer.search_interest),
      contracts: column(answer.contracts),
      clients: column(answer.clients),
    },
    column,
  };
}

const timeOf = (text: string | undefined) => {
  const ms = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
};

/** /stats/providers-overview-last-n as series. */
export function networkHistory(answer: ProvidersOverviewLastN, window: HistoryWindow): NetworkHistory {
  const { figures, column } = dailyFigures(answer, [answer.uptime]);
  return { window, createdAt: timeOf(answer.created_time), ...figures, uptime: column(answer.uptime) };
}

/** /stats/provider-last-n as series; `now` stands for the answer's time when it has none. */
export function providerHistory(
  answer: ProviderLastN,
  window: HistoryWindow,
  clientId: string,
  now: number,
): ProviderHistory {
  const { figures } = dailyFigures(answer, []);
  const createdAt = timeOf(answer.created_time);
  // From the hour the window starts in to the hour it ends in: one more than its hours.
  const lastHour = Math.floor((createdAt ?? now) / HOUR);
  const firstHour = lastHour - windowHours(window);
  const minutes = new Array<number>(lastHour - firstHour + 1).fill(0);
  const byDay = new Map<string, number>();
  for (const [key, value] of Object.entries(answer.uptime ?? {})) {
    const match = HOUR_KEY.exec(key);
    if (!match) continue;
    const up = Math.min(60, Math.max(0, figure(value)));
    byDay.set(match[1], (byDay.get(match[1]) ?? 0) + up / 60);
    const hour = Date.parse(`${match[1]}T${match[2]}:00:00Z`) / HOUR;
    if (hour >= firstHour && hour <= lastHour) minutes[hour - firstHour] = up;
  }
  const servedClients = (answer.client_details ?? [])
    .filter((detail) => typeof detail.client_id === 'string')
    .map((detail) => ({
      clientId: detail.client_id!,
      transfer: Object.entries(detail.transfer_data ?? {}).reduce(
        (total, [day, gib]) => (DAY_KEY.test(day) ? total + figure(gib) : total),
        0,
      ),
    }))
    .sort((a, b) => b.transfer - a.transfer || a.clientId.localeCompare(b.clientId));
  return {
    window,
    clientId,
    createdAt,
    ...figures,
    uptime: figures.days.map((day) => byDay.get(day) ?? 0),
    hourly: { firstHour, minutes },
    servedClients,
  };
}

export interface HistoryView {
  window: HistoryWindow;
  /** The provider whose history `provider` loads (the open detail), if any. */
  clientId?: string;
  /** Next window (24 h, 7 d, 30 d, round again); what has been loaded loads again for it. */
  cycleWindow(): void;
  setWindow(window: HistoryWindow): void;
  /** Loads this provider's history (undefined: none). */
  showProvider(clientId: string | undefined): void;
}

export interface HistoryStores {
  view: StoreApi<HistoryView>;
  /** The network's providers summed by day (/stats/providers-overview-last-n). */
  overview: ResourceStore<NetworkHistory>;
  /** Each provider's figures over the window, with device names (/stats/providers-last-n). */
  providers: ResourceStore<ProvidersStats & { window?: HistoryWindow }>;
  /** The shown provider's days and hours (/stats/provider-last-n); undefined with none shown. */
  provider: ResourceStore<ProviderHistory | undefined>;
  /** Stops every schedule and request. */
  stop(): void;
}

/**
 * The three resources, each loading for the view's window (and provider). None loads
 * until asked (`start()` loads and keeps refreshing, `refresh()` loads once); a window or
 * provider change loads again those that have loaded or are loading.
 */
export function createHistoryStores(
  deps: StoreDeps,
  options: { clients?: ClientsStore } = {},
): HistoryStores {
  const view = createStore<HistoryView>()((set, get) => ({
    window: '24h',
    cycleWindow: () => get().setWindow(nextWindow(get().window)),
    setWindow: (window) => set({ window }),
    showProvider: (clientId) => set({ clientId }),
  }));
  const hours = () => windowHours(view.getState().window);
  const overview = createResourceStore<NetworkHistory>(deps, {
    load: async (signal) => {
      const window = view.getState().window;
      return networkHistory(
        await deps.client.providersOverviewLastN({ last_n: hours() }, { signal }),
        window,
      );
    },
  });
  const providers = createResourceStore<ProvidersStats & { window?: HistoryWindow }>(deps, {
    load: async (signal) => {
      const window = view.getState().window;
      const answer = await deps.client.providersLastN({ last_n: hours() }, { signal });
      return { ...withClientInfo(answer, options.clients?.getState().data), window };
    },
  });
  const provider = createResourceStore<ProviderHistory | undefined>(deps, {
    load: async (signal) => {
      const { window, clientId } = view.getState();
      if (clientId === undefined) return undefined;
      const answer = await deps.client.providerLastN({ client_id: clientId, last_n: hours() }, { signal });
      return providerHistory(answer, window, clientId, deps.clock.now());
    },
  });
  const inUse = (resource: ResourceStore<unknown>) => {
    const state = resource.getState();
    return state.loading || state.fetchedAt !== undefined || state.error !== undefined;
  };
  view.subscribe((state, before) => {
    if (state.window !== before.window) {
      for (const resource of [overview, providers, provider])
        if (inUse(resource)) void resource.getState().refresh();
    } else if (state.clientId !== before.clientId) {
      void provider.getState().refresh();
    }
  });
  return {
    view,
    overview,
    providers,
    provider,
    stop() {
      for (const resource of [overview, providers, provider]) resource.getState().stop();
    },
  };
}
