// The Account pane's two lists as the list controller (src/ui/components/list-view.tsx)
// sees them: where each keeps its view, its rows, its filter box.
import type { AccountWallet } from '../../../contract/schemas.ts';
import { type AccountStore, WALLETS_LIST } from '../../../store/account.ts';
import { API_KEYS_LIST, type ApiKeysStore } from '../../../store/api-keys.ts';
import { type ListControl, storeList } from '../../components/list-view.tsx';

/** The wallets as the list controller sees them. */
export const walletList = (store: AccountStore): ListControl<AccountWallet> => ({
  holder: {
    view: () => store.getState().walletView,
    setView: (view) => store.getState().setWalletView(view),
  },
  spec: WALLETS_LIST,
  filterId: 'wallets-filter',
});

/** The API keys as the list controller sees them. */
export const apiKeyList = (store: ApiKeysStore) => storeList(store, API_KEYS_LIST, 'apiKeys-filter');
