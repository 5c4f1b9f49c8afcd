// What the Account pane shows, apart from React: how its rows are shared out, the line of
// each list's title, the columns and the text of a wallet or an API key (the lists ask
// only for the rows in sight), what an empty list says, the hints, and why each of its
// keys cannot act now. The component (account-pane.tsx) draws it;
// test/ui/account-view.test.ts reads its words without Ink.
import { isMissingRoute, isNoToken } from '../../../api/error-words.ts';
import type { AccountWallet, ApiKey } from '../../../contract/schemas.ts';
import { formatBytes, formatTimestamp, rowOf } from '../../../format/numbers.ts';
import { screenText } from '../../../sanitize.ts';
import { type AccountState as AccountStoreState, payoutRefusal, walletRows } from '../../../store/account.ts';
import { type ApiKeysState, keyRows, NO_API_KEYS } from '../../../store/api-keys.ts';
import type { BalanceState } from '../../../store/balance.ts';
import type { Stores } from '../../../store/index.ts';
import type { HeaderColumn } from '../../components/list-view.tsx';
import type { KeyNames } from '../../keys/key-names.ts';
import { type KeyReason, type KeyReasons, noTokenReason, notNow } from '../../keys/key-reasons.ts';
import { padCells, truncate } from '../../text.ts';
import { fieldsOf } from '../../view-fields.ts';
import type { PaneActionOf } from '../types.ts';

/** What the pane reads of the stores: each field a store's own value, so equal states draw alike. */
export interface AccountState
  extends Pick<AccountStoreState, 'data' | 'loading' | 'error' | 'selectedWallet' | 'walletView' | 'list'> {
  apiKeys: ApiKeysState['data'];
  apiKeysError: ApiKeysState['error'];
  selectedKey: ApiKeysState['selectedKey'];
  apiKeysView: ApiKeysState['view'];
  /** The network's token was given (every action of the pane needs it). */
  hasToken: boolean;
  /** The data balance (issue 34): bytes, not the wallet's USDC. */
  balance: BalanceState['data'];
  balanceError: BalanceState['error'];
}

/** The pane's state in the stores (the component's one hook reads it shallowly). */
export function accountState({ account, apiKeys, session, balance }: Stores): AccountState {
  const a = account.getState();
  const k = apiKeys.getState();
  const b = balance.getState();
  return {
    ...fieldsOf(a, ['data', 'error', 'selectedWallet', 'walletView', 'list']),
    // Only the first load shows (a spinner): a refresh under the wallets draws nothing of it.
    loading: a.loading && a.data === undefined,
    apiKeys: k.data,
    apiKeysError: k.error,
    selectedKey: k.selectedKey,
    apiKeysView: k.view,
    hasToken: session.getState().hasToken,
    balance: b.data,
    balanceError: b.error,
  };
}

const apiKeyRows = (state: AccountState) =>
  keyRows({ data: state.apiKeys, selectedKey: state.selectedKey, view: state.apiKeysView });

/** Why each key of the pane cannot act now. */
export function accountReasons(state: AccountState, keys: KeyNames): KeyReasons<PaneActionOf<'account'>> {
  // No token: a dialog would only fail on submit; the footer says so and offers to log in.
  const noToken = (what: string): KeyReason | undefined =>
    state.hasToken ? undefined : notNow(noTokenReason(what, keys));
  const inKeys = state.list === 'apiKeys';
  const wallet = walletRows(state).selected;
  const noWallet = (what: string) =>
    wallet ? undefined : notNow(`no wallet here to ${what} (${keys['account.addWallet']} adds one)`);
  const refusal = payoutRefusal(wallet);
  return {
    open: inKeys
      ? notNow(`${keys.open} acts on a wallet: ${keys['account.toWallets']} moves to the wallets`)
      : (noToken('Setting the payout wallet') ??
        noWallet('make the payout wallet') ??
        // Refused before asking: the service would refuse it only after the yes.
        (refusal ? notNow(refusal) : undefined)),
    remove: inKeys
      ? (noToken('Removing an API key') ??
        (apiKeyRows(state).selected
          ? undefined
          : notNow(`no API key here to remove (${keys['account.newApiKey']} makes one)`)))
      : (noToken('Removing a wallet') ?? noWallet('remove')),
    toApiKeys: inKeys
      ? notNow(`the cursor is in the API keys (${keys['account.toWallets']} the wallets)`)
      : undefined,
    toWallets: inKeys
      ? undefined
      : notNow(`the cursor is in the wallets (${keys['account.toApiKeys']} the API keys)`),
    newApiKey: noToken('Making an API key'),
    addWallet: noToken('Adding a wallet'),
    setWallet: noToken('Setting the payout wallet'),
    feedback: noToken('Sending feedback'),
    redeem: noToken('Redeeming a balance code'),
  };
}

