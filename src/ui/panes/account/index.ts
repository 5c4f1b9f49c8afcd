// Account (6): the network's wallets and the payout wallet, its API keys, and the feedback form.
import { PANE_TITLES } from '../titles.ts';
import { definePane } from '../types.ts';
import { Account } from './account-pane.tsx';
import { accountKeys } from './keys.ts';

export const accountPane = definePane({
  id: 'account',
  ...PANE_TITLES.account,
  keys: accountKeys,
  store: 'account',
  Component: Account,
  count: (stores) => stores.account.getState().data?.wallets?.length,
  onEnter: (stores) => {
    void stores.account.getState().refresh();
    void stores.apiKeys.getState().refresh();
  },
});
