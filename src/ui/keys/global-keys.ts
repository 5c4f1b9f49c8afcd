// The keys that work everywhere (scope `global`) and the help overlay's own. The digits
// that select a pane are made from the pane registry (src/ui/keys/keymap.ts).
import {
  type ActionsOf,
  type Binding,
  bindings,
  filterSortBindings,
  type Handlers,
  type KeyOutcome,
  scrollBindings,
} from './bindings.ts';

export const globalKeys = bindings([
  { scope: 'global', keys: ['tab'], action: 'nextPane', help: 'next pane' },
  { scope: 'global', keys: ['shift-tab'], action: 'previousPane', help: 'previous pane' },
  { scope: 'global', keys: ['j', 'down'], action: 'down', help: 'move down' },
  { scope: 'global', keys: ['k', 'up'], action: 'up', help: 'move up' },
  { scope: 'global', keys: ['g', 'home'], action: 'top', help: 'go to the top' },
  { scope: 'global', keys: ['G', 'end'], action: 'bottom', help: 'go to the bottom' },
  { scope: 'global', keys: ['pgdn'], action: 'pageDown', help: 'page down' },
  { scope: 'global', keys: ['pgup'], action: 'pageUp', help: 'page up' },
  { scope: 'global', keys: ['enter'], action: 'open', help: 'open or act' },
  { scope: 'global', keys: ['space'], action: 'select', help: 'select / mark' },
  { scope: 'global', keys: ['/'], action: 'search', help: 'search or filter', footer: true },
  {
    scope: 'global',
    keys: ['o'],
    action: 'sort',
    help: 'sort by a column: its letter next, or again for the next column',
    footer: 'sort',
  },
  { scope: 'global', keys: ['I'], action: 'reverse', help: 'reverse the sort' },
  { scope: 'global', keys: ['esc'], action: 'back', help: 'close or cancel' },
  { scope: 'global', keys: ['r'], action: 'refresh', help: 'refresh now', footer: 'refresh' },
  { scope: 'global', keys: ['?'], action: 'help', help: 'help: all keys', footer: 'help' },
  { scope: 'global', keys: ['!'], action: 'events', help: 'event log: what happened while you watched' },
  { scope: 'global', keys: [':'], action: 'palette', help: 'command palette: every action and pane' },
  { scope: 'global', keys: ['q', 'ctrl-c'], action: 'quit', help: 'quit', footer: true },
  { scope: 'global', keys: ['L'], action: 'login', help: 'log in with an auth code' },
  {
    scope: 'global',
    keys: ['@'],
    action: 'profiles',
    help: 'switch profile (the console starts again on it)',
  },
]);

/** The help overlay's keys (it takes every key while open). */
export const helpKeys = bindings([
  { scope: 'dialog:help', keys: ['esc', '?', 'q'], action: 'close', help: 'close help' },
  ...scrollBindings('dialog:help'),
  { scope: 'dialog:help', keys: ['/'], action: 'search', help: 'search the keys (esc clears)' },
]);

/** The event log's keys (it takes every key while open). */
export const eventLogKeys = bindings([
  { scope: 'dialog:events', keys: ['esc', '!', 'q'], action: 'close', help: 'close the event log' },
  ...scrollBindings('dialog:events', { top: 'the first', bottom: 'the last' }),
  { scope: 'dialog:events', keys: ['enter'], action: 'whole', help: 'the entry whole, or on one line' },
  ...filterSortBindings('dialog:events', {
    filter: 'filter (esc clears)',
    sort: 'sort by time, severity or what happened: its letter next, or again for the next',
  }),
]);

/** The command palette's keys (it takes every key while open; what is typed goes to its box). */
export const paletteKeys = bindings([
  { scope: 'dialog:palette', keys: ['enter'], action: 'run', help: 'run the action under the cursor' },
  { scope: 'dialog:palette', keys: ['down', 'ctrl-n'], action: 'down', help: 'next action' },
  { scope: 'dialog:palette', keys: ['up', 'ctrl-p'], action: 'up', help: 'previous action' },
  { scope: 'dialog:palette', keys: ['esc'], action: 'close', help: 'close the palette' },
]);

/**
 * Global actions the active pane handles for itself: the dispatcher asks the pane first.
 * Of these only `refresh` has a handler of the frame's too (the pane's live resource).
 */
export const PANE_ACTIONS = [
  'down',
  'up',
  'top',
  'bottom',
  'pageDown',
  'pageUp',
  'open',
  'select',
  'search',
  'sort',
  'reverse',
  'back',
  'refresh',
] as const;
export type PaneAction = (typeof PANE_ACTIONS)[number];

type GlobalAction = ActionsOf<typeof globalKeys, 'global'>;

/** The frame's handlers: every global action but the moves a pane makes, and `pane:<id>`. */
export type FrameHandlers = {
  [A in Exclude<GlobalAction, Exclude<PaneAction, 'refresh'>>]: () => KeyOutcome;
} & {
  [pane: `pane:${string}`]: () => KeyOutcome;
};

/** A pane's handlers: every action of its own scope, and any of the global ones it takes over. */
export type PaneHandlers<T extends readonly Binding[], S extends string> = Handlers<T, S> &
  Partial<Record<PaneAction, () => KeyOutcome>>;