/**
 * The data balance's line (the pane's first row, where a failure of the wallets shows
 * instead): bytes left of the start, what open transfers hold, the plan; not USDC.
 */
export function balanceLine(state: AccountState, keys: KeyNames): string | undefined {
  const b = state.balance;
  const redeem = `${keys['account.redeem']} redeems a code`;
  if (!b) return state.balanceError || !state.hasToken ? undefined : `Data balance: loading… · ${redeem}`;
  const plan = b.current_subscription?.plan;
  return [
    `Data balance ${formatBytes(b.balance_byte_count)} of ${formatBytes(b.start_balance_byte_count)}`,
    `${formatBytes(b.open_transfer_byte_count)} in transfers`,
    plan ? `plan ${screenText(plan)}` : 'no plan',
    // What a provider earns is USDC (Earnings); this is what the network's clients may use.
    'bytes, not USDC',
    redeem,
  ].join(' · ');
}

/** The feedback section: its title and line. */
const FEEDBACK_ROWS = 2;
/** The empty line above the API keys, where there is room. */
export const API_KEY_SPACE = 1;

/**
 * What the pane shows in `height` rows: both lists with the rows they want (a few of
 * each at least), then as room allows the hint lines, the space before the API keys and
 * the feedback section (f works either way).
 */
export function accountLayout(height: number, rows: { wallets: number; keys: number }) {
  const wanted = Math.max(2, Math.min(rows.wallets, 3) + Math.min(rows.keys, 2));
  // The error line, the wallets' title, payout line and header, the keys' title and header.
  const fixed = 6;
  let roomy = true;
  let hints = true;
  const chrome = () => fixed + (hints ? 2 : 0) + (roomy ? 1 + API_KEY_SPACE + FEEDBACK_ROWS : 0);
  if (height - chrome() < wanted) roomy = false;
  if (height - chrome() < wanted) hints = false;
  const lists = Math.max(2, height - chrome());
  const keysWanted = Math.max(1, Math.min(rows.keys, Math.ceil(lists / 2)));
  const wallets = Math.max(1, Math.min(Math.max(1, rows.wallets), lists - keysWanted));
  return { roomy, hints, wallets, keys: Math.max(1, lists - wallets) };
}

/** A list's count: all of them, or how many of them the filter shows. */
export const countShown = (all: number, shown: number): string =>
  shown === all ? `${all}` : `${shown} of ${all}`;

/** The cursor's mark and the line after it, `width` cells in all. */
const cursorLine = (selected: boolean, text: string, width: number) =>
  `${selected ? '›' : ' '} ${truncate(text, Math.max(10, width - 2))}`;

/** The wallets' columns in `width` cells: mark, chain, address, and the id from 110 columns. */
function walletColumns(width: number) {
  const id = width >= 110 ? 36 : 0;
  const address = Math.max(10, width - 21 - (id ? id + 1 : 0));
  const header: HeaderColumn[] = [
    { label: '', width: 11 },
    { label: 'CHAIN', width: 8, sort: 'chain' },
    { label: 'ADDRESS', width: address, sort: 'address' },
    ...(id ? [{ label: 'ID', width: id }] : []),
  ];
  return { id, address, header };
}

/** A wallet's line in `width` cells. */
function walletLine(width: number) {
  const cols = walletColumns(width);
  return (wallet: AccountWallet, payout: boolean, selected: boolean) =>
    cursorLine(
      selected,
      `${padCells(payout ? '★ payout' : '', 9)} ${padCells(screenText(wallet.blockchain) || '?', 8)} ${
        // The id stands in a column of its own, wherever the address ends.
        cols.id
          ? `${padCells(screenText(wallet.wallet_address) || '–', cols.address)} ${screenText(wallet.wallet_id)}`
          : screenText(wallet.wallet_address) || '–'
      }`,
      width,
    );
}

/** The API keys' columns in `width` cells: name, when made, and the id from 100 columns. */
function apiKeyColumns(width: number) {
  const id = width >= 100;
  const header: HeaderColumn[] = [
    { label: '', width: 1 },
    { label: 'NAME', width: 24, sort: 'name' },
    { label: 'MADE', width: 20, sort: 'made' },
    ...(id ? [{ label: 'ID', width: 36, sort: 'id' }] : []),
  ];
  return { id, header };
}

