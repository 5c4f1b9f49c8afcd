// The console's login with an auth code, as a person does it: the built binary in a
// pseudo-terminal pointed at a simulator with no token, Devices says to press L, the
// code is pasted, the panes load, and the token is kept (0600) for the next start.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { createClient } from '../../src/api/client.ts';
import { type Session, spawnNetdeck } from './harness.ts';

let sim: Simulator;
let session: Session | undefined;
beforeAll(async () => {
  sim = await createSimulator({ seed: 3, era: 'current', providers: 600, locations: 80, ownProviders: 6 });
});
afterAll(() => sim?.close());
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('logging in from the console', () => {
  it('L on Devices, an auth code pasted, enter: the lists load and the token is kept for the next start', async () => {
    session = await spawnNetdeck({ env: { NETDECK_API_URL: sim.url }, cols: 110, rows: 32 });
    await session.waitFor(/Discover/, 15_000);
    await session.keys('3');
    await session.waitFor('Press L to log in with an auth code');
    await session.keys('L');
    await session.waitFor('Auth code:');

    const issuer = createClient({ baseUrl: sim.url, token: sim.token, retries: 0 });
    const { auth_code } = await issuer.authCodeCreate({ duration_minutes: 5 });
    await issuer.close();
    // Pasted: the whole code in one write.
    await session.keys(auth_code!);
    await session.waitFor(/Auth code: •{20,}/);
    expect(session.screen()).not.toContain(auth_code!.slice(0, 16));
    await session.keys('enter');
    await session.waitFor('✓ Logged in. The token is kept for the next start.');
    expect(session.lines()[0]).toMatch(/^netdeck · http:\/\/127\.0\.0\.1:\d+ · demo/);
    await session.keys('esc');
    await session.waitFor(/Shared by this network \(\d+\)/);

    const file = join(session.configHome, 'netdeck', 'logins', 'default.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(session.configHome, 'netdeck', 'logins')).mode & 0o777).toBe(0o700);
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    expect(kept.api_url).toBe(sim.url);
    // The console never drew the token.
    expect(session.raw).not.toContain(kept.token.split('.')[1].slice(0, 24));
    await session.keys('q');
    expect(await session.exited()).toBe(0);

    // The next start, with no API URL and no token given: the kept login is used, that of
    // the default profile, which the header names.
    const next = await spawnNetdeck({ env: { XDG_CONFIG_HOME: session.configHome }, cols: 110, rows: 32 });
    try {
      await next.waitFor(/places with providers/, 15_000);
      expect(next.lines()[0]).toMatch(/^netdeck · profile default · http:\/\/127\.0\.0\.1:\d+ · demo/);
      await next.keys('3');
      await next.waitFor(/Shared by this network \(\d+\)/);
      await next.keys('q');
      expect(await next.exited()).toBe(0);
    } finally {
      await next.close();
    }
  });
});
