// The mutable parts of a world that the engine moves: codes and associations, wallets,
// accounts and auth codes, feedback, per-provider tracks (24 h, or 31 days where asked), the 90-day history.

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
  /**
   * share: its owner is one of the world's simulated networks, which confirms a guest by
   * itself a few minutes after the add; a share a caller made waits for confirm-share.
   */
  simulatedOwner: boolean;
  /** each network's own name for the association (set-association-name), by network number */
  localNames?: Map<number, string>;
  /**
   * adopt: a code a caller's device made (create-adopt-code), with its secret and spec; the
   * caller confirms it, not the world, and it is kept a day past its creation
   */
  device?: { secret: string; spec: string };
}

export interface WalletRecord {
  walletId: string;
  /** SOL, MATIC, ETHEREUM or TAO */
  chain: string;
  address: string;
  /** removed wallets stay (adding the address again reactivates the same id) */
  active: boolean;
  createdAt: number;
  tokenType: string;
}

/** An account that can log in with a password (the demo user, an unverified one). */
export interface UserRecord {
  /** normalised user auth (lowercase email) */
  userAuth: string;
  password: string;
  verified: boolean;
  /** network number of a verified user's network */
  network: number;
  networkName: string;
}

export interface AuthCodeRecord {
  network: number;
  expiresAt: number;
  /** logins left; the last one deletes the code */
  uses: number;
  durationMinutes: number;
}

export interface FeedbackEntry {
  feedbackId: string;
  networkId: string;
  networkName: string;
  body: unknown;
  /** epoch ms */
  time: number;
}

/**
 * One provider's connections (31 days of events) and sums of its recent hours, in hourly
 * buckets (a ring indexed by hour % hours).
 */
export interface Track {
  /**
   * Connection events of the last 31 days, in time order. Connections can overlap (a
   * provider reconnects before its old connection is closed): a connect opens one, a
   * disconnect closes the oldest open one; the provider is connected while any is open.
   */
  events: { time: number; connected: boolean }[];
  /** Connect times of the connections open before the first event, oldest first. */
  open: number[];
  /** hours the ring holds: 24, or 744 (31 days) once a *-last-n route asked for the network */
  hours: number;
  /** hour ring: buckets[hour % hours * 5 + field]; the clients field holds a set of served clients, a bit each */
  buckets: Float64Array;
  /** epoch hour of the newest bucket */
  hour: number;
  /** whether the time before the track started was made up from the seed (false: a device that just joined) */
  synthetic: boolean;
}

/**
 * Providers that go dark now and then (issue 35, item 1): connected, never offered by
 * find-providers2, carrying nothing (engine/dark.ts). `prone` are the demo network's
 * providers the schedule darkens; `set` the spells the admin route began or ended, which
 * win over the schedule while they last.
 */
export interface DarkSpells {
  readonly prone: Set<number>;
  readonly set: Map<number, { from: number; to: number; dark: boolean }>;
}

export interface History {
  /** epoch day numbers, oldest first, 90 of them ending today */
  days: number[];
  /** one array per series field, aligned with `days` */
  series: Record<string, number[]>;
}

/** An API key of a network; the key itself is not kept, only its SHA-256 (the map's key). */
export interface ApiKeyRecord {
  id: string;
  network: number;
  name: string;
  createdAt: number;
}

/** Every network's API keys, and the secret new keys derive from (engine/api-keys.ts). */
export interface ApiKeys {
  /** by the SHA-256 (hex) of the key */
  readonly byHash: Map<string, ApiKeyRecord>;
  secret: Uint8Array;
  /** keys made so far: each key derives from the secret and its number */
  minted: number;
}

/** What /network/clients knows of a client beyond what the seed derives (issue 26, group 3). */
export interface ClientRecord {
  description: string;
  createdAt: number;
  authAt: number;
  /** the client whose device this client runs on (itself, or its `source_client_id`) */
  device: number;
  sourceClientId?: string;
  roles?: string[];
  principal?: string;
}

/** A background run of /network/remove-clients: the network's clients it has yet to remove. */
export interface RemovalRun {
  network: number;
  clients: number[];
  /** epoch ms it may run from (the tick after it) */
  runAt: number;
}

