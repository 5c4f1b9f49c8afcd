// Keys of the dialogs several panes open (how a binding is written:
// src/ui/keys/bindings.ts): logging in with an auth code (`L` where a pane needs the
// network's token), the y/n question before an action that changes something, the
// stale view's period (`P` in My providers and Devices), switching profile (`@`), and an
// export's path and format (`e` in Providers, My providers and Earnings). No React: the key table
// (src/ui/keys/keymap.ts) is read before Ink loads.
import { bindings, formBindings } from './bindings.ts';

export const loginKeys = bindings(formBindings('dialog:login', 'log in with the code'));

export const questionKeys = bindings([
  { scope: 'dialog:confirm', keys: ['y', 'enter'], action: 'yes', help: 'yes, do it' },
  { scope: 'dialog:confirm', keys: ['n', 'esc'], action: 'no', help: 'no (close)' },
]);

export const stalePeriodKeys = bindings(
  formBindings('dialog:stalePeriod', 'use this period', 'close (the period stays)'),
);

/** `@`: the profile switch's list (src/ui/components/profile-dialog.tsx). */
export const profileKeys = bindings([
  { scope: 'dialog:profiles', keys: ['j', 'down'], action: 'down', help: 'next profile' },
  { scope: 'dialog:profiles', keys: ['k', 'up'], action: 'up', help: 'previous profile' },
  { scope: 'dialog:profiles', keys: ['enter'], action: 'choose', help: 'switch to this profile' },
  { scope: 'dialog:profiles', keys: ['esc', '@'], action: 'close', help: 'close (the profile stays)' },
]);

/** `e`: where an export goes and in what format (src/ui/components/export-dialog.tsx). */
export const exportKeys = bindings([
  { scope: 'dialog:export', keys: ['enter'], action: 'submit', help: 'write the file, then close' },
  // ↑/↓, not ←/→: those move the cursor in the path.
  { scope: 'dialog:export', keys: ['down'], action: 'nextFormat', help: 'the next format' },
  { scope: 'dialog:export', keys: ['up'], action: 'previousFormat', help: 'the previous format' },
  { scope: 'dialog:export', keys: ['esc'], action: 'close', help: 'close' },
]);
