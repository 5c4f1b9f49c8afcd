// Network (5): the whole network over the last 90 days, figures and daily series.
import { PANE_TITLES } from '../titles.ts';
import { definePane } from '../types.ts';
import { networkKeys } from './keys.ts';
import { Network } from './network-pane.tsx';

export const networkPane = definePane({
  id: 'network',
  ...PANE_TITLES.network,
  keys: networkKeys,
  store: 'network',
  Component: Network,
});
