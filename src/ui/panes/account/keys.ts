// Keys of the Account pane and its dialogs (how a binding is written: src/ui/keys/bindings.ts;
// the y/n question and logging in are in src/ui/keys/dialog-keys.ts). Global actions the pane
// handles itself: up/down (the wallets or the API keys: ←/→ switch), open (make the
// selected wallet the payout wallet), refresh. In the dialogs a focused text box takes printable keys, enter and
// esc first; `tab`/`shift-tab` always move between the feedback form's fields.
import { bindings, codeFieldBindings, formBindings } from '../../keys/bindings.ts';

export const accountKeys = bindings([
  { scope: 'account', keys: ['a'], action: 'addWallet', help: 'add a wallet', footer: true },
  {
    scope: 'account',
    keys: ['x'],
    action: 'remove',
    help: 'remove the wallet or API key under the cursor (asks y/n)',
  },
  { scope: 'account', keys: ['w'], action: 'setWallet', help: 'set the payout wallet by id' },
  { scope: 'account', keys: ['n'], action: 'newApiKey', help: 'make an API key', footer: true },
  { scope: 'account', keys: ['right'], action: 'toApiKeys', help: 'move the cursor to the API keys' },
  { scope: 'account', keys: ['left'], action: 'toWallets', help: 'move the cursor to the wallets' },
  { scope: 'account', keys: ['f'], action: 'feedback', help: 'send feedback', footer: true },
  { scope: 'account', keys: ['y'], action: 'copy', help: 'copy the id under the cursor' },
  { scope: 'account', keys: ['b'], action: 'redeem', help: 'redeem a balance code (a dialog)' },

  // The code is typed: printable keys are text, so the dialog's own keys are these.
  ...codeFieldBindings('dialog:redeem', 'check the code, then redeem it'),

  // While the name is typed, `y` is text: it copies once the key is made.
  { scope: 'dialog:apiKey', keys: ['enter'], action: 'submit', help: 'make the key, then close' },
  { scope: 'dialog:apiKey', keys: ['y'], action: 'copy', help: 'copy the key' },
  { scope: 'dialog:apiKey', keys: ['esc'], action: 'close', help: 'close (forgets the key)' },

  // ↑/↓, not ←/→: those move the cursor in the address field.
  { scope: 'dialog:addWallet', keys: ['up'], action: 'previousChain', help: 'previous chain' },
  { scope: 'dialog:addWallet', keys: ['down'], action: 'nextChain', help: 'next chain' },
  ...formBindings('dialog:addWallet', 'add the wallet'),

  {
    scope: 'dialog:wallet',
    keys: ['enter'],
    action: 'submit',
    help: 'make this wallet the payout wallet (asks first)',
  },
  {
    scope: 'dialog:wallet',
    keys: ['down'],
    action: 'nextWallet',
    help: "next of the account's wallets",
  },
  {
    scope: 'dialog:wallet',
    keys: ['up'],
    action: 'previousWallet',
    help: "previous of the account's wallets",
  },
  { scope: 'dialog:wallet', keys: ['esc'], action: 'close', help: 'close' },

  { scope: 'dialog:feedback', keys: ['tab', 'right'], action: 'next', help: 'next field' },
  { scope: 'dialog:feedback', keys: ['shift-tab', 'left'], action: 'previous', help: 'previous field' },
  { scope: 'dialog:feedback', keys: ['space'], action: 'toggle', help: 'tick or untick' },
  { scope: 'dialog:feedback', keys: ['enter'], action: 'enter', help: 'tick, or send on [Send]' },
  { scope: 'dialog:feedback', keys: ['esc'], action: 'close', help: 'close (the form is kept)' },
  { scope: 'dialog:feedback', keys: ['down'], action: 'below', help: 'the box below' },
  { scope: 'dialog:feedback', keys: ['up'], action: 'above', help: 'the box above' },
]);
