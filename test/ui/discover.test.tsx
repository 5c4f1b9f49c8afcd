import chalk from 'chalk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { LocationResult } from '../../src/contract/schemas.ts';
import { SEARCH_DEBOUNCE_MS } from '../../src/store/discovery.ts';
import { POOL_NOTE } from '../../src/ui/panes/discover/discover-view.ts';
import { activePane } from '../../src/ui/panes/registry.ts';
import { neverClient, withOverrides } from './fakes.ts';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** A row without the list's scrollbar cell at its end. */
const noBar = (line: string) => line.replace(/ *[│█]$/, '');

/** A client whose operation `name` counts its calls (`asked`). */
function counted(name: 'findLocations' | 'findProviderLocations') {
  const calls = {
    asked: 0,
    wrap: (client: ApiClient) =>
      withOverrides(client, {
        [name]: (...args: unknown[]) => {
          calls.asked++;
          return (client[name] as (...passed: unknown[]) => unknown)(...args);
        },
      } as Partial<ApiClient>),
  };
  return calls;
}

/** Rows of the Discover list (lines between the column header and the status line). */
function listLines(frame: string): string[] {
  const lines = frame.split('\n');
  const start = lines.findIndex((l) => l.includes('TYPE') && l.includes('NAME'));
  return lines
    .slice(start + 1, -2)
    .map(noBar)
    .filter((l) => l.trim());
}

