// What a pane gives the frame. Each pane lives in src/ui/panes/<Name>.tsx and exports
// `<name>Pane: PaneDefinition`; src/ui/panes/index.ts lists them in tab order.
import type React from 'react';
import type { Stores } from '../../store/index.ts';
import type { ResourceStore } from '../../store/resource.ts';

export type { PaneId } from '../../store/session.ts';

import type { PaneId } from '../../store/session.ts';

export interface PaneDefinition {
  id: PaneId;
  /** The digit that selects it. */
  key: '1' | '2' | '3' | '4' | '5' | '6';
  title: string;
  /** A shorter title for the compact layout (below 80 columns). */
  shortTitle?: string;
  /** Draws exactly `height` rows of `width` columns. Mounted only while the pane is shown. */
  Component: React.FC<{ width: number; height: number }>;
  /** The number in the tab bar (rows, providers seen...); undefined shows none. */
  count?(stores: Stores): number | undefined;
  /** The header shows this resource's last refresh and next-refresh countdown. */
  // biome-ignore lint/suspicious/noExplicitAny: any resource; the header reads only fetchedAt/nextAt
  resource?(stores: Stores): ResourceStore<any> | undefined;
  /** What `/` does here (the footer offers it only then): search or filter. */
  search?: 'search' | 'filter';
  /** Called when the pane becomes the active one (e.g. refresh stale data). */
  onEnter?(stores: Stores): void;
}
