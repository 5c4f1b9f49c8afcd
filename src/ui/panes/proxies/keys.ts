// Keys of the Proxies pane (8) and of the dialogs that make a proxy (from a place in
// Discover) and draw its WireGuard QR code (how a binding is written:
// src/ui/keys/bindings.ts; the y/n question is the shared one, src/ui/keys/dialog-keys.ts).
// Global actions the pane handles itself: the moves and refresh.
import { bindings, qrBindings } from '../../keys/bindings.ts';

export const proxiesKeys = bindings([
  {
    scope: 'proxies',
    keys: ['y'],
    action: 'copy',
    help: 'copy the HTTP proxy URL with its token',
    footer: true,
  },
  { scope: 'proxies', keys: ['s'], action: 'copySocks', help: 'copy the SOCKS5 proxy URL with its token' },
  {
    scope: 'proxies',
    keys: ['Q'],
    action: 'qr',
    help: 'the WireGuard configuration as a QR code',
    footer: true,
  },
  { scope: 'proxies', keys: ['x'], action: 'remove', help: 'remove the proxy (asks y/n)', footer: true },

  { scope: 'dialog:proxy', keys: ['w'], action: 'wireGuard', help: 'WireGuard too, or not' },
  { scope: 'dialog:proxy', keys: ['l'], action: 'lock', help: "lock it to this machine's address, or not" },
  { scope: 'dialog:proxy', keys: ['enter'], action: 'submit', help: 'make the proxy' },
  {
    scope: 'dialog:proxy',
    keys: ['y'],
    action: 'copy',
    help: 'copy the HTTP proxy URL with its token (once made)',
  },
  { scope: 'dialog:proxy', keys: ['esc'], action: 'close', help: 'close' },

  ...qrBindings('dialog:proxyQr', 'copy the WireGuard configuration'),
]);
