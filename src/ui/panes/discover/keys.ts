// Keys of the Discover pane (how a binding is written: src/ui/keys/bindings.ts). Global actions
// it handles itself: search (/), sort (o: by count or by name), select (space marks),
// open (enter sends), back (esc clears the search), refresh, and the moves. The y/n question of `B` is the shared one
// (src/ui/keys/dialog-keys.ts).
import { bindings } from '../../keys/bindings.ts';

export const discoverKeys = bindings([
  { scope: 'discover', keys: ['p'], action: 'send', help: 'send to Providers', footer: true },
  { scope: 'discover', keys: ['a'], action: 'onlyActive', help: 'only active', footer: true },
  {
    scope: 'discover',
    keys: ['right', 'l'],
    action: 'expand',
    help: 'open a country in place: its top regions and cities',
  },
  { scope: 'discover', keys: ['left', 'h'], action: 'collapse', help: 'close the country' },
  {
    scope: 'discover',
    keys: ['<'],
    action: 'distanceDown',
    help: 'match distance: stricter (find-locations only)',
  },
  {
    scope: 'discover',
    keys: ['>'],
    action: 'distanceUp',
    help: 'match distance: looser (find-locations only)',
  },
  { scope: 'discover', keys: ['b'], action: 'best', help: 'best available', footer: true },
  { scope: 'discover', keys: ['c'], action: 'clearMarks', help: 'clear marks' },
  {
    scope: 'discover',
    keys: ['B'],
    action: 'block',
    help: "block or unblock the row's country (asks y/n)",
  },
  { scope: 'discover', keys: ['F'], action: 'onlyBlocked', help: 'only the blocked countries (again: all)' },
  {
    scope: 'discover',
    keys: ['P'],
    action: 'proxy',
    help: 'make a hosted proxy in the place under the cursor (a dialog)',
  },
]);
