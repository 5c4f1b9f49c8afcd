// Every pane and every dialog at every size the issue tried (60x15 up to 200x60): no line
// wider than the terminal, the footer's line is the footer (no dialog drawn into it), a
// dialog drawn whole (both borders, or its "more" hint), and the selected row or focused
// field on screen after moving far down. One app per size, the screens in turn (fast).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_FIELDS } from '../../src/store/account.ts';
import { selectedIndex, visibleProviders } from '../../src/store/my-providers.ts';
import { dailyChart } from '../../src/ui/charts/chart.ts';
import { moreHint, scrollOffset } from '../../src/ui/components/dialog-frame.tsx';
import { listPosition } from '../../src/ui/components/dialog-list.tsx';
import { tabLabels } from '../../src/ui/frame/tab-labels.ts';
import { PANES } from '../../src/ui/panes/registry.ts';
import { cell, displayWidth } from '../../src/ui/text.ts';
import { type Rendered, renderApp } from './render.tsx';

const SIZES = [
  [60, 15],
  [70, 20],
  [80, 24],
  [120, 40],
  [200, 60],
] as const;

interface Screen {
  name: string;
  /** Keys (or steps) that open the screen and move far down in it. */
  open(app: Rendered): Promise<void>;
  /** Back to a pane with no dialog. */
  close(app: Rendered): Promise<void>;
  /** Text that must be on screen (the selected row, the focused field); default `›`. */
  selected?: (app: Rendered) => string | RegExp | undefined;
  dialog?: boolean;
  /** Drawn over the pane (help, the event log): esc is its way out. */
  overlay?: boolean;
  /** A dialog drawn without its frame where the frame matches this (the QR code over the whole pane). */
  frameless?: RegExp;
}

const many = (key: string, n: number) => Array.from({ length: n }, () => key);
const lineOf = (frame: string, text: string) => frame.split('\n').find((line) => line.includes(text));

/** Puts the Devices pane's cursor on the row holding `text`. */
async function selectDevice(app: Rendered, text: string) {
  await app.press('3', 'g');
  for (let k = 0; k < 40 && !(lineOf(app.frame(), text) ?? '').startsWith('›'); k++) await app.press('j');
  expect(lineOf(app.frame(), text)).toMatch(/^›/);
}

/** Devices, s: the first device shared under its prefilled name, its code shown. */
async function openShareCode(app: Rendered) {
  await app.press('3', 's');
  await app.waitFor("Which of this network's");
  await app.press('enter');
  await app.waitFor('Name:');
  await app.press('enter');
  await app.waitFor('Share code for');
}

/** A pane's stale view (O), its stale clients known. */
async function openStale(app: Rendered, pane: '3' | '4') {
  await app.press(pane, 'O');
  await app.waitFor(() => app.stores.stale.getState().staleIds !== undefined);
}

const esc = async (app: Rendered) => app.press('esc');
const escs = async (app: Rendered) => app.press('esc', 'esc', 'esc');