describe('Discover pane', () => {
  it('loading: a spinner while provider-locations has not answered', async () => {
    app = await renderApp({ client: neverClient() });
    expect(app.frame()).toContain('loading provider locations…');
    expect(app.frame()).toContain('connecting…');
    expect(app.frame()).toMatchSnapshot();
  });

  it('data today: countries only, most providers first, o sorts by name', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    const rows = listLines(app.frame());
    expect(rows.every((r) => /^[› ] {2}country ▸ /.test(r))).toBe(true);
    const counts = rows.map((r) => Number(r.match(/(\d+)$/)?.[1]));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(app.frame()).toMatch(
      /\d+ places with providers · counts: quality pool, not all online · → opens a country/,
    );
    expect(app.frame()).toMatchSnapshot();
    // Why the countries add up to less than the Network pane's providers online: said on screen.
    expect(app.frame()).toContain(POOL_NOTE);
    const places = await app.client.providerLocations();
    const pooled = places.locations!.reduce((sum, l) => sum + (l.provider_count ?? 0), 0);
    expect(pooled).toBeLessThan((await app.client.networkStats()).providers_summary!);
    // o then n: by name (the footer lists p providers, n name while o waits).
    await app.press('o', 'n');
    expect(app.frame()).toContain('sort name');
    const names = listLines(app.frame()).map((r) =>
      // The demo network's blocked country is marked ⊘ (blocked.test.tsx).
      r.replace(/^[› ] {2}country[▸⊘ ]+/, '').replace(/\s+[A-Z]{2}( · blocked)?\s+\d+$/, ''),
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('data in the seed era: groups first, then countries, regions and cities with counts', async () => {
    app = await renderApp({ sim: { era: 'seed' } });
    await app.waitFor('places with providers');
    const rows = listLines(app.frame());
    expect(rows[0]).toMatch(/^› {2}group/);
    const lastGroup = rows.map((r) => r.includes('group')).lastIndexOf(true);
    expect(rows.findIndex((r) => r.includes('country'))).toBeGreaterThan(lastGroup);
    await app.press('o', 'o');
    const groups = listLines(app.frame())
      .filter((r) => r.includes('group'))
      .map((r) => r.replace(/^[› ][● ] group( ★)?\s+/, '').replace(/\s+[\d ]+$/, ''));
    expect(groups).toEqual([...groups].sort((a, b) => a.localeCompare(b)));
  });

  it('→ opens a country in place with its top regions and cities, ← closes it', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    const country = listLines(app.frame())[0].match(/country ▸ (\S+( \S+)*?)\s{2,}/)?.[1];
    await app.press('right');
    await app.waitFor('▾');
    const rows = listLines(app.frame());
    expect(rows[0]).toContain(`country ▾ ${country}`);
    const children = rows.slice(1).filter((r) => /^ {3}(region|city)\s/.test(r));
    expect(children.length).toBeGreaterThan(2);
    expect(children.some((r) => r.includes('region'))).toBe(true);
    expect(children.some((r) => r.includes('city'))).toBe(true);
    for (const child of children) expect(child).toMatch(/\d+$/);
    expect(app.frame()).toMatchSnapshot();
    // A child can be marked and sent like any row.
    await app.press('j', 'space');
    expect(Object.values(app.stores.discovery.getState().marked)[0].spec.location_id).toBeDefined();
    await app.press('h');
    expect(listLines(app.frame())[0]).toContain(`country ▸ ${country}`);
    expect(app.stores.discovery.getState().cursor).toBe(0);
    expect(listLines(app.frame())[1]).toMatch(/^ {3}country ▸/);
  });

  it('shows a count the service did not send as unknown, not 0', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const listed = {
      groups: [{ location_group_id: id(1), name: 'Strong Privacy', promoted: true }],
      locations: [{ location_id: id(2), location_type: 'country', name: 'Elbonia', country_code: 'eb' }],
    } as LocationResult;
    app = await renderApp({
      wrapClient: (client) => withOverrides(client, { providerLocations: async () => listed }),
    });
    await app.waitFor('places with providers');
    const rows = listLines(app.frame());
    expect(rows[0]).toMatch(/group ★\s+Strong Privacy\s+\?$/);
    expect(rows[1]).toMatch(/country ▸ Elbonia\s+EB\s+\?$/);
    expect(app.frame()).toContain('? count not sent');
  });

  it('error: a failed load says so in the pane; r retries', async () => {
    app = await renderApp({ start: false });
    app.sim.admin.setFaults({ error_rate: 1, status: 503 });
    void app.stores.discovery.getState().start();
    await app.waitFor('✗ provider locations');
    expect(app.frame()).toContain('HTTP 503');
    expect(app.frame()).toMatch(/retrying in \d+ s/);
    expect(app.frame()).toMatchSnapshot();
    app.sim.admin.setFaults({});
    await app.press('r');
    await app.waitFor('places with providers');
    expect(app.frame()).not.toContain('✗');
  });

  it('a failed refresh keeps the previous rows beside the error line', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    const before = listLines(app.frame());
    app.sim.admin.setFaults({ error_rate: 1, status: 500 });
    await app.press('r');
    await app.waitFor('✗ provider locations');
    expect(listLines(app.frame())).toEqual(before);
  });

  it('search as you type today: the demo knows its service has no find-locations (no 404 to tell), find-provider-locations answers', async () => {
    const calls = counted('findLocations');
    app = await renderApp({ wrapClient: calls.wrap });
    await app.waitFor('places with providers');
    await app.press('/');
    await app.type('germ');
    expect(app.frame()).toContain('/ germ');
    expect(app.frame()).toContain('searching…');
    await app.clock.advance(SEARCH_DEBOUNCE_MS);
    await app.waitFor('matches');
    expect(app.frame()).not.toMatch(/404|find-locations/);
    expect(calls.asked).toBe(0);
    const rows = listLines(app.frame());
    expect(rows[0]).toMatch(/country\s+Germany\s+DE\s+\d+\s+0$/);
    expect(app.frame()).toContain('DIST');
    // The distance setting no longer applies: not shown.
    expect(app.frame()).not.toContain('distance default');
    expect(app.frame()).toMatchSnapshot();
    await app.type('a');
    await app.clock.advance(SEARCH_DEBOUNCE_MS);
    await app.waitFor('matches');
    expect(app.frame()).not.toContain('no find-locations');
  });

  it('search as you type in the seed era: debounced find-locations, match distance and type shown', async () => {
    app = await renderApp({ sim: { era: 'seed' } });
    await app.waitFor('places with providers');
    await app.press('/');
    await app.type('germ');
    await app.clock.advance(SEARCH_DEBOUNCE_MS);
    await app.waitFor('matches');
    const rows = listLines(app.frame());
    expect(rows[0]).toMatch(/country\s+Germany\s+DE\s+\d+\s+0$/);
    expect(app.frame()).toContain('distance default');
    expect(app.frame()).toMatchSnapshot();
  });

  it('keys typed into the search box are text: q does not quit, 1 does not switch panes', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('/', 'q', '1', 'j');
    expect(app.frame()).toContain('/ q1j');
    expect(app.stores.session.getState().quitting).toBe(false);
    expect(activePane(app.stores.session.getState()).id).toBe('discover');
    expect(app.stores.discovery.getState().query).toBe('q1j');
    await app.press('backspace', 'esc');
    expect(app.stores.discovery.getState().query).toBe('q1');
    // Out of the box, keys are keys again: esc clears the search, 2 switches panes.
    await app.press('esc');
    expect(app.stores.discovery.getState().query).toBe('');
    await app.press('2');
    expect(app.stores.session.getState().activePane).toBe('providers');
  });

  it('keys that arrive in one chunk go where they would one by one: into the box, then to the list', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('/ger');
    expect(app.stores.discovery.getState().query).toBe('ger');
    await app.clock.advance(SEARCH_DEBOUNCE_MS);
    await app.waitFor('matches');
    await app.press('\r j');
    const state = app.stores.discovery.getState();
    expect(state.query).toBe('ger');
    expect(Object.keys(state.marked)).toHaveLength(1);
    // space marks and moves down, j moves again.
    expect(state.cursor).toBe(2);
  });

  it('empty: a search with no match says so', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('/');
    await app.type('zzqxv');
    await app.clock.advance(SEARCH_DEBOUNCE_MS);
    await app.waitFor('no matches for "zzqxv"');
    expect(app.frame()).toMatchSnapshot();
  });

  it('a, <, >: only active providers, and a stricter or looser distance from the default (seed era)', async () => {
    app = await renderApp({ sim: { era: 'seed' } });
    await app.waitFor('places with providers');
    await app.press('>');
    // The first asks the service whether it has find-locations.
    await app.waitFor('distance 0.3');
    await app.press('<', '<');
    await app.waitFor('distance 0.1');
    await app.press('a');
    await app.waitFor('only active');
    await app.press('>');
    await app.waitFor('distance default');
    expect(app.stores.discovery.getState().distanceFraction).toBeUndefined();
  });

  it('<, > say why they do nothing once the service has no find-locations', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('/', 'b', 'e', 'r', 'enter');
    await app.waitFor('matches');
    await app.press('>');
    await app.waitFor('this service has no find-locations: its search takes no match distance');
    expect(app.stores.discovery.getState().distanceFraction).toBeUndefined();
  });

  it('<, > and a before any search, on a service without find-locations: say so, change nothing', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    const header = () =>
      app!
        .frame()
        .split('\n')
        .find((line) => line.startsWith('/ '));
    await app.press('<');
    await app.waitFor('this service has no find-locations: its search takes no match distance');
    await app.press('a');
    await app.waitFor('this service has no find-locations: its search lists only places with providers');
    await app.press('>');
    await app.waitFor('this service has no find-locations: its search takes no match distance');
    // Known now: the header shows no distance at all (it does not apply).
    expect(header()).not.toMatch(/distance|only active/);
    expect(app.stores.discovery.getState().distanceFraction).toBeUndefined();
    expect(app.stores.discovery.getState().onlyActive).toBe(false);
  });

  it('a UUID query shows the device, which can be marked', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    const id = '7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    await app.press('/');
    await app.type(id);
    await app.press('enter');
    await app.waitFor('1 match ·');
    expect(listLines(app.frame())[0]).toContain(`device  ${id}`);
    expect(listLines(app.frame())[0]).not.toContain('?');
    await app.press('space');
    expect(listLines(app.frame())[0]).toMatch(/^›● device/);
    expect(app.frame()).toContain('1 marked');
  });

  it('space marks rows; enter sends the marked specs to Providers, which samples them', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('space');
    // space marks and moves down.
    expect(app.stores.discovery.getState().cursor).toBe(1);
    await app.press('k', 'space', 'G');
    await app.press('space', 'k', 'space');
    expect(app.frame()).toContain('2 marked');
    expect(listLines(app.frame()).filter((l) => l[1] === '●')).toHaveLength(2);
    await app.press('b');
    expect(app.frame()).toContain('+ best available');
    await app.press('enter');
    expect(app.stores.session.getState().activePane).toBe('providers');
    await app.waitFor(/\d+ seen · 1 batch/);
    expect(
      app.stores.providers
        .getState()
        .specs.map((s) => s.spec)
        .at(-1),
    ).toEqual({ best_available: true });
    expect(app.frame()).toMatch(/for .+, .+, b/);
  });

  it('draws hostile server strings without their escape sequences', async () => {
    const hostile = {
      groups: [
        { location_group_id: 'g1', name: 'Evil\u001b]0;owned\u0007 group\u001b[2J', provider_count: 3 },
      ],
      locations: [
        {
          location_id: 'c1',
          location_type: 'country',
          name: 'Bad\u001b[31mland\u0000',
          country_code: 'b\u001b[Hd',
          provider_count: 2,
        },
      ],
    } as LocationResult;
    app = await renderApp({
      wrapClient: (client) => withOverrides(client, { providerLocations: async () => hostile }),
    });
    await app.waitFor('places with providers');
    const raw = app.stdout.lastFrame();
    expect(raw).not.toMatch(/\u001b\]|\u001b\[2J|\u001b\[H|\u0000|\u0007/);
    expect(app.frame()).toContain('Evil group');
    expect(app.frame()).toContain('Badland');
  });
});

