// Keys of the dialogs several panes open (how a binding is written:
// src/ui/keys/bindings.ts): logging in with an auth code (`L` where a pane needs the
// network's token), the y/n question before an action that changes something, and the
// stale view's period (`P` in My providers and Devices), switching profile (`@`). No
// React: the key table (src/ui/keys/keymap.ts) is read before Ink loads.
import { bindings } from './bindings.ts';

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

/** `@`: the profile switch's list (src/ui/components/profile-dialog.tsx). */
export const profileKeys = bindings([
  { scope: 'dialog:profiles', keys: ['j', 'down'], action: 'down', help: 'next profile' },
  { scope: 'dialog:profiles', keys: ['k', 'up'], action: 'up', help: 'previous profile' },
  { scope: 'dialog:profiles', keys: ['enter'], action: 'choose', help: 'switch to this profile' },
  { scope: 'dialog:profiles', keys: ['esc', '@'], action: 'close', help: 'close (the profile stays)' },
]);
