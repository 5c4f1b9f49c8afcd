// The longer words (docs/keys.md) for keys where the key table's one-line `help` is too short: by
// `scope action`. A key with no entry here is listed with its `help`. `npm run
// readme-keys` writes the key tables of docs/keys.md from the key table (src/ui/keys/keymap.ts) and
// these; test/docs/readme-keys.test.ts fails when docs/keys.md is not what it writes, or
// when an entry here names no binding.

export const KEY_WORDS: Record<string, string> = {
  'global search':
    "search (Discover) or filter the pane's lists (Providers, Devices, My providers, Account's wallets and API keys, Earnings' payments); `esc` clears the filter",
  'global sort':
    "sort the pane's list by its next column (the sorted column's header is marked ▼ or ▲; a mouse click on a column's header sorts by that column, again reverses it)",
  'global reverse': 'reverse the sort',
  'global help': "help: all keys, opened at the active pane's (its own keys: see This help under Dialogs)",
  'global quit': 'quit (`ctrl-c` quits even while typing)',
  'global login': 'log in with an auth code, where no token was given (the demo is logged in already)',

  'discover send': 'send the marked rows (or the row under the cursor) to Providers; `enter` too',
  'discover onlyActive': 'only active (find-locations matches with active providers)',
  'discover expand': 'open a country in place with its top regions and cities',
  'discover collapse': 'close the country',
  'discover distanceDown':
    "match distance stricter: 0 … 0.5 typos per character, from the service's default 0.2; find-locations only (on a service without it the keys say so and do nothing)",
  'discover distanceUp': 'match distance looser (as `<`)',
  'discover best': 'add "best available" to what is sent',
  'discover block':
    "block or unblock the country under the cursor, after `y`/`n` (a region's or city's: its country; only countries have an effect); blocked countries are marked `⊘`",
  'discover proxy':
    "make a hosted proxy in the country, region or city under the cursor (a dialog: WireGuard or not, locked to this machine's address or not; then its URLs, with the token)",
  'discover onlyBlocked':
    'only the blocked locations (a search: only places in blocked countries); again: every place',

  'providers next':
    'next batch (once every matching provider has been seen, nothing more is sent: `x` starts over)',
  'providers fetchAll':
    'fetch every matching provider, as `netdeck providers --all` does: batches of 1000, each excluding every provider seen, at most 100,000 (`esc` stops, `N` goes on)',
  'providers bigger': 'larger batches (1, 5, 10, 20, 50, 100, 200, 500, 1000; default 10)',
  'providers smaller': 'smaller batches',
  'providers rankMode':
    "rank the next batches by quality or by speed (today's service; the seed era ignores it)",
  'providers reset': 'reset: forget the providers seen (used destinations stay)',
  'providers destination':
    'mark the provider under the cursor as a used destination (`D`); it is excluded as a destination from every later batch; `space` too',
  'providers clearDestinations':
    'forget every used destination, after `y`/`n` (choosing another location or group forgets them too)',
  'providers export':
    'export the providers seen (those shown: filtered and sorted as they are) to a new private file, CSV (the columns of `netdeck providers --csv`) or JSON Lines, asking where (see [Exports](#exports)); with nothing seen yet it writes nothing and says so',

  'devices addCode': 'add a code (dialog)',
  'devices share': 'share a device (dialog)',
  'devices copy':
    "copy the selected row's code: to the terminal's clipboard (OSC 52) and to the private file `~/.local/state/netdeck/copied.txt` (`$XDG_STATE_HOME`; mode 0600, overwritten by each copy) whose path it shows",
  'devices confirm':
    'confirm the guest of one of your shares: asks the service which network added the code (share-status), then confirms it after `y`/`n`',
  'devices remove':
    'remove the selected association (a pending adoption, or a share you own or were given) after `y`/`n`',
  'devices rename':
    "rename the selected association: this network's own name for it (the other network keeps its own)",
  'devices setName':
    'rename one of the network\'s devices (under "This network\'s devices", or a device you share), by its device id',
  'devices qr':
    "the selected row's code (a share's, or a pending adoption's) as a QR code of `https://app.bringyour.com/?add=<code>`, the link the apps scan",
  // issue 26, group 3: the stale view
  'devices staleView':
    "only the network's stale devices (no open connection, last seen before the period: see [The stale view](#the-stale-view)), or every list again",
  'devices staleRemove':
    'remove the marked stale clients, or all those shown: one question lists what goes (the stale view only)',
  'devices stalePeriod':
    'set the stale view’s period: `30m`, `12h`, `7d` (the default), `2w`; remembered for the next run',

  'myProviders cycleWindow':
    'history window: last 24 hours (the table), 7 days, 30 days (charts), round again',
  'myProviders staleView':
    'only the stale providers (no open connection, last seen before the period: see [The stale view](#the-stale-view)), or all again',
  'myProviders staleRemove':
    'remove the marked stale clients, or all those shown: one question lists what goes (the stale view only)',
  'myProviders stalePeriod':
    'set the stale view’s period: `30m`, `12h`, `7d` (the default), `2w`; remembered for the next run',

  'network compact':
    'all series as sparklines / one chart; in the sparklines `↑` `↓` choose, `enter` or `esc` show its chart',

  'account addWallet':
    'add a wallet (dialog: the chain with `←`/`→`, the address checked as the service checks it before it is sent)',
  'account remove': 'remove the wallet or the API key under the cursor, after `y`/`n`',
  'account newApiKey':
    'make an API key (dialog: a name; the key is shown there once, `y` copies it, closing forgets it)',
  'account toApiKeys': 'move the cursor to the API keys (`↑`/`↓` then move in them)',
  'account toWallets': 'move the cursor back to the wallets',
  'account setWallet': 'set the payout wallet by its id (dialog)',
  'account feedback': 'send feedback (dialog)',
  'earnings copy': "copy the selected payout's transaction hash (once Circle has sent it)",

  'dialog:share next':
    'choose the device, then (after editing the name the other network sees) create the code',
  'dialog:share down':
    'next device (by name); with the code shown, scrolls a dialog taller than the pane down to what follows the code',
  'dialog:share up': 'previous device (by name); with the code shown, back up to the code',
};

