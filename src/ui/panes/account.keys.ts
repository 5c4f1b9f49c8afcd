// Keys of the Account pane and its two dialogs (see src/ui/keymap.ts for how bindings
// work). In the dialogs a focused text box takes printable keys, enter and esc first;
// `tab`/`shift-tab` always move between the feedback form's fields.
import type { Binding } from '../keymap.ts';

export const accountKeys: Binding[] = [
  { scope: 'account', keys: ['w'], action: 'setWallet', help: 'set the payout wallet', footer: true },
  { scope: 'account', keys: ['f'], action: 'feedback', help: 'send feedback', footer: true },

  { scope: 'dialog:wallet', keys: ['enter'], action: 'submit', help: 'set this wallet' },
  {
    scope: 'dialog:wallet',
    keys: ['down'],
    action: 'nextWallet',
    help: "next of the account's wallets (demo)",
  },
  {
    scope: 'dialog:wallet',
    keys: ['up'],
    action: 'previousWallet',
    help: "previous of the account's wallets (demo)",
  },
  { scope: 'dialog:wallet', keys: ['esc'], action: 'close', help: 'close' },

  { scope: 'dialog:feedback', keys: ['tab', 'down'], action: 'next', help: 'next field' },
  { scope: 'dialog:feedback', keys: ['shift-tab', 'up'], action: 'previous', help: 'previous field' },
  { scope: 'dialog:feedback', keys: ['space'], action: 'toggle', help: 'tick or untick' },
  { scope: 'dialog:feedback', keys: ['enter'], action: 'enter', help: 'tick, or send on [Send]' },
  { scope: 'dialog:feedback', keys: ['esc'], action: 'close', help: 'close (the form is kept)' },
];