describe('Discover pane, more', () => {
  it('a service whose find-locations answers nothing: the query is asked of find-provider-locations', async () => {
    app = await renderApp({
      // The seed era's service: today's has no find-locations at all (the demo knows its era).
      sim: { era: 'seed' },
      wrapClient: (client) =>
        withOverrides(client, {
          findLocations: async () => ({ groups: [], locations: [], devices: [] }) as LocationResult,
        }),
    });
    await app.waitFor('places with providers');
    await app.press('/');
    expect(app.frame()).toContain('typing: enter done · esc leave');
    await app.type('germany');
    await app.press('enter');
    await app.waitFor('find-locations found nothing');
    expect(listLines(app.frame()).some((r) => /country\s+Germany/.test(r))).toBe(true);
    // Only that query: find-locations is asked again next time (it still exists).
    expect(app.stores.discovery.getState().findLocationsGone).toBe(false);
    expect(app.frame()).toContain('distance default');
  });

  it('a failed search shows the service’s answer, and the list stays', async () => {
    app = await renderApp({
      wrapClient: (client) =>
        // Today's service searches with find-provider-locations (the demo knows it has no find-locations).
        withOverrides(client, {
          findProviderLocations: async () => {
            throw new ApiError('http', 'find provider locations: 503 busy', { status: 503, body: 'busy' });
          },
        }),
    });
    await app.waitFor('places with providers');
    await app.press('/', 'b', 'e', 'r', 'enter');
    await app.waitFor('✗ search failed');
    expect(app.frame()).toContain('HTTP 503: busy');
  });

  it('a list of 10 000 locations: G reaches the last row, the frame keeps its size', async () => {
    const locations = Array.from({ length: 10_000 }, (_, i) => ({
      location_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      location_type: 'city',
      name: `City ${String(i).padStart(5, '0')}`,
      country: 'Testland',
      provider_count: 10_000 - i,
    }));
    app = await renderApp({
      wrapClient: (client) =>
        withOverrides(client, {
          providerLocations: async () => ({ locations }) as unknown as LocationResult,
        }),
    });
    await app.waitFor('10,000 places with providers');
    expect(app.frame()).toContain('1 Discover 10,000');
    await app.press('G');
    const lines = app.frame().split('\n');
    expect(lines).toHaveLength(39);
    expect(noBar(lines.find((l) => l.startsWith('›')) ?? '')).toMatch(/City 09999\s+Testland\s+1$/);
    await app.press('pgup', 'k');
    expect(app.stores.discovery.getState().cursor).toBe(10_000 - 1 - 33 - 1);
  });
});