/**
 * Global keys a pane gives a meaning of its own (its component handles the global
 * action), listed first in the pane's table: [the keys as docs/keys.md writes them, what
 * they do there]. The test checks each is a global key.
 */
export const PANE_GLOBALS: Record<string, [keys: string, words: string][]> = {
  discover: [
    ['`/`', 'search; `esc` clears the search'],
    ['`space`', 'mark or unmark the row, then move to the next'],
    ['`enter`', 'send, as `p`'],
  ],
  providers: [['`space`', 'used destination, as `d`, then move to the next provider']],
  myProviders: [
    [
      '`/`',
      "filter (client id, device name or provide mode); `esc` clears it. In a provider's detail and the 7- and 30-day views, which hide the table, `/`, `o` and `I` do nothing and say why",
    ],
    ['`enter`', "open the provider's detail"],
    ['`esc`', "close the provider's detail"],
    [
      '`j` `↓` / `k` `↑`, `PgDn` / `PgUp`, `g` / `G`',
      "move in the table; in a provider's detail and the 7- and 30-day views, scroll what is taller than the pane (`↓ more` under it says so)",
    ],
    ['`space`', 'in the stale view: mark or unmark the client, then move to the next'],
  ],
  devices: [
    [
      '`enter`',
      "the selected row's detail: its device name, code, client id, device id and other network whole; `y`, `Q`, `c`, `x`, `R` and `N` act on it; `esc` back",
    ],
    [
      '`j` `↓` / `k` `↑`, `PgDn` / `PgUp`, `g` / `G`',
      'move in the lists; in a row’s detail, scroll what is taller than the pane (`↓ more` under it says so)',
    ],
    ['`space`', 'in the stale view: mark or unmark the client, then move to the next'],
  ],
  network: [
    ['`↓` `j`', 'in the sparklines: the next series'],
    ['`↑` `k`', 'in the sparklines: the previous series'],
  ],
  account: [
    ['`j` `↓` / `k` `↑`', 'select a wallet, or an API key (`←`/`→` choose the list)'],
    ['`enter`', 'make the selected wallet the payout wallet, after `y`/`n`'],
  ],
  earnings: [
    [
      '`j` `↓` / `k` `↑`, `g` / `G`',
      'select a payout, the first, the last (the pane scrolls to keep it in view; `g` to its top)',
    ],
    ['`PgDn` / `PgUp`', 'scroll the pane a page down / up (the reliability window is below the payouts)'],
    [
      '`enter`',
      'show the selected payout whole (taller than the pane, the keys above scroll it); `esc` back',
    ],
  ],
};

/** What a dialog's keys follow in its row (what is typed, first). */
export const DIALOG_WORDS: Record<string, string> = {
  addCode: 'type the six words',
  rename: 'type the name',
  addWallet: 'type the address',
  apiKey: 'type a name',
  redeem: 'type the code (its case matters)',
  wallet: 'type a wallet id',
  login: 'paste the auth code (drawn as dots)',
  confirm:
    'confirming a guest, removing an association, the payout wallet, removing a wallet, removing stale clients, the leaderboard visibility (Earnings, v), removing a proxy (Proxies, x)',
  stalePeriod: 'type the period (`30m`, `12h`, `7d`, `2w`)',
};
