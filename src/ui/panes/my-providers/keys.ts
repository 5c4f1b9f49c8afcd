// Keys of the My providers pane (how a binding is written: src/ui/keys/bindings.ts). Global
// actions it handles itself: up/down/top/bottom/page (the cursor; in the detail and the
// history views they scroll what is taller than the pane), open (detail), back
// (close the detail or clear the filter), search (filter), sort and reverse (o, I; not
// in the detail or history views, which hide the table), refresh.
import { bindings } from '../../keys/bindings.ts';

export const myProvidersKeys = bindings([
  {
    scope: 'myProviders',
    keys: ['t'],
    action: 'cycleWindow',
    help: 'history window: last 24 hours, 7 days, 30 days',
    footer: true,
  },
  { scope: 'myProviders', keys: ['y'], action: 'copy', help: "copy the provider's client id" },
  {
    scope: 'myProviders',
    keys: ['e'],
    action: 'export',
    help: 'export the providers shown to a file (CSV or JSON Lines)',
  },
  {
    scope: 'myProviders',
    keys: ['O'],
    action: 'staleView',
    help: 'stale view',
    footer: true,
  },
  {
    scope: 'myProviders',
    keys: ['X'],
    action: 'staleRemove',
    help: 'remove the marked stale clients, or all shown (asks)',
  },
  {
    scope: 'myProviders',
    keys: ['P'],
    action: 'stalePeriod',
    help: 'the stale view’s period (30m, 12h, 7d, 2w)',
  },
]);
