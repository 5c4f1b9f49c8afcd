// `netdeck wallet`, `wallet set ID` and `netdeck feedback` against the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeedback } from '../../src/cli/commands/feedback.ts';
import { FEEDBACK_NEEDS } from '../../src/contract/schemas.ts';
import { run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

describe('netdeck wallet', () => {
  it('shows the payout wallet; wallet set changes it to another wallet of the account', async () => {
    const before = await run(['wallet', '--json'], { env: fx.env });
    expect(before.code).toBe(0);
    const current = JSON.parse(before.stdout).wallet_id as string | undefined;
    const wallets = fx.sim.admin.codes().wallets.map((w) => w.wallet_id);
    const next = wallets.find((id) => id !== current)!;
    expect(next).toBeDefined();

    // Upper case is accepted and sent in the service's lower-case form.
    const set = await run(['wallet', 'set', next.toUpperCase()], { env: fx.env });
    expect(set.code).toBe(0);
    expect(set.stdout).toBe(`Payout wallet set to ${next}.\n`);

    const table = await run(['wallet'], { env: fx.env });
    expect(table.stdout).toBe(`${next}\n`);
    const setJson = await run(['wallet', 'set', current ?? next, '--json'], { env: fx.env });
    expect(JSON.parse(setJson.stdout)).toEqual({});
  });

  it('a wallet the network does not own is refused (exit 4, current era); a malformed id a usage error (exit 2)', async () => {
    const current = await startSimFixture({ era: 'current' });
    const foreign = await run(['wallet', 'set', '00000000-0000-4000-8000-000000000000'], {
      env: current.env,
    });
    await current.close();
    expect(foreign.code).toBe(4);
    expect(foreign.stderr).toMatch(/^netdeck: Wallet must be an active wallet owned by the network\.\n$/);
    // The seed era stored any id.
    const seed = await startSimFixture({ era: 'seed' });
    const stored = await run(['wallet', 'set', '00000000-0000-4000-8000-000000000000'], { env: seed.env });
    await seed.close();
    expect(stored.code).toBe(0);
    const malformed = await run(['wallet', 'set', 'my-wallet'], { env: fx.env });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/"my-wallet" is not a valid wallet id/);
  });
});

describe('netdeck feedback', () => {
  it('sends every known flag, true for the chosen ones', () => {
    const request = buildFeedback({ use: ['business'], need: ['block-ads', 'zero_trust'], other: ' more ' });
    expect(request.uses).toEqual({ personal: false, business: true });
    expect(Object.keys(request.needs!)).toEqual([...FEEDBACK_NEEDS, 'other']);
    expect(request.needs).toMatchObject({ block_ads: true, zero_trust: true, private: false, other: 'more' });
  });

  it('prints a confirmation, or the response JSON', async () => {
    const sent = await run(['feedback', '--use', 'personal', '--need', 'private', '--need', 'block_ads'], {
      env: fx.env,
    });
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/^Feedback sent( \(id [0-9a-f-]+\))?\.\n$/);
    const json = await run(['feedback', '--other', 'faster exits in Lisbon', '--json'], { env: fx.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toBeTypeOf('object');
  });

  it('refuses unknown names and empty feedback (exit 2), listing the names it knows', async () => {
    const unknown = await run(['feedback', '--need', 'teleport'], { env: fx.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--need "teleport" is not one of: private, safe, global/);
    const use = await run(['feedback', '--use', 'hobby'], { env: fx.env });
    expect(use.stderr).toMatch(/--use "hobby" is not one of: personal, business/);
    const empty = await run(['feedback'], { env: fx.env });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/nothing to send/);
  });
});
