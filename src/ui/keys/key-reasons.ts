// Why a key cannot act, as a pane's view says it (src/ui/panes/types.ts, `keyReasons`):
// now, in this state (nothing under the cursor, nothing to send), or at all on this
// service (its route is missing in the service's era). The frame marks the first in the
// footer and in `?` and leaves the second out of the footer; a key with a reason says it
// instead of acting (src/ui/input/dispatcher.tsx). No React: views are pure.
import type { KeyNames } from './key-names.ts';

export interface KeyReason {
  /** The sentence the footer shows when the key is pressed. */
  readonly why: string;
  /** The service lacks what the key asks for: no state of the console changes that. */
  readonly unserved?: boolean;
}

/** A pane's reasons by action (its own and the global ones it handles); an action without one acts. */
export type KeyReasons<A extends string = string> = { readonly [K in A]?: KeyReason };

/** A key that cannot act in this state. */
export const notNow = (why: string): KeyReason => ({ why });
/** A key this service cannot serve: its route is missing. */
export const unserved = (why: string): KeyReason => ({ why, unserved: true });

/**
 * Why an action that needs the network's token cannot start (none was given); `what` is
 * the action as a noun phrase: "Adding a code".
 */
export const noTokenReason = (what: string, keys: KeyNames): string =>
  `${what} needs your network's token, and none was given: ${keys.login} logs in with an auth code`;
