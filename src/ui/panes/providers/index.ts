// Providers (2): find-providers2 batch after batch for what Discover sent.
import { PANE_TITLES } from '../titles.ts';
import { definePane } from '../types.ts';
import { providersKeys } from './keys.ts';
import { Providers } from './providers-pane.tsx';

export const providersPane = definePane({
  id: 'providers',
  ...PANE_TITLES.providers,
  keys: providersKeys,
  store: 'providers',
  Component: Providers,
  count: (stores) => {
    const s = stores.providers.getState();
    return s.specs.length ? s.seen.length : undefined;
  },
});