const SCREENS: Screen[] = [
  { name: 'Discover', open: (app) => app.press('1', 'G'), close: (app) => app.press('g') },
  {
    name: 'Providers',
    open: async (app) => {
      await app.press('1', 'g', 'space', 'p', '2');
      const seen = () => app.stores.providers.getState().seen.length;
      await app.waitFor(() => seen() > 0);
      await app.press('n');
      await app.waitFor(() => seen() > 10 || app.stores.providers.getState().exhausted);
      await app.press('G');
    },
    close: (app) => app.press('g'),
  },
  { name: 'Devices', open: (app) => app.press('3', 'G'), close: (app) => app.press('g') },
  {
    name: 'My providers',
    open: (app) => app.press('4', 'G'),
    close: (app) => app.press('g'),
    selected: (app) => {
      const state = app.stores.myProviders.getState();
      return visibleProviders(state)[selectedIndex(state)]?.client_id?.slice(0, 8);
    },
  },
  {
    name: 'Network',
    open: (app) => app.press('5', 'v', 'G', ...many('j', 12)),
    close: (app) => app.press('v'),
  },
  { name: 'Network chart', open: (app) => app.press('5'), close: async () => {}, selected: () => /┤/ },
  { name: 'Account', open: (app) => app.press('6', 'G'), close: (app) => app.press('g') },
  // issue 26, groups 4 and 5 (panes before the dialogs: a dialog's outcome fills the footer a while)
  {
    name: 'Discover, only blocked',
    open: (app) => app.press('1', 'F', 'G'),
    close: (app) => app.press('F'),
  },
  { name: 'API keys', open: (app) => app.press('6', 'right', 'G'), close: (app) => app.press('left') },
  // issue 26, group 3: the stale view, its question and its period
  {
    name: 'My providers, stale clients',
    open: async (app) => {
      await openStale(app, '4');
      await app.press('space', 'G');
    },
    close: (app) => app.press('O', 'g'),
    selected: (app) => {
      const state = app.stores.myProviders.getState();
      return visibleProviders(state)[selectedIndex(state)]?.client_id?.slice(0, 8);
    },
  },
  {
    name: 'Devices, stale clients',
    open: async (app) => {
      await openStale(app, '3');
      await app.press('G');
    },
    close: (app) => app.press('O', 'g'),
  },
  {
    name: 'remove stale clients',
    dialog: true,
    open: async (app) => {
      await openStale(app, '4');
      await app.press('X');
      await app.waitFor(/y yes · n no/);
    },
    close: async (app) => app.press('esc', 'O'),
    selected: () => 'y yes · n no',
  },
  {
    name: 'stale period',
    dialog: true,
    open: (app) => app.press('4', 'P'),
    close: esc,
    selected: () => 'Period:',
  },
  // Issue 26, groups 1 and 2: the Earnings pane, its leaderboard and its question (before the
  // share screens, whose events' toasts would take the footer for a few seconds).
  // G goes to the bottom, past the payouts; ↑ brings the last one back under the cursor.
  { name: 'Earnings', open: (app) => app.press('7', 'G', 'up'), close: (app) => app.press('g') },
  {
    name: 'Earnings, scrolled down',
    open: (app) => app.press('7', ...many('pgdn', 12)),
    close: (app) => app.press('g'),
    selected: () => 'Country multipliers',
  },
  {
    name: 'leaderboard',
    dialog: true,
    open: async (app) => {
      await app.press('7', 'b');
      await app.waitFor('This network is');
      await app.press('G');
    },
    close: esc,
    selected: () => /› #\d+/,
  },
  {
    name: 'leaderboard visibility',
    dialog: true,
    open: async (app) => {
      await app.press('7', 'v');
      await app.waitFor(/y yes · n no/);
    },
    close: escs,
    selected: () => 'y yes · n no',
  },
  {
    name: 'add code',
    dialog: true,
    open: (app) => app.press('3', 'a', ...many('down', 12)),
    close: esc,
  },
  { name: 'share', dialog: true, open: (app) => app.press('3', 's', ...many('j', 30)), close: esc },
  {
    name: 'share code',
    dialog: true,
    open: openShareCode,
    close: esc,
    selected: () => 'Share code for',
  },
  {
    // ↓ scrolls a share code dialog taller than the pane to what follows the code.
    name: 'share code, scrolled down',
    dialog: true,
    open: async (app) => {
      await openShareCode(app);
      await app.press('j');
    },
    close: esc,
    selected: () => 'Read it out',
  },
  {
    name: 'confirm',
    dialog: true,
    open: async (app) => {
      await selectDevice(app, "Maria's tv");
      await app.press('c');
      await app.waitFor(/y yes · n no/);
    },
    close: escs,
    selected: () => 'y yes · n no',
  },
  {
    name: 'remove',
    dialog: true,
    open: async (app) => {
      await selectDevice(app, "Jarret's lap");
      await app.press('x');
    },
    close: escs,
    selected: () => 'y yes · n no',
  },
  {
    name: 'rename',
    dialog: true,
    open: async (app) => {
      await selectDevice(app, "Jarret's lap");
      await app.press('R');
    },
    close: escs,
    selected: () => 'Name:',
  },
  {
    name: 'QR code',
    dialog: true,
    open: async (app) => {
      await selectDevice(app, "Jarret's lap");
      await app.press('Q');
    },
    close: escs,
    // The link, under the code or in place of a code that does not fit.
    selected: () => 'https://app.bringyour.com/?add=',
    // Where the code fits it takes the whole pane, frame and all.
    frameless: /[▀▄█]/,
  },
  {
    name: 'wallet',
    dialog: true,
    open: (app) => app.press('6', 'w', ...many('down', 6)),
    close: esc,
  },
  {
    name: 'add wallet',
    dialog: true,
    open: (app) => app.press('6', 'a'),
    close: esc,
    selected: () => 'Address:',
  },
  {
    name: 'remove wallet',
    dialog: true,
    open: (app) => app.press('6', 'G', 'x'),
    close: escs,
    selected: () => /y yes · n no|\(esc closes\)/,
  },
  {
    name: 'feedback',
    dialog: true,
    open: (app) => app.press('6', 'f', ...many('tab', FEEDBACK_FIELDS.length - 1)),
    close: esc,
    selected: () => '›[ Send ]',
  },
  {
    name: 'login',
    dialog: true,
    // The demo is logged in already (L says so): the dialog as opened elsewhere.
    open: async (app) => {
      await app.press('6');
      app.stores.session.getState().openDialog('login');
    },
    close: esc,
    selected: () => 'Auth code:',
  },
  // issue 26, groups 4 and 5: Discover's blocked countries, Account's API keys
  {
    name: 'block a country',
    dialog: true,
    open: async (app) => {
      await app.press('1', 'g', 'B');
      await app.waitFor(/y yes · n no/);
    },
    close: escs,
    selected: () => 'y yes · n no',
  },
  {
    name: 'make an API key',
    dialog: true,
    open: async (app) => {
      await app.press('6', 'n');
      await app.type('scripts');
      await app.press('enter');
      await app.waitFor(/urn_[0-9A-V]{8}/);
    },
    close: esc,
    selected: () => /urn_[0-9A-V]{8}/,
  },
  {
    name: 'remove an API key',
    dialog: true,
    open: (app) => app.press('6', 'right', 'x'),
    close: async (app) => app.press('esc', 'esc', 'left'),
    selected: () => /y yes · n no/,
  },
  {
    name: 'help',
    overlay: true,
    open: (app) => app.press('1', '?', 'G'),
    close: esc,
    selected: () => /(\d+)-(\d+) of \2\)/,
  },
  {
    name: 'event log',
    overlay: true,
    open: (app) => app.press('1', '!', 'G'),
    close: esc,
    selected: () => 'Event log',
  },
];

