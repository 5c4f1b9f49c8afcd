// Keys of the Earnings pane and its dialogs (how a binding is written:
// src/ui/keys/bindings.ts; the y/n question is in src/ui/keys/dialog-keys.ts).
// Global actions the pane handles itself: up/down (the payment under the cursor), pgup/
// pgdn and g/G (the pane scrolls; in a payment whole, they scroll it), open (the payment
// whole), back (out of it), refresh.
import { bindings, filterSortBindings, scrollBindings } from '../../keys/bindings.ts';

export const earningsKeys = bindings([
  { scope: 'earnings', keys: ['b'], action: 'leaderboard', help: 'the leaderboard (top 100)', footer: true },
  {
    scope: 'earnings',
    keys: ['v'],
    action: 'visibility',
    help: 'show or hide this network on the leaderboard (asks y/n)',
    footer: true,
  },
  { scope: 'earnings', keys: ['y'], action: 'copy', help: "copy the payment's transaction hash" },
  {
    scope: 'earnings',
    keys: ['e'],
    action: 'export',
    help: 'export the payouts shown to a file (CSV or JSON Lines)',
  },
  {
    scope: 'earnings',
    keys: ['a'],
    action: 'everyProfile',
    help: 'every profile merged (here and in My providers), or the one in use again',
  },

  ...scrollBindings('dialog:leaderboard', {
    down: 'next network',
    up: 'previous network',
    top: 'the first',
    bottom: 'the last',
  }),
  { scope: 'dialog:leaderboard', keys: ['r'], action: 'reload', help: 'load it again' },
  ...filterSortBindings('dialog:leaderboard', {
    filter: 'filter by name or rank',
    sort: 'sort by rank, MiB paid or name',
  }),
  { scope: 'dialog:leaderboard', keys: ['esc', 'b'], action: 'close', help: 'close' },
]);
