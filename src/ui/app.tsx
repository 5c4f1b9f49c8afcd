// The frame: header, tab bar, the active pane, footer; the help overlay over the pane;
// a notice instead when the terminal is too small. The frame is always exactly one row
// shorter than the terminal: Ink clears the whole screen when its output reaches the
// last row, and a fixed height means frames replace each other line for line.
import { Box, useApp } from 'ink';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { Clock } from '../clock.ts';
import type { DemoAccess } from '../contract/admin.ts';
import { refreshLive, type Stores } from '../store/index.ts';
import { DialogRoom } from './components/dialog-frame.tsx';
import { LOGIN_DIALOG, LoginDialog, useOpenLogin } from './components/login-dialog.tsx';
import {
  PROFILE_DIALOG,
  ProfileDialog,
  type ProfileSwitch,
  ProfileSwitchProvider,
  useProfileSwitch,
} from './components/profile-dialog.tsx';
import { StoresProvider, useStores } from './context.tsx';
import { EventLog } from './frame/event-log.tsx';
import { Footer } from './frame/footer.tsx';
import { Header } from './frame/header.tsx';
import { HelpOverlay } from './frame/help-overlay.tsx';
import { COMPACT_BELOW } from './frame/layout.ts';
import { Palette } from './frame/palette.tsx';
import { TabBar } from './frame/tab-bar.tsx';
import { MIN_COLUMNS, MIN_ROWS, TooSmall } from './frame/too-small.tsx';
import { useTerminalSize } from './hooks/use-terminal-size.ts';
import {
  InputProvider,
  KeyRegistry,
  type ShownPane,
  useDialogs,
  useKeyActions,
} from './input/dispatcher.tsx';
import type { Binding } from './keys/bindings.ts';
import { globalTable, keymap } from './keys/keymap.ts';
import { activePane, PANES, paneAfter } from './panes/registry.ts';
import { paneReasons, shownStores } from './panes/types.ts';
import type { Theme } from './theme.ts';

function useGlobalKeys() {
  const stores = useStores();
  const { session } = stores;
  const profiles = useProfileSwitch();
  const dialogs = useDialogs();
  const login = useOpenLogin();
  const s = () => session.getState();
  const cycle = (delta: 1 | -1) => s().setPane(paneAfter(activePane(s()).id, delta).id);
  useKeyActions(globalTable, 'global', {
    ...Object.fromEntries(PANES.map((p) => [`pane:${p.id}`, () => s().setPane(p.id)])),
    nextPane: () => cycle(1),
    previousPane: () => cycle(-1),
    help: () => s().toggleHelp(),
    events: () => s().toggleEvents(),
    palette: () => s().openPalette(),
    quit: () => s().quit(),
    login,
    profiles: () => {
      if (!profiles) return 'no profiles here: the console runs on the flags or the environment it was given';
      dialogs.open(PROFILE_DIALOG);
    },
    refresh: () => {
      if (!refreshLive(stores, shownStores(activePane(s()))))
        return 'nothing here reloads on its own: this pane asks the service when you act';
    },
  });
}

/** The pane shown, as the dispatcher asks it: its key scope (before the global keys) and its key reasons. */
const SHOWN_PANE: ShownPane = {
  scope: (stores) => activePane(stores.session.getState()).id,
  reasons: (stores, keys) => paneReasons(activePane(stores.session.getState()), stores, keys),
};

function Frame() {
  const stores = useStores();
  const { session } = stores;
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const pane = useStore(session, activePane);
  const overlay = useStore(session, (s) => s.overlay);
  const dialog = useStore(session, (s) => s.dialogs.at(-1));
  const quitting = useStore(session, (s) => s.quitting);
  const typing = useStore(session, (s) => s.focus !== undefined);
  useGlobalKeys();

  useEffect(() => {
    if (quitting) exit();
  }, [quitting, exit]);
  // The first pane's data comes from startStores; onEnter is for panes switched to.
  const entered = useRef(false);
  useEffect(() => {
    if (entered.current) pane.onEnter?.(stores);
    entered.current = true;
  }, [pane, stores]);

  if (columns < MIN_COLUMNS || rows < MIN_ROWS) return <TooSmall columns={columns} rows={rows} />;
  const compact = columns < COMPACT_BELOW;
  const height = rows - 1;
  const paneHeight = height - 3;
  const PaneComponent = pane.Component;
  // A dialog of the pane's (its definition lists them) is drawn in its place.
  const PaneDialog = dialog === undefined ? undefined : pane.dialogs?.[dialog];
  const covered = overlay === 'palette' || PaneDialog !== undefined;
  return (
    <Box flexDirection="column" width={columns} height={height} overflowY="hidden">
      <Header width={columns} pane={pane} compact={compact} />
      <TabBar width={columns} />
      <Box width={columns} height={paneHeight} overflowY="hidden">
        {/* A dialog (the pane's, or @'s) fills the pane: it takes its size from here. */}
        <DialogRoom width={columns} height={paneHeight}>
          {dialog === PROFILE_DIALOG ? (
            <ProfileDialog />
          ) : dialog === LOGIN_DIALOG ? (
            <LoginDialog />
          ) : overlay === 'help' ? (
            <HelpOverlay width={columns} height={paneHeight} active={pane} />
          ) : overlay === 'events' ? (
            <EventLog width={columns} height={paneHeight} />
          ) : (
            <>
              {overlay === 'palette' ? (
                <Palette width={columns} height={paneHeight} active={pane} />
              ) : PaneDialog ? (
                <PaneDialog />
              ) : null}
              {/* Under the palette or its dialog the pane stays mounted, hidden: the palette acts on it. */}
              <Box display={covered ? 'none' : 'flex'}>
                <PaneComponent key={pane.id} width={columns} height={paneHeight} />
              </Box>
            </>
          )}
        </DialogRoom>
      </Box>
      <Footer width={columns} pane={pane} dialog={overlay ?? dialog} typing={typing} />
    </Box>
  );
}

export interface AppProps {
  stores: Stores;
  clock: Clock;
  theme?: Theme;
  demo?: DemoAccess;
  /** The key registry (tests read which handlers are mounted); default a new one. */
  keys?: KeyRegistry;
  /** The key table with the user's keys (keys/remap.ts); default the table's own. */
  keymap?: readonly Binding[];
  /** Switching profiles (`@`); none: the key says there is nothing to switch. */
  profiles?: ProfileSwitch;
}

/** A registry of the console's key handlers, on its key table (default the table's own). */
export const createKeyRegistry = (table: readonly Binding[] = keymap) => new KeyRegistry(table, SHOWN_PANE);

/** The whole console; render it with Ink (src/cli/console/tui.tsx) or the test helper. */
export function App({ stores, clock, theme, demo, keys, profiles, keymap: table = keymap }: AppProps) {
  return (
    <StoresProvider stores={stores} clock={clock} theme={theme} demo={demo} keymap={table}>
      <ProfileSwitchProvider value={profiles}>
        <InputProvider keymap={table} pane={SHOWN_PANE} registry={keys}>
          <Frame />
        </InputProvider>
      </ProfileSwitchProvider>
    </StoresProvider>
  );
}
