// Schemas of the simulator's admin routes under /__sim/ (only with --admin). The demo
// mode of the TUI reads the same data in process.
import * as z from 'zod';
import type { OperationName } from './endpoints.ts';
import { Udid } from './schemas.ts';

export const SimCodes = z.object({
  adopt_codes: z.array(z.object({ code: z.string(), device_name: z.string() })),
  share_codes: z.array(z.object({ code: z.string(), device_name: z.string(), network_name: z.string() })),
  wallets: z.array(z.object({ wallet_id: z.string() })),
  /** the demo network's user: logs in with POST /auth/login-with-password */
  demo_user: z.object({ email: z.string(), password: z.string() }),
  /**
   * Issue 34: balance codes nobody has redeemed yet (as a purchase would e-mail them), for
   * POST /subscription/redeem-balance-code: the secret, its bytes, and when it ends.
   */
  balance_codes: z.array(
    z.object({ secret: z.string(), balance_byte_count: z.number(), end_time: z.string() }),
  ),
});
export type SimCodes = z.infer<typeof SimCodes>;

/**
 * Issue 34: what the simulated service would have e-mailed (it sends nothing), newest last:
 * a verification code (`verify`: sign-up, /auth/verify-send) or a password reset's code
 * (`password-reset`: the `resetCode` of its link), to whom, and when (RFC 3339).
 */
export const SimMail = z.object({
  mail: z.array(
    z.object({
      user_auth: z.string(),
      kind: z.enum(['verify', 'password-reset']),
      code: z.string(),
      time: z.string(),
    }),
  ),
});
export type SimMail = z.infer<typeof SimMail>;

/** The longest injected latency: ten minutes (a timer holds at most ~24.8 days). */
export const MAX_LATENCY_MS = 600_000;
/** The longest `Retry-After` a fault sends: a day, written as whole seconds. */
const MAX_RETRY_AFTER_S = 86_400;

export const SimFaults = z.object({
  latency_ms: z.number().min(0).max(MAX_LATENCY_MS).optional(),
  error_rate: z.number().min(0).max(1).optional(),
  status: z.int().min(400).max(599).optional(),
  retry_after_s: z.number().min(0).max(MAX_RETRY_AFTER_S).optional(),
  body: z.enum(['malformed', 'wrong-shape']).optional(),
});
export type SimFaults = z.infer<typeof SimFaults>;

export const SimReset = z.object({ seed: z.int().optional() });
/** At most a day per call: every tick on the way runs, so a huge jump would stall the simulator. */
const MAX_ADVANCE_SECONDS = 86_400;
export const SimAdvance = z.object({ seconds: z.number().min(0).max(MAX_ADVANCE_SECONDS) });
export const SimTokenRequest = z.object({
  network_name: z.string().min(1),
  /** a client token for this client id (as /network/auth-client gives), else a network token */
  client_id: Udid.optional(),
});
/** Connects or disconnects one provider now: a connection event, as if it had happened by itself. */
export const SimProviderConnection = z.object({ client_id: Udid, connected: z.boolean() });
export type SimProviderConnection = z.infer<typeof SimProviderConnection>;
/** The answer: whether the provider's state changed (false: it already was so). */
export const SimProviderConnectionResult = SimProviderConnection.extend({ changed: z.boolean() });
export type SimProviderConnectionResult = z.infer<typeof SimProviderConnectionResult>;

/** A week: the longest a provider is made dark at once. */
const MAX_DARK_HOURS = 168;
/**
 * Makes one provider dark for `hours` from now (issue 35): connected, never offered by
 * find-providers2, carrying nothing; 0 lights it again now (a scheduled spell too).
 */
export const SimDark = z.object({ client_id: Udid, hours: z.number().min(0).max(MAX_DARK_HOURS) });
export type SimDark = z.infer<typeof SimDark>;
/** The answer: whether it is dark now, and until when. */
export const SimDarkResult = z.object({ client_id: z.string(), dark: z.boolean(), until: z.string() });
export type SimDarkResult = z.infer<typeof SimDarkResult>;

