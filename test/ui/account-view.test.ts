// Account's words without Ink: what its view (src/ui/panes/account/account-view.ts) says
// of the wallets and the API keys (titles, columns, rows, empty lists, hints), and why each
// key cannot act now; every key it names is the user's.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { AccountWallet, ApiKey } from '../../src/contract/schemas.ts';
import { NO_API_KEYS } from '../../src/store/api-keys.ts';
import { NO_VIEW, withFilter } from '../../src/store/list-sort-filter.ts';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import {
  type AccountState,
  accountReasons,
  accountView,
  balanceLine,
} from '../../src/ui/panes/account/account-view.ts';

const keys = keyNamesOf(keymap);

const SOL: AccountWallet = {
  wallet_id: '730c04b6-6b8c-4e9c-8a9e-b88fabb30dc3',
  blockchain: 'SOL',
  wallet_address: 'AWNEkCrfNkyCJAsDALwtB8GwQLmUFWKtacq1S6K9DfMv',
};
const TAO: AccountWallet = {
  wallet_id: '2d7b0c41-94e9-4dab-909a-cb1e530cf48a',
  blockchain: 'TAO',
  wallet_address: '5EDfx8ay4r4sUNqBM2jfHw9kAjHbQyYjQWrcYhpxxwuDs1yG',
};
const KEY: ApiKey = {
  id: '326564ae-9fce-47f4-9d5c-60d5d62f40a4',
  name: 'monitoring',
  create_time: '2025-12-12T00:00:00Z',
};

/** Two wallets (SOL the payout one) and one API key, loaded; the cursor in the wallets. */
function state(over: Partial<AccountState> = {}): AccountState {
  return {
    data: { wallet_id: SOL.wallet_id, wallets: [SOL, TAO] },
    loading: false,
    error: undefined,
    selectedWallet: undefined,
    walletView: NO_VIEW,
    list: 'wallets',
    apiKeys: [KEY],
    apiKeysError: undefined,
    selectedKey: undefined,
    apiKeysView: NO_VIEW,
    hasToken: true,
    balance: { start_balance_byte_count: 2 ** 40, balance_byte_count: 2 ** 39, open_transfer_byte_count: 0 },
    balanceError: undefined,
    ...over,
  };
}

const why = (s: AccountState, action: keyof ReturnType<typeof accountReasons>, names = keys) =>
  accountReasons(s, names)[action]?.why;

describe('Account: why a key cannot act', () => {
  it('every key acts on a loaded account with a token, the cursor on a SOL wallet', () => {
    const reasons = accountReasons(state(), keys);
    expect(Object.values(reasons).filter(Boolean)).toEqual([
      { why: 'the cursor is in the wallets (→ the API keys)' },
    ]);
  });

  it('without the token, every action says it needs one and how to log in', () => {
    const none = state({ hasToken: false });
    for (const [action, what] of [
      ['addWallet', 'Adding a wallet'],
      ['newApiKey', 'Making an API key'],
      ['setWallet', 'Setting the payout wallet'],
      ['feedback', 'Sending feedback'],
      ['open', 'Setting the payout wallet'],
      ['remove', 'Removing a wallet'],
    ] as const)
      expect(why(none, action)).toBe(
        `${what} needs your network's token, and none was given: L logs in with an auth code`,
      );
    expect(why({ ...none, list: 'apiKeys' }, 'remove')).toMatch(
      /^Removing an API key needs your network's token/,
    );
  });

  it('enter: not on a TAO wallet (refused before asking), nor in the API keys, nor with no wallet', () => {
    expect(why(state({ selectedWallet: TAO.wallet_id }), 'open')).toMatch(
      /Bittensor wallets cannot be the payout wallet.*This one is a TAO wallet/,
    );
    expect(why(state({ list: 'apiKeys' }), 'open')).toBe('enter acts on a wallet: ← moves to the wallets');
    expect(why(state({ data: { wallets: [] } }), 'open')).toBe(
      'no wallet here to make the payout wallet (a adds one)',
    );
  });

  it('x: the wallet or the key under the cursor, and says so when there is none', () => {
    expect(why(state(), 'remove')).toBeUndefined();
    expect(why(state({ data: { wallets: [] } }), 'remove')).toBe('no wallet here to remove (a adds one)');
    expect(why(state({ list: 'apiKeys' }), 'remove')).toBeUndefined();
    expect(why(state({ list: 'apiKeys', apiKeys: [] }), 'remove')).toBe(
      'no API key here to remove (n makes one)',
    );
  });

  it('←/→ say where the cursor is already', () => {
    expect(why(state({ list: 'apiKeys' }), 'toApiKeys')).toBe(
      'the cursor is in the API keys (← the wallets)',
    );
    expect(why(state({ list: 'apiKeys' }), 'toWallets')).toBeUndefined();
  });

  it('names the user’s keys', () => {
    const { table } = remapKeys(keymap, {
      'account.addWallet': ['A'],
      'account.toWallets': ['h'],
      login: ['G'],
    });
    const mine = keyNamesOf(table);
    expect(why(state({ data: { wallets: [] } }), 'remove', mine)).toBe(
      'no wallet here to remove (A adds one)',
    );
    expect(why(state({ list: 'apiKeys' }), 'open', mine)).toBe(
      'enter acts on a wallet: h moves to the wallets',
    );
    expect(why(state({ hasToken: false }), 'feedback', mine)).toMatch(/: G logs in with an auth code$/);
  });
});

