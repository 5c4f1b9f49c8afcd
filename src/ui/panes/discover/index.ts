// Discover (1): where providers are, and a fuzzy search; marks choose what Providers samples.
import { PANE_TITLES } from '../titles.ts';
import { definePane } from '../types.ts';
import { Discover } from './discover-pane.tsx';
import { discoverKeys } from './keys.ts';

export const discoverPane = definePane({
  id: 'discover',
  ...PANE_TITLES.discover,
  keys: discoverKeys,
  store: 'discovery',
  search: 'search',
  Component: Discover,
  count: (stores) => {
    const s = stores.discovery.getState();
    return s.data === undefined && s.search.result === undefined ? undefined : s.rows.length;
  },
});
