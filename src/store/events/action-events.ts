// What the user did, in the console's event log beside what the service did: each dialog
// that succeeds (its store's step from sending to done) is one `user_action` event. The
// stores are watched, not changed: a dialog's outcome is already in its state.

import type { Clock } from '../../clock.ts';
import type { AccountWallet } from '../../contract/schemas.ts';
import { sanitize } from '../../sanitize.ts';
import type { AccountStore } from '../account.ts';
import type { ApiKeysStore } from '../api-keys.ts';
import { type BlockedStore, countryLabel } from '../blocked.ts';
import type { DevicesStore } from '../devices.ts';
import type { EarningsStore } from '../earnings.ts';
import type { StaleStore } from '../stale.ts';
import type { EventDraft, EventSource } from './event-source.ts';

interface Sources {
  devices: DevicesStore;
  account: AccountStore;
  stale: StaleStore;
  apiKeys: ApiKeysStore;
  blocked: BlockedStore;
  earnings: EarningsStore;
}

const quoted = (name: string | undefined, otherwise: string) => {
  const clean = sanitize(name).trim();
  return clean ? `"${clean}"` : otherwise;
};

/** An API key by its name and id: names may repeat, and a key may have none. */
const keyWords = (name: string | undefined, id: string | undefined) => {
  const named = quoted(name, '');
  if (!id) return `the API key ${named || 'without a name'}`;
  return named ? `the API key ${named} (${id})` : `the API key ${id}`;
};

/** A wallet as the Account pane lists it: its chain and address, else its id. */
function walletWords(wallets: readonly AccountWallet[] | undefined, walletId: string): string {
  const wallet = wallets?.find((w) => w.wallet_id === walletId);
  const address = sanitize(wallet?.wallet_address).trim();
  if (!wallet || !address) return `wallet ${walletId}`;
  return `the ${sanitize(wallet.blockchain) || 'wallet'} wallet ${address}`;
}

type Draft = Omit<EventDraft, 'time' | 'severity' | 'type'>;
type Watched<S> = { subscribe(listener: (now: S, before: S) => void): () => void };

/** Calls `then` each time `step` of the store's state becomes `to` after being `from`. */
function onStep<S>(
  store: Watched<S>,
  step: (state: S) => string | undefined,
  from: string,
  to: string,
  then: (now: S, before: S) => Draft | undefined,
  record: (draft: Draft) => void,
): () => void {
  return store.subscribe((now, before) => {
    if (step(now) !== to || step(before) !== from) return;
    const draft = then(now, before);
    if (draft) record(draft);
  });
}

/** Calls `words` each time the y/n question `question` of the store holds was answered yes and done (asked-question.ts). */
function onAnswered<S, Q extends { phase: string }>(
  store: Watched<S>,
  question: (state: S) => Q | undefined,
  words: (question: Q) => Draft | undefined,
  record: (draft: Draft) => void,
): () => void {
  return onStep(
    store,
    (s) => question(s)?.phase,
    'sending',
    'done',
    (now) => {
      const asked = question(now);
      return asked ? words(asked) : undefined;
    },
    record,
  );
}

export function feedActionEvents(stores: Sources, source: EventSource, clock: Clock): () => void {
  const record = (draft: Draft) => {
    try {
      source.record([
        { type: 'user_action', severity: 'info', time: new Date(clock.now()).toISOString(), ...draft },
      ]);
    } catch {
      // The log is a bystander: nothing to log then.
    }
  };
  const wallets = () => stores.account.getState().data?.wallets;
  const offs = [
    onStep(
      stores.devices,
      (s) => s.add.phase,
      'sending',
      'added',
      (s) => {
        const added = s.add.added;
        if (!added) return undefined;
        const who = quoted(added.deviceName, 'a device');
        return {
          message:
            added.codeType === 'share'
              ? `you added the share code of ${who}${added.networkName ? ` from ${sanitize(added.networkName)}` : ''}`
              : `you added the adoption code of ${who}: it is pending until the device confirms`,
          code: added.code,
          ...(added.clientId ? { client_id: added.clientId } : {}),
        };
      },
      record,
    ),
    onAnswered(
      stores.devices,
      (s) => s.action,
      (action) => {
        const who = quoted(action.deviceName, action.code ?? 'a device');
        const name = quoted(action.input, '');
        const message = {
          confirm: `you confirmed the share of ${who}${action.guest ? `: ${sanitize(action.guest)} can use it` : ''}`,
          remove: `you removed the association of ${who}`,
          rename: `you renamed the association ${who} to ${name}`,
          setName: `you renamed the device ${who} to ${name}`,
          qr: undefined,
        }[action.kind];
        return message ? { message, ...(action.code ? { code: action.code } : {}) } : undefined;
      },
      record,
    ),
    onAnswered(
      stores.account,
      (s) => s.question,
      (question) => {
        const wallet = walletWords(wallets(), question.walletId);
        return {
          message:
            question.kind === 'payout' ? `you made ${wallet} the payout wallet` : `you removed ${wallet}`,
        };
      },
      record,
    ),
    onStep(
      stores.account,
      (s) => s.addWallet.phase,
      'sending',
      'added',
      (_, before) => ({
        message: `you added a ${before.addWallet.chain} wallet ${sanitize(before.addWallet.address).trim()}`,
      }),
      record,
    ),
    onStep(
      stores.account,
      (s) => s.feedback.phase,
      'sending',
      'sent',
      () => ({ message: 'you sent feedback' }),
      record,
    ),
    onAnswered(
      stores.stale,
      (s) => s.question,
      (question) => {
        const targets = question.targets;
        const names = targets.map((t) => quoted(t.name, t.clientId));
        return {
          message: `you removed ${targets.length === 1 ? `the stale client ${names[0]}` : `${targets.length} stale clients: ${names.join(', ')}`}`,
        };
      },
      record,
    ),
    onStep(
      stores.apiKeys,
      (s) => s.form.phase,
      'sending',
      'made',
      (s) => ({ message: `you made ${keyWords(s.form.name, s.form.id)}` }),
      record,
    ),
    onAnswered(
      stores.apiKeys,
      (s) => s.question,
      (question) => ({ message: `you removed ${keyWords(question.name, question.id)}` }),
      record,
    ),
    onAnswered(
      stores.blocked,
      (s) => s.question,
      (question) => {
        const country = sanitize(countryLabel(question));
        return {
          message:
            question.action === 'block'
              ? `you blocked ${country}: consumers there are no longer offered your providers`
              : `you unblocked ${country}: consumers there are offered your providers again`,
        };
      },
      record,
    ),
    onAnswered(
      stores.earnings,
      (s) => s.visibility,
      (visibility) => ({
        message: visibility.makePublic
          ? 'you made this network public on the leaderboard: it shows there by name'
          : 'you hid this network on the leaderboard: its place stays, without a name',
      }),
      record,
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
