// The README's tour of Discover, followed key by key in the demo as `npm start` opens it:
// each key does what the tour says it does, and the tour names these keys in this order
// (a tour rewritten without this test follows it fails here).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from '../ui/render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The keys (in backticks) of the tour's step that starts with `**name**`. */
function tourKeys(name: string): string[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const tour = readme.slice(readme.indexOf('## A two-minute tour'));
  const step = tour.split(/\n\d+\. /).find((text) => text.startsWith(`**${name}**`));
  return [...(step ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

const listRows = (frame: string) =>
  frame.split('\n').filter((line) => /^[› ][● ] (country|region|city) /.test(line));

describe('the README tour', () => {
  it('Discover: → opens a country, /ger then enter searches, esc clears, space marks, p sends, n and N sample', async () => {
    expect(tourKeys('Discover')).toEqual(['1', '→', '/ger', 'enter', 'esc', 'space', 'p', '2', 'n', 'N']);
    app = await renderApp({ cols: 120, rows: 40 });
    await app.waitFor('places with providers');
    await app.press('1');
    const country = listRows(app.frame())[0].match(/country ▸ (\S[^ ]*(?: \S+)*)/)![1];

    // →: the country under the cursor opens in place, its regions and cities under it.
    await app.press('right');
    await app.waitFor(`▾ ${country}`);
    expect(listRows(app.frame())[1]).toMatch(/^ {3}(region|city) {2,}\S/);

    // /ger, enter: places matching it, best match first; nothing about a 404.
    await app.press('/');
    await app.type('ger');
    await app.press('enter');
    await app.waitFor(/\d+ matches/);
    expect(listRows(app.frame())[0]).toMatch(/country\s+Germany\s+DE/);
    expect(app.frame()).not.toMatch(/404|no find-locations/);

    // esc: the search is cleared, the list of places is back.
    await app.press('esc');
    await app.waitFor('places with providers');
    expect(app.stores.discovery.getState().query).toBe('');

    // space marks the row; p sends it to Providers (2), which samples a first batch.
    await app.press('space');
    await app.waitFor('1 marked');
    await app.press('p');
    await app.waitFor(() => app!.stores.session.getState().activePane === 'providers');
    await app.waitFor(/\d+ seen · 1 batch/);

    // n: the next batch, none seen twice; N: every batch.
    await app.press('n');
    await app.waitFor(/\d+ seen · 2 batches/);
    await app.press('N');
    await app.waitFor(() => app!.stores.providers.getState().exhausted === true, 10_000);
    const seen = app.stores.providers.getState().seen.map((p) => p.client_id);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
