// The eras of the real service (spec/reference-behaviour.md): `current`, the service as
// it runs today (server 2c9e92b4, 2026-08), and `seed`, the early-2025 server the
// interface document was written against. The simulator plays either; the client must
// work with both. What the contract says differs between them is here, one profile per
// era; the simulator's answer rules per era are in simulator/eras/.
import type { BodyOperation, OperationName, RequestOf } from './endpoints.ts';

export const ERAS = ['current', 'seed'] as const;
export type Era = (typeof ERAS)[number];
/** The era played and documented unless asked: the service as it runs today. */
export const DEFAULT_ERA: Era = 'current';

export interface EraContract {
  /** When its service ran (the help of `--era`). */
  readonly when: string;
  /** Operations of the endpoint table its service lacks: their routes answer 404. */
  readonly lacks: readonly OperationName[];
  /** Request fields its service does not read: the Go argument structs had them not yet. */
  readonly unreadFields: { readonly [K in BodyOperation]?: readonly (keyof RequestOf<K> & string)[] };
}

export const ERA_CONTRACTS: { readonly [E in Era]: EraContract } = {
  current: {
    when: 'today',
    // Removed from the service in 2026-07.
    lacks: ['findLocations'],
    unreadFields: {},
  },
  seed: {
    when: 'early 2025',
    lacks: [
      'authRefresh',
      'setDeviceName',
      // issue 26, groups 4, 5, 7: not yet in the early-2025 server
      'blockedLocations',
      'blockLocation',
      'unblockLocation',
      'createApiKey',
      'apiKeys',
      'removeApiKey',
      'providersMap',
      // issue 26, group 3
      'removeClients',
      // Issue 26, groups 1 and 2: routes the early-2025 server had not (payments, transfer
      // stats, the referral code and the wallet balance it had: they answer as today).
      'accountPoints',
      'referralNetwork',
      'networkReliability',
      'networkRanking',
      'setRankingVisibility',
      'leaderboard',
      // Issue 34: the redeemed codes' list came later; the early-2025 server had the
      // balance, sign-up and recovery routes and /my-ip-info (they answer as today).
      'balanceCodes',
      // Issue 35, item 5: the peer registry came in 2026-07.
      'networkPeers',
    ],
    unreadFields: {
      // Issue 34: hosted proxies came later (server bedf5fd7 AuthNetworkClientArgs).
      authClient: ['proxy_config'],
      findProviderLocations: ['rank_mode'],
      findProviders: ['rank_mode', 'force_count', 'force_minimum'],
      sendFeedback: ['star_count'],
    },
  },
};

/** The request fields of an operation that `era`'s service does not read (none for most). */
export function unreadFields(name: OperationName, era: Era): readonly string[] {
  return (ERA_CONTRACTS[era].unreadFields as Partial<Record<OperationName, readonly string[]>>)[name] ?? [];
}

/** The eras as the help names them: `current (today, the default) or seed (early 2025)`. */
export function describeEras(): string {
  const described = ERAS.map(
    (era) => `${era} (${ERA_CONTRACTS[era].when}${era === DEFAULT_ERA ? ', the default' : ''})`,
  );
  return `${described.slice(0, -1).join(', ')} or ${described.at(-1)}`;
}
