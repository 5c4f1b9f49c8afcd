// `netdeck adopt` as a device's owner runs it on a terminal: the built binary in a
// pseudo-terminal pointed at a simulator, no token; the six words and the minutes left
// show, and a real ctrl-c (the terminal's, not an injected abort) withdraws the code.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { BUSINESS_TEXT } from '../../src/contract/messages.ts';
import { type Session, spawnNetdeck } from './harness.ts';

let sim: Simulator;
let session: Session | undefined;
beforeAll(async () => {
  sim = await createSimulator({ seed: 3, era: 'current', providers: 300, locations: 40, ownProviders: 4 });
});
afterAll(() => sim?.close());
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('netdeck adopt on a terminal', () => {
  it('shows the words and the minutes left; ctrl-c withdraws the code and exits 130', async () => {
    session = await spawnNetdeck({
      args: ['adopt', '--name', 'attic pi'],
      env: { NETDECK_API_URL: sim.url },
      cols: 100,
      rows: 40,
    });
    await session.waitFor('ctrl-c withdraws it', 15_000);
    const words = /netdeck devices add ([a-z]+(?: [a-z]+){5})/.exec(session.screen())?.[1];
    expect(words, session.screen()).toBeDefined();
    const status = () =>
      fetch(`${sim.url}/device/adopt-status`, {
        method: 'POST',
        body: JSON.stringify({ adopt_code: words }),
      }).then((res) => res.json());
    expect(await status()).toEqual({ pending: true });
    await session.keys('ctrl-c');
    expect(await session.exited(5_000)).toBe(130);
    expect(session.raw).toContain('stopped: the code is withdrawn');
    expect(await status()).toEqual({ error: { message: BUSINESS_TEXT.invalidAdoptCode } });
  });
});
