// Keys of the Devices pane and its dialogs (how a binding is written: src/ui/keys/bindings.ts;
// the y/n question and logging in are in src/ui/keys/dialog-keys.ts). Global actions the
// pane handles itself: the moves and refresh. In the dialogs a focused text box takes
// printable keys, enter and esc first.
import { bindings, codeFieldBindings, formBindings, qrBindings } from '../../keys/bindings.ts';

export const devicesKeys = bindings([
  { scope: 'devices', keys: ['a'], action: 'addCode', help: 'add a code', footer: true },
  { scope: 'devices', keys: ['s'], action: 'share', help: 'share a device', footer: true },
  { scope: 'devices', keys: ['y'], action: 'copy', help: 'copy the code or client id', footer: true },
  { scope: 'devices', keys: ['c'], action: 'confirm', help: 'confirm the guest of your share' },
  { scope: 'devices', keys: ['x'], action: 'remove', help: 'remove the association (asks y/n)' },
  { scope: 'devices', keys: ['R'], action: 'rename', help: "rename the association (this network's name)" },
  { scope: 'devices', keys: ['N'], action: 'setName', help: 'rename one of your devices' },
  { scope: 'devices', keys: ['Q'], action: 'qr', help: 'show the code as a QR code' },
  {
    scope: 'devices',
    keys: ['O'],
    action: 'staleView',
    help: 'stale view',
  },
  {
    scope: 'devices',
    keys: ['X'],
    action: 'staleRemove',
    help: 'remove the marked stale clients, or all shown (asks)',
  },
  {
    scope: 'devices',
    keys: ['P'],
    action: 'stalePeriod',
    help: 'the stale view’s period (30m, 12h, 7d, 2w)',
  },

  ...codeFieldBindings('dialog:addCode', 'add the code'),

  { scope: 'dialog:share', keys: ['down', 'j'], action: 'down', help: 'next device' },
  { scope: 'dialog:share', keys: ['up', 'k'], action: 'up', help: 'previous device' },
  { scope: 'dialog:share', keys: ['enter'], action: 'next', help: 'choose / create the code' },
  { scope: 'dialog:share', keys: ['y'], action: 'copy', help: 'copy the code' },
  { scope: 'dialog:share', keys: ['Q'], action: 'qr', help: 'the code as a QR code, or as words' },
  { scope: 'dialog:share', keys: ['esc'], action: 'back', help: 'back or close' },

  ...qrBindings('dialog:qr', 'copy the code'),

  ...formBindings('dialog:rename', 'save the name'),
]);
