// One look at the service: the operations `netdeck watch` and `netdeck exporter` poll,
// asked together, each one's answer or failure kept (one failing does not hide the
// others), with the moment it was taken and the token's expiry. All are GETs without a
// body but the idle providers' figures, POST /stats/providers-last-n over the idle hours.

import { decodeToken, isApiKey, knownTime } from '../api/auth.ts';
import type { ApiClient, CallOptions } from '../api/client.ts';
import { maskClientSecrets } from '../api/proxy-secrets.ts';
import type { ResponseOf } from '../contract/endpoints.ts';
import { DEFAULT_IDLE_HOURS } from './idle.ts';

/** The operations an observation may ask. */
export const OBSERVED_OPERATIONS = [
  'providerStats',
  'networkClients',
  'getPayoutWallet',
  'networkStats',
  // Issue 26, groups 1 and 2: payouts, transfer, points, reliability and rank.
  'accountPayments',
  'transferStats',
  'accountPoints',
  'networkReliability',
  'networkRanking',
  // Issue 35, item 1: idle providers, over the idle hours (`idleHours`).
  'providersLastN',
] as const;
export type ObservedOperation = (typeof OBSERVED_OPERATIONS)[number];

export type Outcome<T> = { ok: true; data: T } | { ok: false; error: Error };

export interface Observation {
  /** Clock time the observation was taken (its requests' start). */
  at: number;
  /** Each operation asked: its answer or its failure. */
  results: { [K in ObservedOperation]?: Outcome<ResponseOf<K>> };
  /** Expiry of the token in use (epoch ms), when it is a JWT with `exp`. */
  tokenExpiresAt?: number;
  /** The console's first look at these operations: what it finds was so before it watched. */
  startup?: boolean;
  /** The hours `providersLastN` was asked over (idle providers), when it was asked. */
  idleHours?: number;
}

/** The operations the observation asked, in the order of OBSERVED_OPERATIONS, with their outcomes. */
export function outcomesOf(observation: Observation): [ObservedOperation, Outcome<unknown>][] {
  return OBSERVED_OPERATIONS.flatMap((name) => {
    const outcome = observation.results[name];
    return outcome ? [[name, outcome] as [ObservedOperation, Outcome<unknown>]] : [];
  });
}

/**
 * Expiry of a token (epoch ms): a JWT's `exp`; an API key, a token without one or with one
 * beyond what a date holds has none.
 */
export function tokenExpiry(token: string | undefined): number | undefined {
  if (!token || isApiKey(token)) return undefined;
  return knownTime(decodeToken(token)?.expiresAt);
}

/**
 * Asks the service for `operations` at once; resolves when every one has answered or
 * failed. `now` is read then: the service's clock is learned from these answers.
 */
export async function observeService(
  client: ApiClient,
  operations: readonly ObservedOperation[],
  context: { now: () => number; token?: string; signal?: AbortSignal; idleHours?: number },
): Promise<Observation> {
  const options: CallOptions = { signal: context.signal };
  const idleHours = context.idleHours ?? DEFAULT_IDLE_HOURS;
  const ask = (name: ObservedOperation): Promise<unknown> =>
    name === 'providersLastN'
      ? client.providersLastN({ last_n: idleHours }, options)
      : (client[name] as (options?: CallOptions) => Promise<unknown>)(options);
  const settled = await Promise.all(
    operations.map((name) =>
      ask(name).then(
        (data) => ({ ok: true as const, data }),
        (error: unknown) => ({
          ok: false as const,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
      ),
    ),
  );
  const results: Observation['results'] = {};
  operations.forEach((name, k) => {
    (results as Record<string, unknown>)[name] = settled[k];
  });
  // What watches the service (watch's events, the exporter) never holds a proxy's secrets.
  const clients = results.networkClients;
  if (clients?.ok) results.networkClients = { ok: true, data: maskClientSecrets(clients.data) };
  return {
    at: context.now(),
    results,
    tokenExpiresAt: tokenExpiry(context.token),
    ...(operations.includes('providersLastN') ? { idleHours } : {}),
  };
}