const BOX = /[│╭╮╰╯]/;

describe.each(SIZES)('at %ix%i', (cols, rows) => {
  let app: Rendered;
  beforeAll(async () => {
    app = await renderApp({ cols, rows });
    await app.loaded();
  }, 20_000);
  afterAll(() => app.unmount());

  it.each(SCREENS)('$name fits', async (screen) => {
    try {
      await screen.open(app);
      check(app, screen, cols, rows);
    } finally {
      await screen.close(app);
      // A failed screen leaves no dialog behind for the next one.
      const session = app.stores.session.getState();
      for (const _ of session.dialogs) session.closeDialog();
      session.closeOverlay();
      session.setFocus(undefined);
      app.stores.devices.getState().closeAction();
      await app.press('g');
    }
  });
});

function check(app: Rendered, screen: Screen, cols: number, rows: number) {
  const frame = app.frame();
  const lines = frame.split('\n');
  const why = `\n${frame}`;
  expect(lines.length, why).toBeLessThanOrEqual(rows - 1);
  for (const line of lines) expect(displayWidth(line), `${line}${why}`).toBeLessThanOrEqual(cols);
  const footer = lines.at(-1) ?? '';
  // The way out is always offered: quit on a pane, esc in a dialog or the help.
  expect(footer, why).toMatch(screen.dialog || screen.overlay ? /\besc\b/ : /\bq\/ctrl-c quit/);
  expect(footer, why).not.toMatch(BOX);
  if (screen.dialog && !screen.frameless?.test(frame)) {
    const top = lines.findIndex((line) => line.includes('╭'));
    const bottom = lines.findIndex((line) => line.includes('╰'));
    expect(top, why).toBeGreaterThan(0);
    expect(bottom, why).toBeGreaterThan(top);
    expect(bottom, why).toBeLessThan(lines.length - 1);
  }
  const selected = screen.selected?.(app) ?? '›';
  const body = lines.slice(2, -1).join('\n');
  if (typeof selected === 'string') expect(body, why).toContain(selected);
  else expect(body, why).toMatch(selected ?? /./);
}

