// What changed in a network, as netdeck sees it: one event source for `netdeck watch` and
// the console's event log. Observations (what the service said at one moment) go in;
// events come out, each condition once when it starts and once when it ends: a provider
// disconnected for longer than N minutes and back, the payout wallet unset and set, the
// token expiring soon or expired, a request failing and recovering, the rank or the mean
// reliability past a limit the user gave and back; and the payouts that are planned and
// that complete while it watches. Deriving them is a pure function of the last state and
// the new observation; the source keeps the state, the last events and their listeners.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError, isApiError } from '../../api/errors.ts';
import { operationWords } from '../../api/operation-words.ts';
import type { AccountPayment, ProviderStats } from '../../contract/schemas.ts';
import { ZERO_UUID } from '../../contract/schemas.ts';
import { paymentState, paymentUsd } from '../../format/payments.ts';
import { oneLine, sanitize } from '../../sanitize.ts';
import { clientsById } from '../clients.ts';
import { type Observation, type ObservedOperation, outcomesOf } from '../observe.ts';
import { lastSeenOf } from '../stale-clients.ts';
import { idleEvents } from './idle-events.ts';
import { providerName } from './provider-name.ts';

export const EVENT_TYPES = [
  'provider_disconnected',
  'provider_reconnected',
  'payout_wallet_unset',
  'payout_wallet_set',
  'token_expiring',
  'token_expired',
  'request_failed',
  'request_recovered',
  // The console's only: what it learns from the device associations it lists (console-events.ts).
  'adoption_confirmed',
  'adoption_expired',
  'share_added',
  'share_confirmed',
  // Issue 26, groups 1 and 2: payouts, and the rank and reliability limits (when given).
  'payout_planned',
  'payout_completed',
  'rank_dropped',
  'rank_recovered',
  'reliability_dropped',
  'reliability_recovered',
  // Issue 35, item 1: idle providers (when the idle hours are watched).
  'provider_idle',
  'provider_active',
  // The console's only: what the user did there (a dialog that succeeded, action-events.ts).
  'user_action',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** `info`: something got better; `warning` and `critical`: something is wrong. */
export type Severity = 'info' | 'warning' | 'critical';

export interface NetdeckEvent {
  /** 1, 2, 3... in the order the source gave them. */
  id: number;
  type: EventType;
  severity: Severity;
  /** When the observation that found it was taken (RFC 3339). */
  time: string;
  /** One sentence for a person. */
  message: string;
  client_id?: string;
  device_name?: string;
  /** provider_disconnected: when it went down (its last disconnect, or when netdeck first saw it down). */
  since?: string;
  /** How long the provider has been (or was) down, in whole minutes. */
  minutes?: number;
  /** token_*: when the token expires. */
  expires_at?: string;
  /** request_*: the operation of the endpoint table. */
  operation?: ObservedOperation;
  /** request_failed: what went wrong. */
  error?: string;
  /** adoption_* and share_*: the association's code. */
  code?: string;
  /** share_*: the other network. */
  network_name?: string;
  /** payout_*: the payment, its amount (USD) and state; its transaction once sent. */
  payment_id?: string;
  amount_usd?: number;
  state?: string;
  tx_hash?: string;
  /** rank_*: the network's leaderboard rank (0: none); reliability_*: its mean weight. */
  rank?: number;
  reliability?: number;
  /** rank_* and reliability_*: the limit the user gave. */
  threshold?: number;
  /** provider_idle and provider_active: the hours looked at. */
  hours?: number;
  /** Found at the console's first look (already so when it started): logged, not toasted. */
  startup?: boolean;
}
export type EventDraft = Omit<NetdeckEvent, 'id'>;

export interface EventOptions {
  /** A disconnected provider is reported once it has been down this long (minutes). */
  disconnectedMinutes: number;
  /** The token is reported this long before it expires (ms). */
  tokenWarningMs: number;
  /** A rank worse than this (or none) is reported; not watched unless given. */
  rankWorseThan?: number;
  /** A mean reliability weight below this is reported; not watched unless given. */
  reliabilityBelow?: number;
}

export const DEFAULT_EVENT_OPTIONS: EventOptions = {
  disconnectedMinutes: 5,
  tokenWarningMs: 3 * 86_400_000,
};

/** What the source remembers between observations. */
export interface WatchState {
  /** Disconnected providers by client id: since when (as far as netdeck knows). */
  readonly down: ReadonlyMap<string, number>;
  /** Conditions reported and not yet over, by key (`provider:ID`, `idle:ID`, `wallet`, `token`, `request:OP`, `rank`, `reliability`). */
  readonly open: ReadonlyMap<string, EventDraft>;
  /** The payments seen, by id: whether each was completed (none until payments were seen once). */
  readonly payments?: ReadonlyMap<string, boolean>;
}

export const EMPTY_WATCH_STATE: WatchState = { down: new Map(), open: new Map() };

const MINUTE = 60_000;
const DAY = 86_400_000;
/** No connection events: what a client's own times say of when it was last seen. */
const NO_EVENTS: ReadonlyMap<string, number> = new Map();

/** "40 s", "1 minute", "6 minutes", "3 hours", "2 days": the largest whole unit, never "0 minutes". */
function durationText(ms: number): string {
  if (ms < 1000) return 'a moment';
  if (ms < MINUTE) return `${Math.floor(ms / 1000)} s`;
  const [count, unit] =
    ms < 120 * MINUTE
      ? [Math.floor(ms / MINUTE), 'minute']
      : ms < 2 * DAY
        ? [Math.floor(ms / 3_600_000), 'hour']
        : [Math.floor(ms / DAY), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Dates end at ±8.64e15 ms; a service time this near the end is nonsense (a day off it is no date). */
const LAST_SANE_MS = 8.64e15 - 2 * DAY;

/** A finite epoch ms of a service time, else undefined. */
function timeOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && Math.abs(ms) <= LAST_SANE_MS ? ms : undefined;
}

/**
 * When a disconnected provider went down: its last event when that is a disconnect;
 * else when netdeck saw it down before; else, with no event in the 24 hours listed, the
 * start of those hours (it has been down at least that long); else now. Never later than
 * netdeck first saw it down (a service whose clock runs ahead, a sped-up simulator, would
 * otherwise keep it "just down").
 */
function downSince(
  provider: ProviderStats,
  before: number | undefined,
  at: number,
  windowStart: number,
): number {
  const events = provider.connected_events_last_24h ?? [];
  const last = events[events.length - 1];
  const lastTime = timeOf(last?.event_time);
  if (last?.connected === false && lastTime !== undefined) return Math.min(lastTime, before ?? at);
  if (before !== undefined) return before;
  return events.length === 0 ? windowStart : at;
}

/**
 * How long a provider has been down, in words. With no event in the 24 hours listed that
 * is a floor, not a figure: "at least 24 hours", and when it was last seen where that is
 * older still (its auth time or its creation: what `clients --stale` knows).
 */
function downText(downMs: number, unlisted: boolean, lastSeen: number | undefined, at: number): string {
  if (!unlisted) return durationText(downMs);
  const seen =
    lastSeen !== undefined && at - lastSeen > downMs ? ` (last seen ${durationText(at - lastSeen)} ago)` : '';
  return `at least ${durationText(downMs)}${seen}`;
}

/** The events one observation gives after `state`, and the state after it. Pure. */
export function deriveEvents(
  state: WatchState,
  observation: Observation,
  options: EventOptions = DEFAULT_EVENT_OPTIONS,
): { state: WatchState; events: EventDraft[] } {
  const { at, results } = observation;
  const time = iso(at);
  const open = new Map(state.open);
  let down = state.down;
  let payments = state.payments;
  const events: EventDraft[] = [];
  const start = (key: string, draft: EventDraft) => {
    open.set(key, draft);
    events.push(draft);
  };
  const end = (key: string, draft: EventDraft) => {
    open.delete(key);
    events.push(draft);
  };
  /** Ends the condition under `key`, if one was reported, saying how long it lasted since the moment `since` reads of it. */
  const endAfter = (
    key: string,
    since: (reported: EventDraft) => string | undefined,
    draft: (lastedMs: number) => EventDraft,
  ) => {
    const reported = open.get(key);
    if (!reported) return;
    const lastedMs = at - (timeOf(since(reported)) ?? at);
    end(key, { ...draft(lastedMs), minutes: Math.floor(lastedMs / MINUTE) });
  };
  /** A condition under `key` that `holds` or not: it starts the first time it holds, and ends once it no longer does. */
  const track = (key: string, holds: boolean, started: () => EventDraft, ended: () => EventDraft) => {
    if (holds && !open.has(key)) start(key, started());
    else if (!holds && open.has(key)) end(key, ended());
  };

  const stats = results.providerStats;
  if (stats?.ok) {
    const clients = results.networkClients?.ok ? results.networkClients.data : undefined;
    const names = clientsById(clients);
    const windowStart = (timeOf(stats.data.created_time) ?? at) - DAY;
    const next = new Map<string, number>();
    for (const provider of stats.data.providers ?? []) {
      const clientId = provider.client_id;
      if (!clientId) continue;
      const key = `provider:${clientId}`;
      const deviceName = names.get(clientId)?.device_name ?? open.get(key)?.device_name;
      const who = providerName(deviceName, clientId);
      const known = { client_id: clientId, ...(deviceName ? { device_name: sanitize(deviceName) } : {}) };
      const since = state.down.get(clientId);
      if (provider.connected) {
        endAfter(
          key,
          (reported) => reported.since,
          (downMs) => ({
            type: 'provider_reconnected',
            severity: 'info',
            time,
            message: `provider ${who} is connected again, after ${durationText(downMs)} down`,
            ...known,
          }),
        );
        continue;
      }
      const from = downSince(provider, since, at, windowStart);
      next.set(clientId, from);
      const downMs = at - from;
      if (!open.has(key) && downMs >= options.disconnectedMinutes * MINUTE) {
        const unlisted = !provider.connected_events_last_24h?.length && from <= windowStart;
        const client = names.get(clientId);
        const lastSeen = client && lastSeenOf(client, NO_EVENTS);
        start(key, {
          type: 'provider_disconnected',
          severity: 'critical',
          time,
          message: `provider ${who} has been disconnected for ${downText(downMs, unlisted, lastSeen, at)}`,
          ...known,
          since: iso(from),
          minutes: Math.floor(downMs / MINUTE),
        });
      }
    }
    // A provider no longer listed (removed from the network) ends its condition quietly.
    for (const key of open.keys()) {
      if (key.startsWith('provider:') && !next.has(key.slice('provider:'.length))) open.delete(key);
    }
    down = next;
  }

  for (const change of idleEvents(observation, open, time)) {
    if (change.draft === undefined) open.delete(change.key);
    else if (change.type === 'start') start(change.key, change.draft);
    else end(change.key, change.draft);
  }

  const wallet = results.getPayoutWallet;
  if (wallet?.ok) {
    const unset = !wallet.data.wallet_id || wallet.data.wallet_id === ZERO_UUID;
    track(
      'wallet',
      unset,
      () => ({
        type: 'payout_wallet_unset',
        severity: 'warning',
        time,
        message: 'the network has no payout wallet: its providers earn nothing until one is set',
      }),
      () => ({ type: 'payout_wallet_set', severity: 'info', time, message: 'a payout wallet is set again' }),
    );
  }

  const expires = observation.tokenExpiresAt;
  const reportedToken = open.get('token');
  if (expires !== undefined) {
    const left = expires - at;
    const type = left <= 0 ? 'token_expired' : left <= options.tokenWarningMs ? 'token_expiring' : undefined;
    const same = reportedToken?.type === type && reportedToken?.expires_at === iso(expires);
    if (type && !same) {
      start('token', {
        type,
        severity: type === 'token_expired' ? 'critical' : 'warning',
        time,
        message:
          type === 'token_expired'
            ? `the token expired at ${iso(expires)}; log in again (netdeck login)`
            : `the token expires in ${durationText(left)} (${iso(expires)}); log in again before then (netdeck login)`,
        expires_at: iso(expires),
      });
    } else if (!type && reportedToken) {
      open.delete('token');
    }
  }

  const paid = results.accountPayments;
  if (paid?.ok) {
    const rows = paid.data.account_payments ?? [];
    // The first look only learns what there is: a payout planned before is no news.
    if (payments) events.push(...payoutEvents(payments, rows, time));
    payments = new Map(rows.flatMap((p) => (p.payment_id ? [[p.payment_id, p.completed === true]] : [])));
  }

  const ranking = results.networkRanking;
  const limit = options.rankWorseThan;
  if (ranking?.ok && limit !== undefined) {
    const rank = ranking.data.network_ranking?.leaderboard_rank ?? 0;
    const low = rank === 0 || rank > limit;
    const common = { rank, threshold: limit };
    track(
      'rank',
      low,
      () => ({
        type: 'rank_dropped',
        severity: 'warning',
        time,
        message: rank
          ? `the network's rank is #${rank}, out of the top ${limit}`
          : `the network has no rank (no payment in the last 4 payouts), so it is out of the top ${limit}`,
        ...common,
      }),
      () => ({
        type: 'rank_recovered',
        severity: 'info',
        time,
        message: `the network's rank is #${rank}, in the top ${limit} again`,
        ...common,
      }),
    );
  }

  const reliability = results.networkReliability;
  const floor = options.reliabilityBelow;
  if (reliability?.ok && floor !== undefined) {
    const mean = reliability.data.reliability_window?.mean_reliability_weight ?? 0;
    const common = { reliability: mean, threshold: floor };
    track(
      'reliability',
      mean < floor,
      () => ({
        type: 'reliability_dropped',
        severity: 'warning',
        time,
        message: `the network's mean reliability weight is ${mean.toFixed(2)}, below ${floor}`,
        ...common,
      }),
      () => ({
        type: 'reliability_recovered',
        severity: 'info',
        time,
        message: `the network's mean reliability weight is ${mean.toFixed(2)}, at least ${floor} again`,
        ...common,
      }),
    );
  }

  for (const [name, outcome] of outcomesOf(observation)) {
    const key = `request:${name}`;
    if (!outcome.ok) {
      if (isApiError(outcome.error) && outcome.error.kind === 'aborted') continue;
      if (open.has(key)) continue;
      const unauthorized = isApiError(outcome.error) && outcome.error.kind === 'unauthorized';
      const error = oneLine(describeError(outcome.error));
      start(key, {
        type: 'request_failed',
        severity: unauthorized ? 'critical' : 'warning',
        time,
        message: `a request failed: ${error}`,
        operation: name,
        error,
      });
    } else {
      endAfter(
        key,
        (reported) => reported.time,
        (failedMs) => ({
          type: 'request_recovered',
          severity: 'info',
          time,
          message: `${operationWords(name)} answers again, after ${durationText(failedMs)} of failures`,
          operation: name,
        }),
      );
    }
  }

  return {
    state: { down, open, ...(payments ? { payments } : {}) },
    events: observation.startup ? events.map((e) => ({ ...e, startup: true })) : events,
  };
}

/** The payouts planned and completed since the last look (`seen`), oldest first. */
function payoutEvents(
  seen: ReadonlyMap<string, boolean>,
  rows: AccountPayment[],
  time: string,
): EventDraft[] {
  const events: EventDraft[] = [];
  for (const payment of [...rows].reverse()) {
    const id = payment.payment_id;
    if (!id) continue;
    const was = seen.get(id);
    const usd = paymentUsd(payment);
    const amount = usd === undefined ? 'a payout' : `a payout of ${usd.toFixed(2)} USD`;
    const common = {
      payment_id: id,
      ...(usd === undefined ? {} : { amount_usd: usd }),
      state: paymentState(payment),
    };
    if (was === undefined) {
      events.push({
        type: 'payout_planned',
        severity: 'info',
        time,
        message: payment.wallet_id
          ? `${amount} was planned${payment.wallet_address ? ` to ${sanitize(payment.wallet_address)}` : ''}`
          : `${amount} was planned, but the network has no payout wallet: it waits until one is set`,
        ...common,
      });
    }
    if (payment.completed && was !== true) {
      const hash = sanitize(payment.tx_hash);
      events.push({
        type: 'payout_completed',
        severity: 'info',
        time,
        message: `${amount} is complete${hash ? ` (transaction ${hash})` : ''}`,
        ...common,
        ...(hash ? { tx_hash: hash } : {}),
      });
    }
  }
  return events;
}

export interface EventLogState {
  /** The last events, oldest first (at most `keep`). */
  events: readonly NetdeckEvent[];
  /** What is wrong now: the conditions reported and not over, in the order they began. */
  problems: readonly EventDraft[];
}

export interface EventSource {
  /** For views: the last events and the problems, updated at each observation. */
  readonly store: StoreApi<EventLogState>;
  /** Feeds one observation; returns the events it gave (also sent to every listener). */
  observe(observation: Observation): NetdeckEvent[];
  /** Adds events found elsewhere (the console's device associations); returns them numbered. */
  record(drafts: readonly EventDraft[]): NetdeckEvent[];
  /** Calls `listener` with each new event, in order; returns the unsubscribe. */
  subscribe(listener: (event: NetdeckEvent) => void): () => void;
  /** The last `k` events (all kept when omitted), oldest first. */
  last(k?: number): NetdeckEvent[];
  /** What is wrong now. */
  problems(): EventDraft[];
}

export interface EventSourceOptions extends Partial<EventOptions> {
  /** How many events the source keeps (default 500). */
  keep?: number;
}

export function createEventSource(options: EventSourceOptions = {}): EventSource {
  const { keep = 500, disconnectedMinutes, tokenWarningMs, rankWorseThan, reliabilityBelow } = options;
  const derive: EventOptions = {
    disconnectedMinutes: disconnectedMinutes ?? DEFAULT_EVENT_OPTIONS.disconnectedMinutes,
    tokenWarningMs: tokenWarningMs ?? DEFAULT_EVENT_OPTIONS.tokenWarningMs,
    rankWorseThan,
    reliabilityBelow,
  };
  const store = createStore<EventLogState>()(() => ({ events: [], problems: [] }));
  const listeners = new Set<(event: NetdeckEvent) => void>();
  let state = EMPTY_WATCH_STATE;
  let nextId = 1;
  const publish = (drafts: readonly EventDraft[]) => {
    const events = drafts.map((draft) => ({ id: nextId++, ...draft }));
    store.setState((before) => ({
      events: events.length ? [...before.events, ...events].slice(-keep) : before.events,
      problems: [...state.open.values()],
    }));
    for (const event of events) for (const listener of listeners) listener(event);
    return events;
  };
  return {
    store,
    observe(observation) {
      const result = deriveEvents(state, observation, derive);
      state = result.state;
      return publish(result.events);
    },
    record: (drafts) => publish(drafts),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    last: (k) => {
      const { events } = store.getState();
      return k === undefined ? [...events] : events.slice(Math.max(0, events.length - k));
    },
    problems: () => [...state.open.values()],
  };
}
