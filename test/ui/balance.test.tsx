// The data balance in Account (issue 34) on the whole app against the simulator: its line
// (bytes, not USDC), `b`'s dialog offering the demo's unredeemed codes, a code checked
// (what it holds) and redeemed on the second enter, the line loaded again.
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

describe('Account: the data balance', () => {
  it('shows the balance; b offers the demo codes, checks one, redeems it on enter, and the balance grows', async () => {
    app = await renderApp({ cols: 100, rows: 32, pane: 'account' });
    const { waitFor, frame, press, stores, sim } = app;
    await waitFor(/^Data balance .* of .* · bytes, not USDC · b redeems a code$/m);
    expect(frame()).toMatchSnapshot('the balance');
    const before = stores.balance.getState().data!.start_balance_byte_count!;
    const code = sim.demo.codes().balance_codes[0]!;

    await press('b');
    await waitFor('Redeem a balance code');
    await waitFor('Codes to try (demo simulator)');
    expect(frame()).toContain(code.secret);
    expect(frame()).toMatchSnapshot('the dialog');
    await press('down');
    expect(stores.balance.getState().form?.code).toBe(code.secret);
    await press('enter');
    await waitFor(/It holds .+ until .+\. enter redeems it/);
    await press('enter');
    await waitFor('✓ Redeemed:');
    expect(stores.balance.getState().data!.start_balance_byte_count).toBe(before + code.balance_byte_count);
    await press('enter');
    await waitFor(() => stores.session.getState().dialogs.length === 0);
  });
});
