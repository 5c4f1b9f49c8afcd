// Keys of the Devices pane and its two dialogs (see src/ui/keymap.ts for how bindings
// work). Global actions the pane handles itself: the moves and refresh. In the dialogs a
// focused text box takes printable keys, enter and esc first.
import type { Binding } from '../keymap.ts';

export const devicesKeys: Binding[] = [
  { scope: 'devices', keys: ['a'], action: 'addCode', help: 'add a code', footer: true },
  { scope: 'devices', keys: ['s'], action: 'share', help: 'share a device', footer: true },
  { scope: 'devices', keys: ['y'], action: 'copy', help: 'copy the code', footer: true },

  { scope: 'dialog:addCode', keys: ['enter'], action: 'submit', help: 'add the code' },
  { scope: 'dialog:addCode', keys: ['down'], action: 'nextCode', help: 'next code to try (demo)' },
  { scope: 'dialog:addCode', keys: ['up'], action: 'previousCode', help: 'previous code to try (demo)' },
  { scope: 'dialog:addCode', keys: ['esc'], action: 'close', help: 'close' },

  { scope: 'dialog:share', keys: ['down', 'j'], action: 'down', help: 'next device' },
  { scope: 'dialog:share', keys: ['up', 'k'], action: 'up', help: 'previous device' },
  { scope: 'dialog:share', keys: ['enter'], action: 'next', help: 'choose / create the code' },
  { scope: 'dialog:share', keys: ['y'], action: 'copy', help: 'copy the code' },
  { scope: 'dialog:share', keys: ['esc'], action: 'back', help: 'back or close' },
];
