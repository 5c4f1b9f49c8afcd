// Keys of the My providers pane (see src/ui/keymap.ts for how bindings work). Global
// actions it handles itself: up/down/top/bottom/page (cursor), open (detail), back
// (close the detail or clear the filter), search (filter), refresh.
import type { Binding } from '../keymap.ts';

export const myProvidersKeys: Binding[] = [
  { scope: 'myProviders', keys: ['s'], action: 'sortNext', help: 'sort by the next column', footer: true },
  { scope: 'myProviders', keys: ['S'], action: 'sortReverse', help: 'reverse the sort', footer: true },
  { scope: 'myProviders', keys: ['L'], action: 'login', help: 'log in with an auth code' },
];
