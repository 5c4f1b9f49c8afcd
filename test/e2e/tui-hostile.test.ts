// The console against a simulator the test controls (as `--api-url`): hostile names from
// the server are drawn inert with the layout intact, and a server that goes away and comes
// back is shown as offline, keeps the last data, and recovers by itself.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/index.ts';
import { type Session, spawnNetdeck } from './harness.ts';

// One signing key for every simulator here: a restarted one (like `--key-file`) accepts the old token.
const WORLD = {
  seed: 3,
  providers: 400,
  locations: 150,
  ownProviders: 6,
  admin: true,
  signingKey: new Uint8Array(32).fill(2),
};
let session: Session | undefined;
const sims: Simulator[] = [];
afterEach(async () => {
  await session?.close();
  session = undefined;
  while (sims.length) await sims.pop()?.close();
});

async function simulator(port?: number) {
  const sim = await createSimulator({ ...WORLD, port });
  sims.push(sim);
  return sim;
}

describe('console against a hostile or flaky server', () => {
  it('draws names with escape sequences, bidi overrides and wide characters inert, layout intact', async () => {
    const sim = await simulator();
    // Share two of the demo network's devices under hostile names: the server hands the
    // names back in /device/associations, as a careless or hostile service could.
    const call = (path: string, body?: unknown) =>
      fetch(`${sim.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${sim.token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json());
    const { providers } = (await call('/stats/providers')) as { providers: { client_id: string }[] };
    for (const [i, device_name] of [
      '\x1b[2J\x1b]0;pwned\x07\x1b[10;10Hevil',
      `\u202e${'表示'.repeat(40)}\x1b]52;c;c2VjcmV0\x07`,
    ].entries()) {
      await call('/device/create-share-code', { client_id: providers[i].client_id, device_name });
    }
    session = await spawnNetdeck({ args: ['--api-url', sim.url, '--token', sim.token], cols: 100, rows: 30 });
    await session.keys('3');
    const screen = await session.waitFor('Shared by this network');
    expect(screen).toContain('evil');
    expect(screen).toContain('表示');
    // No title set, nothing for the clipboard, the screen not cleared under the header.
    expect(session.titles).toEqual([]);
    expect(session.raw).not.toContain('\x1b]52;');
    expect(session.lines()[0]).toContain(sim.url);
    expect(session.lines()[1]).toMatch(/^1 Disc(over)? /);
    // Every row fits the terminal: wide characters were cut by their width, not their count.
    for (const line of session.lines()) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('shows the server offline, keeps the last data, and recovers when it is back on the same port', async () => {
    const first = await simulator();
    const port = Number(new URL(first.url).port);
    session = await spawnNetdeck({
      args: ['--api-url', first.url, '--token', first.token],
      cols: 100,
      rows: 30,
    });
    await session.keys('3');
    await session.waitFor(/● online/);
    const before = await session.waitFor('Shared by this network');
    await first.close();
    sims.length = 0;
    await session.keys('r');
    const offline = await session.waitFor(/● retrying in \d+ s/, 20_000);
    // The last good data stays on screen.
    expect(offline).toContain('Shared by this network');
    const restarted = await simulator(port);
    expect(restarted.url).toBe(first.url);
    await session.keys('r');
    await session.waitFor(/● online/, 20_000);
    // The same lists again (waited for: the frame that says online may still be drawing them).
    await session.waitFor(before.split('\n').find((line) => line.includes('Shared by this network'))!);
  });
});
