// The stores (and the clock, the theme, the key table with the user's keys and their
// names) reach components through one React context, so each test renders the app on
// fresh stores.
import type React from 'react';
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Clock } from '../clock.ts';
import type { DemoAccess } from '../contract/admin.ts';
import type { Stores } from '../store/index.ts';
import { tickerFor } from './hooks/ticker.ts';
import type { Binding } from './keys/bindings.ts';
import { type KeyNames, keyNamesOf } from './keys/key-names.ts';
import { keymap as defaultKeymap } from './keys/keymap.ts';
import { type Theme, themeFor } from './theme.ts';

interface AppContextValue {
  stores: Stores;
  clock: Clock;
  theme: Theme;
  demo?: DemoAccess;
  keymap: readonly Binding[];
  /** The names of the user's keys, for the sentences that name one. */
  keyNames: KeyNames;
}

const AppContext = createContext<AppContextValue | null>(null);

export function StoresProvider({
  stores,
  clock,
  theme = themeFor(),
  demo,
  keymap = defaultKeymap,
  children,
}: {
  stores: Stores;
  clock: Clock;
  theme?: Theme;
  demo?: DemoAccess;
  /** The key table with the user's keys (keys/remap.ts); default the table's own. */
  keymap?: readonly Binding[];
  children: React.ReactNode;
}) {
  const keyNames = useMemo(() => keyNamesOf(keymap), [keymap]);
  return (
    <AppContext.Provider value={{ stores, clock, theme, demo, keymap, keyNames }}>
      {children}
    </AppContext.Provider>
  );
}

function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('components need <StoresProvider> above them');
  return value;
}

export const useStores = (): Stores => useApp().stores;
/** The store clock (the simulator's in demo mode, a ManualClock in tests). */
export const useClock = (): Clock => useApp().clock;
export const useTheme = (): Theme => useApp().theme;
/** The key table as the user has it: what the footer, the help and the palette show. */
export const useKeymap = (): readonly Binding[] => useApp().keymap;
/** The names of the user's keys ("r retries"): what every sentence that names a key takes them from. */
export const useKeyNames = (): KeyNames => useApp().keyNames;
/** In-process simulator access in demo mode (codes to try, wallet ids). */
export const useDemo = (): DemoAccess | undefined => useApp().demo;

/**
 * The store clock's time, as of the last whole `everyMs` of that clock: countdowns and
 * spinners move with simulated time (and with ManualClock.advance in tests), and every
 * component on one period changes in the same frame (hooks/ticker.ts).
 */
export function useNow(everyMs = 1000): number {
  const clock = useClock();
  // A sped-up demo clock would otherwise redraw a seconds countdown dozens of times a
  // real second: at most four updates per real second.
  const ticker = tickerFor(clock, Math.max(everyMs, clock.speed * 250));
  return useSyncExternalStore(ticker.subscribe, () => ticker.now);
}