describe('Account: what it shows', () => {
  it('the wallets: title with the count and the row, the payout wallet, each wallet under its columns', () => {
    const view = accountView(state(), keys, 100, 32);
    expect(view.wallets.title).toBe('Wallets (2) · row 1 of 2');
    expect(view.wallets.payout).toEqual({ id: SOL.wallet_id });
    expect(view.wallets.header.map((c) => c.label)).toEqual(['', 'CHAIN', 'ADDRESS']);
    expect(view.wallets.line(SOL, true, true)).toBe(`› ★ payout  SOL      ${SOL.wallet_address}`);
    expect(view.wallets.line(TAO, false, false)).toBe(`            TAO      ${TAO.wallet_address}`);
    expect(view.wallets.hint).toBe(
      'enter makes the selected wallet the payout wallet · a adds a wallet · x removes it · w sets one by id',
    );
  });

  it('the wallet id has a column of its own from 112 columns, under ID, wherever the address ends', () => {
    const { wallets } = accountView(state(), keys, 120, 32);
    expect(wallets.header.map((c) => c.label)).toEqual(['', 'CHAIN', 'ADDRESS', 'ID']);
    const idAt = wallets.header.slice(0, 3).reduce((at, c) => at + c.width + 1, 0);
    // The list's rows start two cells in, as its header does.
    for (const wallet of [SOL, TAO])
      expect(wallets.line(wallet, false, false).indexOf(wallet.wallet_id!)).toBe(idAt);
  });

  it('the API keys: when made under MADE (no "made" before it), the id under ID from 100 columns', () => {
    const { apiKeys } = accountView(state({ list: 'apiKeys' }), keys, 120, 32);
    expect(apiKeys.title).toBe('API keys (1) · row 1 of 1');
    const header = apiKeys.header(118);
    expect(header.map((c) => c.label)).toEqual(['', 'NAME', 'MADE', 'ID']);
    const line = apiKeys.line(118)(KEY, true);
    expect(line).toBe(`› monitoring               2025-12-12 00:00 UTC ${KEY.id}`);
    const at = (label: string) =>
      header
        .slice(
          0,
          header.findIndex((c) => c.label === label),
        )
        .reduce((sum, c) => sum + c.width + 1, 0);
    expect(line.indexOf('2025-12-12')).toBe(at('MADE'));
    expect(line.indexOf(KEY.id!)).toBe(at('ID'));
    expect(apiKeys.line(80)(KEY, false)).toBe('  monitoring               2025-12-12 00:00 UTC');
  });

  it('empty lists, a filter that matches nothing, and what stands in for the keys', () => {
    expect(accountView(state({ data: { wallets: [] }, apiKeys: [] }), keys, 100, 32).wallets.empty).toBe(
      'No wallets yet: a adds one.',
    );
    const filtered = state({ walletView: withFilter(NO_VIEW, 'zz'), apiKeysView: withFilter(NO_VIEW, 'qq') });
    const view = accountView(filtered, keys, 100, 32);
    expect(view.wallets.title).toBe('Wallets (0 of 2)');
    expect(view.wallets.empty).toBe('No wallet matches “zz”: esc clears the filter.');
    expect(view.apiKeys.empty).toBe('No API key matches “qq”: esc clears the filter.');
    expect(accountView(state({ apiKeys: [] }), keys, 100, 32).apiKeys.empty).toBe(
      'No API keys yet: n makes one.',
    );
    expect(accountView(state({ apiKeys: undefined }), keys, 100, 32).apiKeys.empty).toBe(
      'loading the API keys…',
    );
    const missing = new ApiError('http', 'HTTP 404: not found', { status: 404 });
    const seed = accountView(state({ apiKeys: undefined, apiKeysError: missing }), keys, 100, 32).apiKeys;
    expect(seed.empty).toBe(`${NO_API_KEYS}.`);
    expect(seed.hint).toBeUndefined();
  });

  it('a failed refresh keeps the last answer and says so above it', () => {
    const error = new ApiError('http', 'HTTP 500: simulated failure', { status: 500 });
    expect(accountView(state({ error }), keys, 100, 32).wallets.problem?.prefix).toBe(
      'refresh failed, showing the last answer',
    );
    const first = accountView(state({ error, data: undefined }), keys, 100, 32).wallets;
    expect(first.problem?.prefix).toBe('wallets');
    expect(first.body).toBe('none');
    expect(first.none).toBe('not known yet (r retries)');
  });
});

describe('Account: the data balance (issue 34)', () => {
  it('says what is left of the start, in bytes and not USDC, and how to redeem a code', () => {
    expect(balanceLine(state(), keys)).toBe(
      'Data balance 512 GiB of 1 TiB · 0 B in transfers · no plan · bytes, not USDC · b redeems a code',
    );
    expect(balanceLine(state({ balance: undefined }), keys)).toBe(
      'Data balance: loading… · b redeems a code',
    );
    expect(balanceLine(state({ balance: undefined, hasToken: false }), keys)).toBeUndefined();
    expect(why(state({ hasToken: false }), 'redeem')).toMatch(
      /^Redeeming a balance code needs your network's token/,
    );
    expect(why(state(), 'redeem')).toBeUndefined();
  });
});