/** A key's line in `width` cells, under its header (never the key: the service shows one only when made). */
function apiKeyLine(width: number) {
  const { id } = apiKeyColumns(width);
  return (key: ApiKey, selected: boolean) =>
    cursorLine(
      selected,
      `${padCells(screenText(key.name) || '(no name)', 24)} ${padCells(formatTimestamp(key.create_time), 20)}${
        id ? ` ${screenText(key.id)}` : ''
      }`,
      width,
    );
}

/** The wallets part: its title, the payout line, the rows, or why there are none. */
function walletsPart(state: AccountState, keys: KeyNames, width: number) {
  const { wallets, selected } = walletRows(state);
  const { data } = state;
  const active = state.list === 'wallets';
  const noToken = isNoToken(state.error);
  const body = noToken
    ? 'noToken'
    : data
      ? 'data'
      : state.loading
        ? 'loading'
        : ('none' as 'noToken' | 'data' | 'loading' | 'none');
  return {
    title: `Wallets${data ? ` (${countShown(data.wallets?.length ?? 0, wallets.length)})` : ''}${
      data && selected && active ? ` · ${rowOf(wallets.indexOf(selected), wallets.length)}` : ''
    }`,
    active,
    body,
    /** Above the list: a failure (the last answer kept where there is one). */
    problem:
      state.error && !noToken
        ? { error: state.error, prefix: data ? 'refresh failed, showing the last answer' : 'wallets' }
        : undefined,
    none: state.error ? `not known yet (${keys.refresh} retries)` : '',
    payout: data?.wallet_id
      ? { id: screenText(data.wallet_id) }
      : { missing: `No payout wallet set: select one and press ${keys.open}.` },
    rows: wallets,
    view: state.walletView,
    payoutId: data?.wallet_id,
    selectedId: selected?.wallet_id,
    header: walletColumns(width).header,
    line: walletLine(width),
    empty:
      state.walletView.filter && data?.wallets?.length
        ? `No wallet matches “${screenText(state.walletView.filter)}”: ${keys.back} clears the filter.`
        : `No wallets yet: ${keys['account.addWallet']} adds one.`,
    hint: `${keys.open} makes the selected wallet the payout wallet · ${keys['account.addWallet']} adds a wallet · ${keys['account.remove']} removes it · ${keys['account.setWallet']} sets one by id`,
  };
}

/** The API keys part: its title, the rows, or what stands in their place. */
function apiKeysPart(state: AccountState, keys: KeyNames) {
  const { keys: rows, selected } = apiKeyRows(state);
  const { apiKeys: data, apiKeysError: error } = state;
  const active = state.list === 'apiKeys';
  const missing = isMissingRoute(error);
  const noToken = isNoToken(error);
  const empty = missing
    ? `${NO_API_KEYS}.`
    : noToken
      ? `They need your network's token too (${keys.login} logs in).`
      : error && !data
        ? undefined
        : !data
          ? 'loading the API keys…'
          : rows.length
            ? undefined
            : data.length
              ? `No API key matches “${screenText(state.apiKeysView.filter)}”: ${keys.back} clears the filter.`
              : `No API keys yet: ${keys['account.newApiKey']} makes one.`;
  return {
    title: `API keys${data ? ` (${countShown(data.length, rows.length)})` : ''}${
      active && selected ? ` · ${rowOf(rows.indexOf(selected), rows.length)}` : ''
    }`,
    active,
    empty,
    /** The first load failed: the failure in the list's place. */
    failed: error && !data && !missing && !noToken ? error : undefined,
    /** A refresh failed: the failure under the last answer. */
    stale: error && data && !missing && !noToken ? error : undefined,
    rows,
    view: state.apiKeysView,
    cursor: selected ? rows.indexOf(selected) : 0,
    header: (rowWidth: number) => apiKeyColumns(rowWidth).header,
    line: apiKeyLine,
    hint:
      missing || noToken
        ? undefined
        : `${keys['account.newApiKey']} makes a key (shown once) · ${keys['account.remove']} removes the one under the cursor · ${keys['account.toApiKeys']} here, ${keys['account.toWallets']} the wallets`,
  };
}

/** What the pane shows `width` x `height`, naming the user's `keys`. */
export function accountView(state: AccountState, keys: KeyNames, width: number, height: number) {
  return {
    heights: accountLayout(height, {
      wallets: state.data?.wallets?.length ?? 0,
      keys: state.apiKeys?.length ?? 0,
    }),
    wallets: walletsPart(state, keys, width - 2),
    apiKeys: apiKeysPart(state, keys),
    feedback: `Tell the network what you use it for and what you need: ${keys['account.feedback']} opens the form.`,
    balance: balanceLine(state, keys),
  };
}

export type AccountView = ReturnType<typeof accountView>;