describe('a search the service cannot narrow', () => {
  it('says so for another script and one character (nothing asked); two keep their starts; exact and prefix first', async () => {
    const calls = counted('findProviderLocations');
    app = await renderApp({ wrapClient: calls.wrap });
    await app.waitFor('places with providers');
    const search = async (query: string) => {
      app!.stores.discovery.getState().setQuery(query);
      await app!.clock.advance(SEARCH_DEBOUNCE_MS);
      await app!.waitFor(() => !app!.stores.discovery.getState().search.loading);
    };
    await search('東京');
    await app.waitFor('no place is named in the letters of "東京": place names are in Latin letters only');
    expect(listLines(app.frame())).toHaveLength(1);
    await search('t');
    await app.waitFor('one character is too short to narrow the places');
    expect(calls.asked).toBe(0);

    await search('de');
    await app.waitFor(/only names and codes starting with "de" \(\d+ other matches left out\)/);
    expect(listLines(app.frame())[0]).toMatch(/^› {2}country Germany\s+DE\s/);
    expect(app.frame()).not.toMatch(/country Belgium/);

    // Accents fold both ways; the place named as the query comes before those it starts.
    await search('sao paulo');
    await app.waitFor(/matches/);
    expect(listLines(app.frame())[0]).toMatch(/^› {2}(city|region) +São Paulo\s/);
    await search('SÃO');
    await app.waitFor(/matches/);
    expect(listLines(app.frame())[0]).toMatch(/São Paulo/);
  });
});

