// The mutable parts of a world that the engine moves: codes and associations, wallets,
// feedback, per-provider 24 h tracks, the 90-day history.

export type CodeState = 'open' | 'pending' | 'confirmed' | 'expired';

export interface CodeRecord {
  code: string;
  kind: 'adopt' | 'share';
  deviceName: string;
  createdAt: number;
  /** adoption codes expire 15 minutes after they were made; share codes never (Infinity) */
  expiresAt: number;
  /** adopt: whether its device will ever confirm the adoption */
  confirms: boolean;
  /** adopt: how long after the add the device confirms */
  confirmDelayMs: number;
  state: CodeState;
  /** network number that added the code, -1 while open */
  claimedBy: number;
  claimedAt: number;
  /** when the device (adopt) or the owner (share) confirms; Infinity when never */
  confirmAt: number;
  /** share: owning network; adopt: -1 */
  owner: number;
  /** share: the shared provider; adopt: the provider the device became, -1 before */
  client: number;
  /** share made by a caller: when a simulated guest network adds it (Infinity: never) */
  guestAddAt: number;
}

export interface FeedbackEntry {
  networkId: string;
  networkName: string;
  body: unknown;
  /** epoch ms */
  time: number;
}

/** Sums of one provider's last 24 hours, in hourly buckets (a ring indexed by hour % 24). */
export const TRACK_FIELDS = ['transfer', 'payout', 'search', 'contracts', 'clients'] as const;

export interface Track {
  /** connection events of the last 24 h, time order, alternating */
  events: { time: number; connected: boolean }[];
  /** state at the start of the 24 h window, before the first event */
  startConnected: boolean;
  /** hour ring: buckets[hour % 24 * 5 + field] */
  buckets: Float64Array;
  /** epoch hour of the newest bucket */
  hour: number;
}

export interface History {
  /** epoch day numbers, oldest first, 90 of them ending today */
  days: number[];
  /** one array per series field, aligned with `days` */
  series: Record<string, number[]>;
}
