// Keys of the dialogs several panes open (how a binding is written:
// src/ui/input/bindings.ts): logging in with an auth code (`L` where a pane needs the
// network's token), the y/n question before an action that changes something, and the
// stale view's period (`P` in My providers and Devices).
import { bindings } from '../input/bindings.ts';

export const loginKeys = bindings([
  { scope: 'dialog:login', keys: ['enter'], action: 'submit', help: 'log in with the code' },
  { scope: 'dialog:login', keys: ['esc'], action: 'close', help: 'close' },
]);

export const questionKeys = bindings([
  { scope: 'dialog:confirm', keys: ['y', 'enter'], action: 'yes', help: 'yes, do it' },
  { scope: 'dialog:confirm', keys: ['n', 'esc'], action: 'no', help: 'no (close)' },
]);

export const stalePeriodKeys = bindings([
  { scope: 'dialog:stalePeriod', keys: ['enter'], action: 'submit', help: 'use this period' },
  { scope: 'dialog:stalePeriod', keys: ['esc'], action: 'close', help: 'close (the period stays)' },
]);
