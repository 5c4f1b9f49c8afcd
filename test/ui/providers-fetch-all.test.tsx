// `N` in the Providers pane, on the whole app: a place marked in Discover and sent, then
// every provider fetched in the largest batches with a progress line; n meanwhile says
// what is happening, esc stops (the batch in flight aborted), N goes on to the end.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { progressBar } from '../../src/ui/components/progress-bar.ts';
import { fetchAllLine } from '../../src/ui/panes/providers/providers-view.ts';
import { withOverrides } from './fakes.ts';
import { type Rendered, renderApp } from './render.tsx';

const KEYS = { back: 'esc' };

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

describe('progress line', () => {
  it('a bar in proportion, full only when done', () => {
    expect(progressBar(0, 100, 10)).toBe('░░░░░░░░░░');
    expect(progressBar(50, 100, 10)).toBe('█████░░░░░');
    expect(progressBar(99, 100, 10)).toBe('█████████░');
    expect(progressBar(100, 100, 10)).toBe('██████████');
    expect(progressBar(140, 100, 10)).toBe('██████████');
  });

  it('counts of the total when known, so far when not; never wider than the line', () => {
    expect(fetchAllLine(30, 3, { total: 100, about: false }, 100, KEYS)).toBe(
      `fetching every provider: 30 of 100 ${progressBar(30, 100, 30)} 30% · esc stops`,
    );
    expect(fetchAllLine(1200, 12, { total: 2213, about: true }, 100, KEYS)).toContain('1,200 of about 2,213');
    expect(fetchAllLine(30, 3, { about: false }, 80, KEYS)).toBe(
      'fetching every provider: 30 so far, 3 batches · esc stops',
    );
    for (const width of [30, 45, 60, 200])
      expect(fetchAllLine(30, 3, { total: 100, about: false }, width, KEYS).length).toBeLessThanOrEqual(
        width,
      );
  });
});

describe('Providers: N', () => {
  it('fetches every provider with a progress line; n says what is happening; esc stops; N goes on', async () => {
    // Every find-providers2 call waits until the test lets it go.
    const gates: (() => void)[] = [];
    const signals: AbortSignal[] = [];
    app = await renderApp({
      sim: { era: 'seed' },
      wrapClient: (client) =>
        withOverrides(client, {
          findProviders: (async (body, options) => {
            if (options?.signal) signals.push(options.signal);
            await new Promise<void>((resolve) => gates.push(resolve));
            return client.findProviders(body, options);
          }) as ApiClient['findProviders'],
        }),
    });
    await app.waitFor('places with providers');
    // The first country with 30 to 60 providers, marked and sent from Discover.
    const rows = app.stores.discovery.getState().rows;
    const index = rows.findIndex(
      (r) => r.kind === 'country' && (r.providerCount ?? 0) >= 30 && (r.providerCount ?? 0) <= 60,
    );
    const total = rows[index].providerCount!;
    for (let i = 0; i < index; i++) await app.press('j');
    await app.press('space', 'p');
    await app.waitFor('fetching 10 more…');
    const release = async () => {
      gates.shift()?.();
      // Until the next batch waits at its gate, or none is on its way.
      await app!.waitFor(() => gates.length > 0 || !app!.stores.providers.getState().loading);
    };
    await release();
    await app.waitFor('row 1 of 10 seen');

    await app.press('N');
    await app.waitFor(`fetching every provider: 10 of ${total}`);
    expect(app.frame()).toMatch(new RegExp(`10 of ${total} [█░]+ \\d+% · esc stops`));
    // n and N while it runs: no second stream of requests, a word on what is going on.
    const requests = signals.length;
    await app.press('n', 'N');
    // The reason in the footer, the progress line as it was.
    expect(app.frame().split('\n').at(-1)).toBe('already fetching every provider (esc stops)');
    expect(app.frame()).toContain(`fetching every provider: 10 of ${total}`);
    expect(signals.length).toBe(requests);

    await app.press('esc');
    expect(signals.at(-1)!.aborted).toBe(true);
    await app.waitFor('stopped fetching: 10 seen (N goes on)');
    expect(app.stores.providers.getState()).toMatchObject({ fetchingAll: undefined, loading: false });

    await app.press('N');
    for (let i = 0; i < 20 && !app.stores.providers.getState().exhausted; i++) await release();
    await app.waitFor('every matching provider seen');
    expect(app.stores.providers.getState().seen).toHaveLength(total);
    expect(app.frame()).toContain(`row 1 of ${total} seen`);
    expect(app.frame()).toContain('exhausted');
    // Exhausted: N says so and sends nothing.
    const after = signals.length;
    await app.press('N');
    expect(app.frame().split('\n').at(-1)).toBe('every matching provider has been seen (x starts over)');
    expect(signals.length).toBe(after);
  });
});
