// The console's event log: the stores' loads fed to the event source (event-source.ts) as they
// come in. Each load of My providers, the account (payout wallet), the clients and the
// Network pane is an observation of that one operation (providers dropping and coming
// back, the wallet unset, a request failing and recovering: the same events `netdeck
// watch` prints), and each load of the earnings one of the payments (payouts planned and
// completed); each load of the device associations is compared with the one before
// (adoptions confirmed or expired, shares added or confirmed). No timer of its own.
import { type ApiError, isApiError } from '../../api/errors.ts';
import type { Clock } from '../../clock.ts';
import type { DeviceAssociations } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import type { AccountStore } from '../account.ts';
import type { ClientsStore } from '../clients.ts';
import type { DevicesStore } from '../devices.ts';
import type { EarningsStore } from '../earnings.ts';
import type { ListSpec } from '../list-sort-filter.ts';
import type { MyProvidersStore } from '../my-providers.ts';
import type { NetworkStore } from '../network.ts';
import type { Observation, ObservedOperation } from '../observe.ts';
import type { ResourceState } from '../resource.ts';
import type { EventDraft, EventSource, NetdeckEvent, Severity } from './event-source.ts';

interface Sources {
  myProviders: MyProvidersStore;
  earnings: EarningsStore;
  account: AccountStore;
  clients: ClientsStore;
  network: NetworkStore;
  devices: DevicesStore;
}

const SEVERITY_RANK: Record<Severity, number> = { info: 0, warning: 1, critical: 2 };

/** The event log (`!`): newest first until another order is chosen; the filter looks in what happened. */
export const EVENT_LOG_LIST: ListSpec<NetdeckEvent> = {
  columns: [
    { id: 'time', label: 'time', value: (e) => e.id, descendingFirst: true },
    { id: 'severity', label: 'severity', value: (e) => SEVERITY_RANK[e.severity], descendingFirst: true },
    { id: 'what', label: 'what happened', value: (e) => e.message.toLowerCase() },
  ],
  text: (e) => [e.message, e.type, e.severity, e.device_name, e.client_id, e.code, e.network_name],
  initial: { column: 'time', descending: true },
};

/** Failures that are no news: a superseded request, a pane waiting for a token. */
const quiet = (error: ApiError | Error) =>
  isApiError(error) && (error.kind === 'aborted' || error.kind === 'no-token');

const named = (name: string | undefined, id: string | undefined) => {
  const clean = sanitize(name).trim();
  return clean ? `"${clean}"` : (id ?? 'a device');
};

/**
 * What changed between two loads of the device associations, `elapsedMs` apart. A pending
 * adoption that is gone was confirmed if its time was not up, else it expired, unless the
 * user removed it here (`removed`, its codes): the user's own event says that.
 */
export function deviceEvents(
  before: DeviceAssociations,
  after: DeviceAssociations,
  time: string,
  elapsedMs: number,
  removed: ReadonlySet<string> = new Set(),
): EventDraft[] {
  const events: EventDraft[] = [];
  const codes = (list: { code?: string }[] | undefined) => new Set((list ?? []).map((d) => d.code));
  const pendingNow = codes(after.pending_adoption_devices);
  for (const d of before.pending_adoption_devices ?? []) {
    if (!d.code || pendingNow.has(d.code) || removed.has(d.code)) continue;
    const expired = (d.duration_minutes ?? 0) * 60_000 <= elapsedMs;
    events.push({
      type: expired ? 'adoption_expired' : 'adoption_confirmed',
      severity: expired ? 'warning' : 'info',
      time,
      message: expired
        ? `the adoption code of ${named(d.device_name, d.client_id)} expired unconfirmed`
        : `${named(d.device_name, d.client_id)} confirmed its adoption: it is this network's now`,
      code: d.code,
      ...(d.client_id ? { client_id: d.client_id } : {}),
    });
  }
  for (const side of ['incoming', 'outgoing'] as const) {
    const key = side === 'incoming' ? 'incoming_shared_devices' : 'outgoing_shared_devices';
    const old = new Map((before[key] ?? []).map((d) => [d.code, d]));
    for (const d of after[key] ?? []) {
      if (!d.code) continue;
      const was = old.get(d.code);
      const who = named(d.device_name, d.client_id);
      const network = sanitize(d.network_name).trim();
      const common = { time, code: d.code, ...(network ? { network_name: network } : {}) };
      if (!was) {
        events.push({
          type: 'share_added',
          severity: 'info',
          message:
            side === 'incoming'
              ? `${who} is shared with this network${network ? ` by ${network}` : ''}`
              : `a share code for ${who} was created`,
          ...common,
        });
      } else if (side === 'outgoing' && was.pending && d.pending === false) {
        events.push({
          type: 'share_confirmed',
          severity: 'info',
          message: `the share of ${who} is confirmed${network ? `: ${network} can use it` : ''}`,
          ...common,
        });
      }
    }
  }
  return events;
}

/** The log is a bystander: whatever the service sent, a load it cannot read never breaks a pane. */
function guarded(feed: () => unknown): void {
  try {
    feed();
  } catch {
    // Nothing to log then.
  }
}

/** Watches the stores' loads and feeds `source`; returns the unsubscribe. */
export function feedConsoleEvents(stores: Sources, source: EventSource, clock: Clock): () => void {
  const offs: (() => void)[] = [];
  const looked = new Set<ObservedOperation>();
  /** Each load of `store` (a success or a new failure) as an observation of `operation` (its answer: `answer` of the data). */
  const watch = <T>(
    store: { subscribe(fn: (s: ResourceState<T>, p: ResourceState<T>) => void): () => void },
    operation: ObservedOperation,
    extra: () => Observation['results'] = () => ({}),
    answer: (data: T) => unknown = (data) => data,
  ) => {
    offs.push(
      store.subscribe((now, before) => {
        const results: Observation['results'] = {};
        if (now.version !== before.version && now.data !== undefined)
          (results as Record<string, unknown>)[operation] = { ok: true, data: answer(now.data) };
        else if (now.failures > before.failures && now.error && !quiet(now.error))
          (results as Record<string, unknown>)[operation] = { ok: false, error: now.error };
        else return;
        const startup = !looked.has(operation);
        looked.add(operation);
        guarded(() =>
          source.observe({
            at: clock.now(),
            results: { ...extra(), ...results },
            ...(startup ? { startup } : {}),
          }),
        );
      }),
    );
  };
  // The providers' names come from the clients' last answer.
  watch(stores.myProviders, 'providerStats', () => {
    const data = stores.clients.getState().data;
    return data ? { networkClients: { ok: true, data } } : {};
  });
  watch(stores.clients, 'networkClients');
  watch(stores.account, 'getPayoutWallet');
  watch(stores.network, 'networkStats');
  // Payouts planned and completed while the console runs.
  watch(stores.earnings, 'accountPayments', undefined, (data) => data.payments);

  let last: { data: DeviceAssociations; at: number } | undefined;
  offs.push(
    stores.devices.subscribe((now, before) => {
      const data = now.data;
      if (now.version === before.version || !data) return;
      const at = clock.now();
      const previous = last;
      if (previous)
        guarded(() =>
          source.record(
            deviceEvents(previous.data, data, new Date(at).toISOString(), at - previous.at, now.removedCodes),
          ),
        );
      last = { data, at };
    }),
  );
  return () => {
    for (const off of offs) off();
  };
}