describe('the search box cursor', () => {
  // The tests run without colours (FORCE_COLOR=0); the cursor is an inverse cell, so here
  // chalk draws attributes and the frame is read with them.
  const level = chalk.level;
  beforeEach(() => {
    chalk.level = 1;
  });
  afterEach(() => {
    chalk.level = level;
  });
  /** The search line as drawn, with the inverse cell (the cursor) in [ ]. */
  const searchLine = (a: Rendered) =>
    (
      a.stdout
        .lastFrame()
        .split('\n')
        .find((l) => l.includes('/ ')) ?? ''
    )
      .replace(/\u001b\[7m(.*?)\u001b\[27m/g, '[$1]')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .replace(/\s{2,}.*$/, '');

  it('←/→, Home/End and ctrl-a/ctrl-e move; typing, backspace and delete work at the cursor', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('/');
    await app.type('brln');
    expect(searchLine(app)).toBe('/ brln[ ]');
    await app.press('left', 'left', 'left');
    expect(searchLine(app)).toBe('/ b[r]ln');
    await app.type('e');
    expect(searchLine(app)).toBe('/ be[r]ln');
    await app.press('right', 'right', 'right');
    await app.type('i');
    expect(app.stores.discovery.getState().query).toBe('berlni');
    await app.press('left', 'backspace');
    expect(searchLine(app)).toBe('/ berl[i]');
    await app.press('ctrl-a');
    expect(searchLine(app)).toBe('/ [b]erli');
    await app.press('delete', 'end', 'backspace', 'home');
    expect(app.stores.discovery.getState().query).toBe('erl');
    await app.press('ctrl-e');
    await app.type('in');
    expect(app.stores.discovery.getState().query).toBe('erlin');
    // ← and → stayed in the box: no country opened, still Discover.
    expect(Object.keys(app.stores.discovery.getState().expanded)).toEqual([]);
    expect(app.stores.session.getState().focus).toBeDefined();
  });

  it('ctrl-u and ctrl-w act before the cursor; a paste goes in at the cursor', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('/');
    await app.type('new york');
    await app.press('left', 'left', 'left', 'left', 'ctrl-w');
    expect(app.stores.discovery.getState().query).toBe('york');
    expect(searchLine(app)).toBe('/ [y]ork');
    await app.press('end', 'left', 'left');
    // Several characters in one input event: a paste.
    await app.press('XYZ');
    expect(app.stores.discovery.getState().query).toBe('yoXYZrk');
    expect(searchLine(app)).toBe('/ yoXYZ[r]k');
    await app.press('ctrl-u');
    expect(app.stores.discovery.getState().query).toBe('rk');
    expect(searchLine(app)).toBe('/ [r]k');
  });

  it('a long query scrolls to keep the cursor in view, never wider than the line', async () => {
    app = await renderApp({ cols: 60, rows: 15 });
    await app.waitFor('places with providers');
    await app.press('/');
    const long = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    await app.press(long);
    const end = searchLine(app);
    expect(end).toMatch(/XYZ\[ \]$/);
    expect(end).not.toContain('abc');
    await app.press('home');
    const start = searchLine(app);
    expect(start).toMatch(/^\/ \[a\]bcdef/);
    expect(start).not.toContain('XYZ');
    for (const line of app.frame().split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });
});