describe('the tab bar at any width', () => {
  /** Tabs of these titles (full, short) and counts, the first one active. */
  const tabs = (titles: [string, string][], counts: (number | undefined)[]) =>
    titles.map(([title, shortTitle], i) => ({
      digit: String(i + 1),
      title,
      shortTitle,
      count: counts[i],
      active: i === 0,
    }));
  const line = (list: ReturnType<typeof tabs>, width: number) => {
    const { labels, gap } = tabLabels(list, width);
    return labels.map((l) => l.text).join(' '.repeat(gap));
  };

  it('takes the first form that fits: full titles, short titles, the active count only, digits, one apart last', () => {
    const four = tabs(
      [
        ['Discover', 'Disc'],
        ['Providers', 'Prov'],
        ['Devices', 'Devices'],
        ['My providers', 'Mine'],
      ],
      [96, 20, undefined, 8],
    );
    expect(line(four, 200)).toBe('1 Discover 96  2 Providers 20  3 Devices  4 My providers 8');
    // Exactly the width of full titles, then one column less: the short ones, none cut mid-word.
    expect(line(four, 58)).toBe('1 Discover 96  2 Providers 20  3 Devices  4 My providers 8');
    expect(line(four, 57)).toBe('1 Disc 96  2 Prov 20  3 Devices  4 Mine 8');
    // A count beside another tab's digit one space apart reads as one number ("Devices 5 4 Mine").
    expect(line(four, 40)).toBe('1 Disc 96  2 Prov  3 Devices  4 Mine');
    expect(line(four, 36)).toBe('1 Disc 96  2 Prov  3 Devices  4 Mine');
    expect(line(four, 35)).toBe('1 Disc 96  2  3  4');
    expect(line(four, 17)).toBe('1 Disc 96 2 3 4');
  });

  it('fits every width with the real panes, never cutting a tab, full titles at 200 columns', () => {
    const panes = tabs(
      PANES.map((p): [string, string] => [p.title, p.shortTitle]),
      PANES.map(() => 12_345),
    );
    expect(line(panes, 200)).toBe(PANES.map((p) => `${p.digit} ${p.title} 12,345`).join('  '));
    for (const width of [30, 45, 60, 70, 79, 80, 81, 100, 120]) {
      expect(displayWidth(line(panes, width))).toBeLessThanOrEqual(width);
      expect(line(panes, width)).not.toContain('…');
      // No count one space from the next tab's digit, at the smallest console (60x15) and well below.
      if (width >= 40) expect(line(panes, width)).not.toMatch(/\d \d/);
    }
  });
});

describe('a dialog body taller than its room', () => {
  it('scrolls as little as keeps the focus in view, never past either end', () => {
    expect(scrollOffset(0, 20, 8, { top: 2, height: 1 })).toBe(0);
    expect(scrollOffset(0, 30, 8, { top: 12, height: 1 })).toBe(5);
    expect(scrollOffset(10, 30, 8, { top: 9, height: 1 })).toBe(9);
    expect(scrollOffset(10, 30, 8, { top: 12, height: 1 })).toBe(10);
    // Near an end, to that end.
    expect(scrollOffset(5, 20, 8, { top: 3, height: 1 })).toBe(0);
    expect(scrollOffset(0, 20, 8, { top: 12, height: 1 })).toBe(12);
    expect(scrollOffset(5, 20, 8, { top: 18, height: 4 })).toBe(12);
    // Taller than the view: its top shows.
    expect(scrollOffset(0, 30, 5, { top: 10, height: 9 })).toBe(10);
    expect(scrollOffset(9, 12, 8)).toBe(4);
  });

  it('says where there is more', () => {
    expect(moreHint(0, 20, 8)).toBe('↓ more');
    expect(moreHint(4, 20, 8)).toBe('↑ more · ↓ more');
    expect(moreHint(12, 20, 8)).toBe('↑ more');
    expect(listPosition(2, 8, 3)).toBe(' · 3 of 8');
    expect(listPosition(-1, 8, 3)).toBe(' · 8 in all');
    expect(listPosition(2, 8, 8)).toBe('');
  });
});

