// The frame: header, tab bar, the active pane, footer; the help overlay over the pane;
// a notice instead when the terminal is too small. The frame is always exactly one row
// shorter than the terminal: Ink clears the whole screen when its output reaches the
// last row, and a fixed height means frames replace each other line for line.
import { Box, useApp } from 'ink';
import { useEffect, useRef } from 'react';
import type { Clock } from '../clock.ts';
import type { DemoAccess } from '../contract/admin.ts';
import type { Stores } from '../store/index.ts';
import { StoresProvider, useStoreState, useStores } from './context.tsx';
import { Footer } from './frame/Footer.tsx';
import { Header } from './frame/Header.tsx';
import { HelpOverlay } from './frame/HelpOverlay.tsx';
import { TabBar } from './frame/TabBar.tsx';
import { MIN_COLUMNS, MIN_ROWS, TooSmall } from './frame/TooSmall.tsx';
import { useTerminalSize } from './hooks/useTerminalSize.ts';
import { InputProvider, useKeyActions } from './input/dispatcher.tsx';
import { paneById, panes } from './panes/index.ts';
import type { Theme } from './theme.ts';

/** Below this many columns the header, tabs and footer get shorter. */
export const COMPACT_BELOW = 80;

function useGlobalKeys() {
  const stores = useStores();
  const { session } = stores;
  const s = () => session.getState();
  useKeyActions('global', {
    ...Object.fromEntries(panes.map((p) => [`pane:${p.id}`, () => s().setPane(p.id)])),
    nextPane: () => s().cyclePane(1),
    previousPane: () => s().cyclePane(-1),
    help: () => s().toggleHelp(),
    quit: () => s().quit(),
    refresh: () => void paneById(s().activePane).resource?.(stores)?.getState().refresh(),
  });
}

function Frame() {
  const stores = useStores();
  const { session } = stores;
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const activeId = useStoreState(session, (s) => s.activePane);
  const overlay = useStoreState(session, (s) => s.overlay);
  const dialog = useStoreState(session, (s) => s.dialogs.at(-1));
  const quitting = useStoreState(session, (s) => s.quitting);
  const typing = useStoreState(session, (s) => s.focus !== undefined);
  useGlobalKeys();

  useEffect(() => {
    if (quitting) exit();
  }, [quitting, exit]);
  // The first pane's data comes from startStores; onEnter is for panes switched to.
  const entered = useRef(false);
  useEffect(() => {
    if (entered.current) paneById(activeId).onEnter?.(stores);
    entered.current = true;
  }, [activeId, stores]);

  if (columns < MIN_COLUMNS || rows < MIN_ROWS) return <TooSmall columns={columns} rows={rows} />;
  const compact = columns < COMPACT_BELOW;
  const height = rows - 1;
  const paneHeight = height - 3;
  const pane = paneById(activeId);
  const PaneComponent = pane.Component;
  return (
    <Box flexDirection="column" width={columns} height={height} overflowY="hidden">
      <Header width={columns} pane={pane} compact={compact} />
      <TabBar width={columns} compact={compact} />
      <Box width={columns} height={paneHeight} overflowY="hidden">
        {overlay === 'help' ? (
          <HelpOverlay width={columns} height={paneHeight} active={activeId} />
        ) : (
          <PaneComponent key={pane.id} width={columns} height={paneHeight} />
        )}
      </Box>
      <Footer width={columns} pane={activeId} dialog={overlay === 'help' ? 'help' : dialog} typing={typing} />
    </Box>
  );
}

export interface AppProps {
  stores: Stores;
  clock: Clock;
  theme?: Theme;
  demo?: DemoAccess;
}

/** The whole console; render it with Ink (src/cli/tui.tsx) or the test helper. */
export function App({ stores, clock, theme, demo }: AppProps) {
  return (
    <StoresProvider stores={stores} clock={clock} theme={theme} demo={demo}>
      <InputProvider>
        <Frame />
      </InputProvider>
    </StoresProvider>
  );
}
