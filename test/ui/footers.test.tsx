// The footer offers what acts now: a question once answered offers closing it, a view
// that hides the table offers none of the table's keys, Providers says its keys once.
import { afterEach, describe, expect, it } from 'vitest';
import { footerOf, type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

describe('the footer offers what acts now', () => {
  it('a yes/no question answered offers closing it, not “yes, do it”', async () => {
    app = await renderApp({ pane: 'account' });
    await app.waitFor('Wallets (');
    await app.press('j', 'enter');
    await app.waitFor('Make it the payout wallet?');
    expect(footerOf(app.frame())).toContain('y/enter yes, do it');
    await app.press('y');
    await app.waitFor('✓ Payout wallet set to');
    expect(footerOf(app.frame())).not.toContain('yes, do it');
    expect(footerOf(app.frame())).toContain('y/enter/n/esc close');
  });

  it('the provider detail offers no sort or filter keys (the table is not shown)', async () => {
    app = await renderApp({ pane: 'myProviders' });
    await app.waitFor('connected now');
    expect(footerOf(app.frame())).toMatch(/\/ filter/);
    await app.press('enter');
    await app.waitFor('esc back');
    expect(footerOf(app.frame())).not.toMatch(/sort|filter/);
  });

  it('Providers names its keys once (the footer)', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('enter');
    await app.waitFor(/\d+ seen/);
    const lines = app.frame().split('\n');
    expect(lines.filter((line) => /\bn next batch\b/.test(line))).toHaveLength(1);
  });
});
