// My providers (4): this network's providers over the last 24 hours, sorted, filtered,
// each with its detail.
import { PANE_TITLES } from '../titles.ts';
import { definePane } from '../types.ts';
import { myProvidersKeys } from './keys.ts';
import { MyProviders } from './my-providers-pane.tsx';

export const myProvidersPane = definePane({
  id: 'myProviders',
  ...PANE_TITLES.myProviders,
  keys: myProvidersKeys,
  store: 'myProviders',
  search: 'filter',
  Component: MyProviders,
  count: (stores) => stores.myProviders.getState().data?.providers?.length,
});
