// A key that cannot act now is marked where keys are offered: `(p) send` in the footer
// and in `?` in every theme, and dim (SGR 2) where the theme dims, those hints alone. A key
// the service cannot serve at all (Discover's a, <, > without find-locations) leaves the
// footer; `?` and the palette say why, and the key says it too.
import { stripVTControlCharacters } from 'node:util';
import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { SEARCH_DEBOUNCE_MS } from '../../src/store/discovery.ts';
import {
  COLOR_THEME,
  LIGHT_THEME,
  MONO_THEME,
  PLAIN_THEME,
  type Theme,
  themeFor,
} from '../../src/ui/theme.ts';
import { withOverrides } from './fakes.ts';
import { footerOf, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

const NOTHING_TO_SEND = 'nothing to send: no place here to mark (try another search, or esc)';

/** Discover after a search that matched nothing, the search box left. */
async function noMatch(theme: Theme = PLAIN_THEME): Promise<Rendered> {
  const rendered = await renderApp({ theme });
  await rendered.waitFor('places with providers');
  await rendered.press('/');
  await rendered.type('zzqxv');
  await rendered.clock.advance(SEARCH_DEBOUNCE_MS);
  await rendered.waitFor('no matches for "zzqxv"');
  await rendered.press('enter');
  await rendered.waitFor(() => footerOf(rendered.frame()).includes('send to Providers'));
  return rendered;
}

/** The footer as written, escape codes and all. */
const rawFooter = (rendered: Rendered) =>
  rendered.stdout
    .lastFrame()
    .split('\n')
    .filter((line) => stripVTControlCharacters(line).trim())
    .at(-1) ?? '';

describe('a key that cannot act now', () => {
  it('p on an empty list is marked (p) in the footer and in ?, and says why when pressed', async () => {
    app = await noMatch();
    expect(footerOf(app.frame())).toMatch(
      /^\(p\) send to Providers {2}b best available {2}\(P\) proxy {2}\/ search {2}\(o\) sort/,
    );
    expect(app.frame()).toMatchSnapshot();
    await app.press('?');
    expect(app.frame()).toMatch(/\(p\)\s+send to Providers · nothing to send: no place here to mark/);
    await app.press('esc', 'p');
    expect(footerOf(app.frame())).toBe(NOTHING_TO_SEND);
    expect(app.stores.providers.getState().specs).toEqual([]);
  });

  it('is marked in text in every theme: light, mono and NO_COLOR as well', async () => {
    for (const theme of [LIGHT_THEME, MONO_THEME, themeFor({ NO_COLOR: '1' }, 'dark')]) {
      app = await noMatch(theme);
      expect(footerOf(app.frame()), theme.name).toContain('(p) send to Providers');
      await app.unmount();
      app = undefined;
    }
  });

  it('the dark theme dims the hints of keys that cannot act, and no other', async () => {
    // The tests run without colours (FORCE_COLOR=0): this render gets them, as a terminal would.
    const level = chalk.level;
    chalk.level = 3;
    try {
      app = await noMatch(COLOR_THEME);
      const footer = rawFooter(app);
      expect(footer).toContain('\u001b[2m(p) send to Providers\u001b[22m');
      // Dim: the hints of keys that cannot act (o too: a search shows the best match first).
      const dimmed = [...footer.matchAll(/\u001b\[2m(.*?)\u001b\[22m/g)].map((m) => m[1].trim());
      expect(dimmed).toEqual(['(p) send to Providers', '(P) proxy', '(o) sort']);
      const plain = stripVTControlCharacters(footer.replace(/\u001b\[2m.*?\u001b\[22m/g, ''));
      expect(plain).toContain('b best available  / search');
      expect(plain).toContain('r refresh  ? help  q/ctrl-c quit');
    } finally {
      chalk.level = level;
    }
  });
});

describe('a key the service cannot serve', () => {
  it('today’s demo has no find-locations: a, <, > leave the footer; ? and the palette say why', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    expect(footerOf(app.frame())).toMatch(/^p send to Providers {2}b best available/);
    expect(footerOf(app.frame())).not.toContain('only active');
    await app.press('?');
    const help = app.frame();
    expect(help).toMatch(
      /\(a\)\s+only active · this service has no find-locations: its search lists only places/,
    );
    expect(help).toMatch(/\(<\)\s+match distance: stricter \(find-locations only\) · this service has no/);
    expect(help).toMatch(/\(>\)\s+match distance: looser \(find-locations only\) · this service has no/);
    await app.press('esc', ':');
    await app.type('only active');
    expect(app.frame()).toMatch(
      /only active · this service has no find-locations: its search lists only.*Discover\s+\(a\)/,
    );
    await app.press('enter');
    expect(footerOf(app.frame())).toBe(
      'this service has no find-locations: its search lists only places with providers',
    );
    await app.press('>');
    expect(footerOf(app.frame())).toBe(
      'this service has no find-locations: its search takes no match distance',
    );
    expect(app.stores.discovery.getState().onlyActive).toBe(false);
    expect(app.stores.discovery.getState().distanceFraction).toBeUndefined();
  });

  it('a service whose find-locations answers 404 (the demo thought it had one): a leaves the footer once known', async () => {
    app = await renderApp({
      sim: { era: 'seed' },
      wrapClient: (client) =>
        withOverrides(client, {
          findLocations: async () => {
            throw new ApiError('http', 'HTTP 404: not found', { status: 404 });
          },
        }),
    });
    await app.waitFor('places with providers');
    expect(footerOf(app.frame())).toContain('a only active');
    await app.press('/', 'b', 'e', 'r', 'enter');
    await app.waitFor('no find-locations (404)');
    await app.press('esc');
    await app.waitFor(() => !footerOf(app!.frame()).includes('only active'));
    expect(footerOf(app.frame())).toMatch(/^p send to Providers {2}b best available/);
    await app.press('?');
    expect(app.frame()).toMatch(/\(a\)\s+only active · this service has no find-locations/);
  });
});
