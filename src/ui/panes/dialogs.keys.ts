// Keys of the dialogs several panes open (see src/ui/keymap.ts for how bindings work):
// logging in with an auth code (`L` where a pane needs the network's token) and the y/n
// question before an action that changes something.
import type { Binding } from '../keymap.ts';

export const dialogKeys: Binding[] = [
  { scope: 'dialog:login', keys: ['enter'], action: 'submit', help: 'log in with the code' },
  { scope: 'dialog:login', keys: ['esc'], action: 'close', help: 'close' },

  { scope: 'dialog:confirm', keys: ['y', 'enter'], action: 'yes', help: 'yes, do it' },
  { scope: 'dialog:confirm', keys: ['n', 'esc'], action: 'no', help: 'no (close)' },

  { scope: 'dialog:rename', keys: ['enter'], action: 'submit', help: 'save the name' },
  { scope: 'dialog:rename', keys: ['esc'], action: 'close', help: 'close' },
];
