// Network (5): the whole network over the last 90 days, figures and daily series.
import { definePane } from '../types.ts';
import { networkKeys } from './keys.ts';
import { Network } from './network-pane.tsx';

export const networkPane = definePane({
  id: 'network',
  title: 'Network',
  shortTitle: 'Net',
  keys: networkKeys,
  store: 'network',
  Component: Network,
});