describe('dialogs at 60x15', () => {
  let app: Rendered;
  afterAll(() => app?.unmount());

  it('tab scrolls the feedback form to the focused field; its last rows are reachable', async () => {
    app = await renderApp({ cols: 60, rows: 15, pane: 'account' });
    await app.loaded();
    await app.press('f');
    expect(app.frame()).toContain('↓ more');
    expect(app.frame()).not.toContain('[ Send ]');
    await app.press(...many('tab', FEEDBACK_FIELDS.length - 1));
    expect(app.frame()).toContain('›[ Send ]');
    expect(app.frame()).toContain('↑ more');
    expect(app.frame()).not.toContain('What do you use it for?');
    await app.press('tab'); // round to the first box
    expect(app.frame()).toContain('›[ ] personal');
    expect(app.frame()).not.toContain('↑ more');
    await app.press('esc');
  });

  it('the add-code list uses the rows there are and scrolls with ↑/↓ to every code', async () => {
    await app.press('3', 'a');
    const codes = app
      .frame()
      .split('\n')
      .filter((l) => /│ [ ›] (adopt|share) /.test(l));
    expect(codes.length, app.frame()).toBeGreaterThanOrEqual(3);
    await app.press(...many('down', 8));
    expect(app.frame()).toMatch(/│ › share /);
    expect(app.frame()).toContain('8 of 8');
    await app.press('esc');
  });
});

describe('compact lines keep their segments apart', () => {
  it('a cut cell never runs into the next one', () => {
    expect(cell('Germainestead Lodge', 16)).toBe('Germainestead … ');
    expect(`${cell('Germainestead Lodge', 16)}Morocco`).toContain('… Morocco');
    expect(cell('1,150', 8, 'right')).toBe('   1,150');
    expect(cell('Paris', 8)).toBe('Paris   ');
  });

  it.each([60, 70])(
    'Discover at %i columns: the search and its settings, the name and the place',
    async (cols) => {
      const app = await renderApp({ cols, rows: 15 });
      try {
        await app.loaded();
        await app.press('/');
        await app.type('germany');
        await app.press('enter');
        await app.waitFor('best match first');
        const lines = app.frame().split('\n');
        expect(lines.find((l) => l.startsWith('/ germany'))).toMatch(/germany {2,}.*best match first/);
        for (const line of lines) {
          expect(line).not.toMatch(/…[^\s…]/);
          expect(displayWidth(line)).toBeLessThanOrEqual(cols);
        }
      } finally {
        await app.unmount();
      }
    },
  );
});

describe('the Network chart', () => {
  const points = { days: ['2026-01-01', '2026-01-02', '2026-01-03'], values: [100, 150, 200] };

  it('starts from zero; zoomed, from the data’s lowest value', () => {
    const fromZero = dailyChart(points, { width: 30, height: 4, fromZero: true });
    expect(fromZero[3]).toMatch(/^\s*0 ┤/);
    expect(fromZero[0]).toMatch(/^200 ┤/);
    const zoomed = dailyChart(points, { width: 30, height: 4 });
    expect(zoomed[3]).toMatch(/^100 ┤/);
  });

  it('z toggles the zoom in the pane, and the footer offers it', async () => {
    const app = await renderApp({ cols: 200, rows: 40, pane: 'network' });
    try {
      await app.waitFor('┤');
      const bottomLabel = () =>
        app
          .frame()
          .split('\n')
          .filter((l) => l.includes('┤'))
          .at(-1) ?? '';
      expect(bottomLabel()).toMatch(/^\s*0(\.0+)?\s*\w*\s*┤/);
      // The axis writes figures as the rest of netdeck does: number, space, unit.
      expect(bottomLabel()).toMatch(/^\s*0 B ┤/);
      expect(app.frame()).toMatch(/\d TiB ┤/);
      expect(app.frame()).toContain('z zoom to the data / from zero');
      await app.press('z');
      expect(app.stores.network.getState().zoom).toBe(true);
      expect(bottomLabel()).not.toMatch(/^\s*0(\.0+)?\s*\w*\s*┤/);
      await app.press('z');
      expect(bottomLabel()).toMatch(/^\s*0(\.0+)?\s*\w*\s*┤/);
    } finally {
      await app.unmount();
    }
  });
});
