// Keys of the Network pane (how a binding is written: src/ui/keys/bindings.ts). Global actions
// it handles itself: up/down (series in the compact view), open (chart of that series),
// refresh.
import { bindings } from '../../keys/bindings.ts';

export const networkKeys = bindings([
  { scope: 'network', keys: ['right', ']'], action: 'nextSeries', help: 'next series', footer: true },
  { scope: 'network', keys: ['left', '['], action: 'previousSeries', help: 'previous series', footer: true },
  {
    scope: 'network',
    keys: ['v'],
    action: 'compact',
    help: 'all series as sparklines / one chart',
    footer: true,
  },
  {
    scope: 'network',
    keys: ['z'],
    action: 'zoom',
    help: 'zoom to the data / from zero',
    footer: true,
  },
]);
