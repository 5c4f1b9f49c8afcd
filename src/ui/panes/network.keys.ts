// Keys of the Network pane (see src/ui/keymap.ts for how bindings work). Global actions
// it handles itself: up/down (series in the compact view), open (chart of that series),
// refresh.
import type { Binding } from '../keymap.ts';

export const networkKeys: Binding[] = [
  { scope: 'network', keys: ['right', ']'], action: 'nextSeries', help: 'next series', footer: true },
  { scope: 'network', keys: ['left', '['], action: 'previousSeries', help: 'previous series', footer: true },
  {
    scope: 'network',
    keys: ['v'],
    action: 'compact',
    help: 'all series as sparklines / one chart',
    footer: true,
  },
];
