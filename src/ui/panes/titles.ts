// The panes' titles in tab order, apart from their components: the console's first paint
// (src/cli/first-paint.ts) draws the tab bar before Ink, React and the panes have loaded.
// Each pane's index.ts takes its titles from here; test/ui/panes.test.tsx checks the order.
export const PANE_TITLES = {
  discover: { title: 'Discover', shortTitle: 'Disc' },
  providers: { title: 'Providers', shortTitle: 'Prov' },
  devices: { title: 'Devices', shortTitle: 'Devices' },
  myProviders: { title: 'My providers', shortTitle: 'Mine' },
  network: { title: 'Network', shortTitle: 'Net' },
  account: { title: 'Account', shortTitle: 'Acct' },
} as const;
