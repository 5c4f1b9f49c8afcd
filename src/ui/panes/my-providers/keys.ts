// Keys of the My providers pane and its mute dialog (how a binding is written:
// src/ui/keys/bindings.ts). Global
// actions it handles itself: up/down/top/bottom/page (the cursor; in the detail and the
// history views they scroll what is taller than the pane), open (detail), back
// (close the detail or clear the filter), search (filter), sort and reverse (o, I; not
// in the detail or history views, which hide the table), refresh. Issue 35's: i (the idle
// ones only), m (mute or unmute), a (every profile merged, shared with Earnings' a).
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
  {
    scope: 'myProviders',
    keys: ['i'],
    action: 'idle',
    help: 'only the idle providers (connected for the idle hours, carrying nothing), or all again',
  },
  {
    scope: 'myProviders',
    keys: ['m'],
    action: 'mute',
    help: 'mute the provider’s alerts for a time (1h, 8h, 24h or typed), or unmute it',
  },
  {
    scope: 'myProviders',
    keys: ['a'],
    action: 'everyProfile',
    help: 'every profile merged (here and in Earnings), or the one in use again',
  },

  // The mute dialog (m): how long.
  { scope: 'dialog:mute', keys: ['enter'], action: 'submit', help: 'mute it for this long' },
  // ↑/↓, not ←/→: those move the cursor in the length typed.
  { scope: 'dialog:mute', keys: ['down'], action: 'next', help: 'the next length (1h, 8h, 24h)' },
  { scope: 'dialog:mute', keys: ['up'], action: 'previous', help: 'the previous length' },
  { scope: 'dialog:mute', keys: ['esc'], action: 'close', help: 'close (nothing is muted)' },
]);