/** Where the callers are (blocked countries): a two-letter country code of the simulated worlds. */
export const SimCallerCountry = z.object({
  country_code: z.string().regex(/^[A-Za-z]{2}$/, 'a two-letter country code'),
});
export type SimCallerCountry = z.infer<typeof SimCallerCountry>;
/** The answer: the code (lower case) and its location id in the world. */
export const SimCallerCountryResult = z.object({ country_code: z.string(), location_id: Udid });
export type SimCallerCountryResult = z.infer<typeof SimCallerCountryResult>;
/**
 * Bulk removals the deployment's other tenants have reserved (issue 26, group 3):
 * `reserved` more in each of the `hours` hourly buckets from the current one (each bucket
 * holds 1 000 000), so that remove-clients is scheduled for a later hour, or refused.
 */
export const SimRemovalBudget = z.object({
  reserved: z.int().min(0).max(1_000_000),
  hours: z.int().min(1).max(24).optional(),
});
export type SimRemovalBudget = z.infer<typeof SimRemovalBudget>;
/** The buckets as they are now: the hour each starts (RFC 3339) and what it holds. */
export const SimRemovalBudgetResult = z.object({
  buckets: z.array(z.object({ hour: z.string(), reserved: z.int() })),
});
export type SimRemovalBudgetResult = z.infer<typeof SimRemovalBudgetResult>;

export const SimNames = z.union([
  z.object({ client_id: z.string(), device_name: z.string() }),
  z.object({ network_id: z.string(), network_name: z.string() }),
]);
export type SimNameChange = z.infer<typeof SimNames>;

/**
 * What the admin routes do: served under /__sim/ with `--admin`, and handed out in
 * process as `simulator.admin`.
 */
export interface AdminActions {
  reset(seed?: number): void;
  /** Moves simulated time forward, running every due tick; resolves with the new time (epoch ms). */
  advance(seconds: number): Promise<number>;
  /** A network token, or a client token with `clientId`. */
  token(networkName: string, clientId?: string): { token: string; network_id: string };
  codes(): SimCodes;
  /** What the service would have e-mailed, newest last (`GET /__sim/mail`). */
  mail(): SimMail;
  setFaults(faults: SimFaults): void;
  /** Throws when the id is unknown (the route answers 400). */
  setName(body: SimNameChange): void;
  /** Connects or disconnects one provider now; throws when the id is unknown (the route answers 400). */
  setProviderConnected(body: SimProviderConnection): SimProviderConnectionResult;
  /** Makes one provider dark (or lit again); throws when the id is unknown or it cannot connect (400). */
  setProviderDark(body: SimDark): SimDarkResult;
  /** Moves the callers to another country; throws for a code the worlds lack (the route answers 400). */
  setCallerCountry(body: SimCallerCountry): SimCallerCountryResult;
  /** Fills the deployment's bulk-removal budget for other tenants (`/__sim/removal-budget`). */
  reserveRemovals(body: SimRemovalBudget): SimRemovalBudgetResult;
}

/** In-process access to a demo simulator, handed to the TUI by the CLI in demo mode. */
export interface DemoAccess {
  readonly seed: number;
  /**
   * The request fields the simulated service does not read (its era's: the seed era's
   * find-providers2 no rank_mode); a real service does not say, so only the demo knows.
   */
  unreadFields(name: OperationName): readonly string[];
  /**
   * Whether the simulated service lacks the operation (its era's: today's find-locations,
   * the seed era's blocked locations); a real service says so only with a 404.
   */
  lacks(name: OperationName): boolean;
  /** Codes a user of the demo network could add (or redeem) now, the demo account's wallets and user. */
  codes(): SimCodes;
  /**
   * The newest verification code the simulated service would have e-mailed to `userAuth`
   * (sign-up, /auth/verify-send) and that still works, or undefined: a demo's sign-up fills it in.
   */
  verifyCode(userAuth: string): string | undefined;
}