/**
 * The network's clients as fleet hygiene sees them (issue 26, groups 3 and 6). Clients
 * are providers' entries (their index); the ones here differ from what the seed derives.
 */
export interface Fleet {
  /**
   * Entries [staleFrom, staleFrom + staleCount): the old clients of demo devices that came
   * back with a new client id. Made with the world, offline for good: no tick draws them.
   */
  staleFrom: number;
  staleCount: number;
  /** clients without a provide key (auth-client, an adoption a caller confirmed): never provide */
  keyless: Set<number>;
  /** description, times and device of clients added or re-authenticated, and the stale ones */
  records: Map<number, ClientRecord>;
  /** device specs by device (client index), where one was given */
  specs: Map<number, string>;
  /** removed (deactivated) clients, and when */
  removed: Map<number, number>;
  /** the deployment's bulk-removal budget: removals reserved per hourly bucket (start, epoch ms) */
  reserved: Map<number, number>;
  /** pending background runs of remove-clients, at most one per network */
  runs: RemovalRun[];
}

// ---- issue 34: balance codes and data balances, sign-up and recovery, hosted proxies ----

/** A balance code (a purchase makes one and e-mails it); the map's key is its secret. */
export interface BalanceCodeRecord {
  id: string;
  secret: string;
  /** bytes it grants */
  bytes: number;
  /** nano cents the purchase brought */
  netRevenue: number;
  /** its own window: 00:00 UTC of the day it was made, to a day and its duration later */
  startTime: number;
  endTime: number;
  /** set once a network redeemed it */
  redeemed?: { network: number; at: number; endTime: number; balanceId: string };
}

/** A network's transfer balance: what it may use, from a code or a grant. */
export interface TransferBalanceRecord {
  balanceId: string;
  startTime: number;
  endTime: number;
  startBytes: number;
  /** bytes left (proxied traffic uses them) */
  bytes: number;
  netRevenue: number;
  paid: boolean;
}

/** Balance codes and every network's transfer balances (engine/balance.ts). */
export interface Balances {
  /** by secret: the world's codes, redeemed or not */
  readonly codes: Map<string, BalanceCodeRecord>;
  /** by network number */
  readonly transfer: Map<number, TransferBalanceRecord[]>;
}

/** What the service would have e-mailed (the simulator sends nothing): newest last, bounded. */
export interface MailRecord {
  userAuth: string;
  kind: 'verify' | 'password-reset';
  code: string;
  time: number;
}

/** Sign-up and recovery (engine/sign-up.ts): the codes the service keeps, and the mail it sent. */
export interface Accounts {
  /** the live verification code of each user auth (a new one voids the older) */
  readonly verifyCodes: Map<string, { code: string; expiresAt: number }>;
  /** live password-reset codes: the code -> its user auth and end */
  readonly resetCodes: Map<string, { userAuth: string; expiresAt: number }>;
  readonly mail: MailRecord[];
  /** when each network's user last changed its password (epoch ms): older tokens are refused */
  readonly credentialsChangedAt: Map<number, number>;
}

/** A prefix a proxy's callers must be in (lock_caller_ip, lock_ip_list): as the service wrote it. */
export interface LockSubnet {
  address: string;
  bits: number;
  family: 'ipv4' | 'ipv6';
}

/** A hosted proxy of a client (issue 34; engine/proxies.ts). */
export interface ProxyRecord {
  proxyId: string;
  /** the client it belongs to (an index of the world's clients) */
  client: number;
  network: number;
  /** the ProxyClient as stored and listed (no change_id, no keepalive_seconds) */
  stored: Record<string, unknown>;
  changeId: number;
  /** the callers' prefixes; empty: anyone with the token */
  lockSubnets: LockSubnet[];
  /** the place traffic is said to leave from, as the proxy was made with it */
  place: { country_code: string; country: string; region: string; city: string };
}

/** Every network's proxies, by proxy id and by client. */
export interface Proxies {
  readonly byId: Map<string, ProxyRecord>;
  readonly byClient: Map<number, ProxyRecord>;
  /** proxy_client_change rows so far */
  changes: number;
}
