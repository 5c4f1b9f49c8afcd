// Discover's blocked countries on the whole app against the simulator: `B` blocks or
// unblocks the country under the cursor after a y/n question (a region's or city's: its
// country), blocked countries are marked `⊘`, and `F` shows only them.
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The demo network's blocked location ids, as the simulator holds them. */
const blockedIds = ({ sim }: Rendered) => sim.engine.world.blockedLocations.get(0) ?? [];

/** The list's row that names `name`. */
const rowOf = (frame: string, name: string) => frame.split('\n').find((line) => line.includes(` ${name} `));

describe.each([
  [80, 24],
  [120, 40],
])('Discover at %ix%i', (cols, rows) => {
  it('B asks, then blocks the country under the cursor: marked ⊘ and "blocked"', async () => {
    app = await renderApp({ cols, rows });
    await app.loaded();
    await app.waitFor('places with providers');
    const first = app.stores.discovery.getState().rows[0];
    await app.press('B');
    await app.waitFor('y yes · n no');
    expect(app.frame()).toContain('Block a country');
    expect(app.frame()).toContain(`Stop offering your network's providers to consumers in ${first.name}`);
    expect(app.frame()).toMatchSnapshot('the question');
    await app.press('y');
    await app.waitFor('✓ Blocked');
    expect(blockedIds(app)).toContain(first.id);
    await app.press('esc');
    await app.waitFor(`⊘ ${first.name}`);
    expect(rowOf(app.frame(), `⊘ ${first.name}`)).toMatch(/· blocked/);
    expect(app.frame()).toMatchSnapshot('marked');
  });

  it('F shows only the blocked countries; B there unblocks; F again shows every place', async () => {
    app = await renderApp({ cols, rows });
    await app.loaded();
    await app.waitFor('places with providers');
    const seeded = app.stores.blocked.getState().data ?? [];
    expect(seeded).toHaveLength(1);
    await app.press('F');
    await app.waitFor('1 blocked location');
    expect(app.frame()).toContain('only blocked');
    expect(app.frame()).toContain(`⊘ ${seeded[0].location_name}`);
    expect(app.frame()).toMatchSnapshot('only blocked');
    await app.press('B');
    await app.waitFor('Unblock a country');
    expect(app.frame()).toContain(
      `Offer your network's providers to consumers in ${seeded[0].location_name}`,
    );
    await app.press('y');
    await app.waitFor('✓ Unblocked');
    await app.press('esc');
    await app.waitFor('No blocked countries. F shows every place; B there blocks one.');
    expect(blockedIds(app)).toEqual([]);
    expect(app.frame()).toMatchSnapshot('none blocked');
    await app.press('F');
    await app.waitFor('places with providers');
  });
});

describe('B on a region or a city', () => {
  it('offers its country, says why, and n changes nothing', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.loaded();
    await app.waitFor('places with providers');
    const country = app.stores.discovery.getState().rows[0];
    await app.press('right');
    await app.waitFor(() => app!.stores.discovery.getState().rows.some((row) => row.child));
    await app.press('j');
    const region = app.stores.discovery.getState().rows[1];
    expect(region.child).toBe(true);
    await app.press('B');
    await app.waitFor('y yes · n no');
    expect(app.frame()).toContain(`consumers in ${country.name}`);
    expect(app.frame()).toContain(`${region.name} is a ${region.kind}: the service matches consumers by`);
    await app.press('n');
    expect(app.stores.session.getState().dialogs).toEqual([]);
    expect(blockedIds(app)).not.toContain(country.id);
    // Blocked, the country's places are marked too.
    await app.press('B', 'y');
    await app.waitFor('✓ Blocked');
    await app.press('esc');
    await app.waitFor(`⊘ ${region.name}`);
  });
});

describe('when B cannot act', () => {
  it('the seed era’s service has no blocked locations: B and F say so', async () => {
    app = await renderApp({ cols: 120, rows: 40, sim: { era: 'seed' } });
    await app.loaded();
    await app.waitFor(() => app!.stores.blocked.getState().error !== undefined);
    await app.press('B');
    expect(app.frame()).toContain('this service has no blocked locations');
    await app.press('F');
    expect(app.frame()).toContain('this service has no blocked locations');
    expect(app.stores.discovery.getState().onlyBlocked).toBe(false);
  });

  it('without a token, B says what is missing and offers a login', async () => {
    app = await renderApp({ cols: 120, rows: 40, loggedOut: true });
    await app.waitFor('places with providers');
    await app.press('B');
    expect(app.frame()).toContain(
      "Blocking a country needs your network's token, and none was given: L logs in",
    );
  });

  it('on a group or a device there is no country to block', async () => {
    app = await renderApp({ cols: 120, rows: 40, sim: { era: 'seed' } });
    await app.waitFor('places with providers');
    // The seed era's list starts with groups; its blocked locations are not there at all,
    // so a client of today's service answers for them.
    app.stores.blocked.setState({ data: [], error: undefined });
    await app.press('B');
    expect(app.frame()).toContain('B blocks a country: a group has none');
  });
});
