// Commands against a server whose texts are made to act on a terminal: an OSC 52
// clipboard write, an OSC 0 title, a clear-screen, a C1 CSI, a bidi override, raw CR/LF.
// None reaches the terminal raw: not in tables, errors, retry notes, nor in --json.
import { afterEach, describe, expect, it } from 'vitest';
import { type Fixture, type Handler, startFixture } from '../api/fixture.ts';
import { RAW_CONTROL } from '../hostile.ts';
import { run } from './harness.ts';

const HOSTILE = 'x\u001b]52;c;c2VjcmV0\u0007\u001b]0;title\u0007\u001b[2J\u009b31m\u202eevil\r\nnext';
const OWN_COLOURS = /\u001b\[(?:1|2|22|31|32|33|36|39)m/g;

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function against(handler: Handler, argv: string[], tty = true) {
  fixture = await startFixture(handler);
  return run(argv, {
    tty,
    env: {
      NETDECK_API_URL: fixture.url,
      NETDECK_TOKEN: 'header.claims.signature',
      XDG_CONFIG_HOME: '/nonexistent',
    },
    deps: { clientOptions: { retries: 1, retryBaseDelayMs: 1 } },
  });
}

const inert = (text: string) => {
  const visible = text.replace(OWN_COLOURS, '');
  expect(visible).not.toMatch(RAW_CONTROL);
  expect(visible).not.toContain('\u001b');
};

describe('server text through the commands', () => {
  it('an error body of a 4xx: one inert line', async () => {
    const result = await against(() => ({ status: 400, body: HOSTILE }), ['wallet']);
    expect(result.code).toBe(1);
    inert(result.stderr);
    expect(result.stderr).toContain('payout wallet: 400 xevil | next');
  });

  it('a 401 body of any length: cut, inert', async () => {
    const result = await against(() => ({ status: 401, body: HOSTILE.repeat(20_000) }), ['devices']);
    expect(result.code).toBe(3);
    inert(result.stderr);
    expect(result.stderr.length).toBeLessThan(600);
  });

  it('retry notes of a 5xx with raw CR/LF', async () => {
    const result = await against(
      (_r, i) => (i === 0 ? { status: 503, body: HOSTILE } : { body: {} }),
      ['stats', 'network'],
    );
    expect(result.code).toBe(0);
    inert(result.stderr);
    expect(result.stderr).toContain('network stats: 503 xevil | next; retrying in');
  });

  it('the key path of an answer of the wrong shape', async () => {
    const result = await against(
      () => ({ body: { providers_data: { [HOSTILE]: 'not a number' } } }),
      ['stats', 'network'],
    );
    expect(result.code).toBe(1);
    inert(result.stderr);
    expect(result.stderr).toContain('unexpected response at providers_data.xevil | next');
  });

  it('created_time of stats providers: a hostile or impossible time shows as unknown', async () => {
    for (const created_time of [HOSTILE, '+275760-09-13T00:00:00.001Z']) {
      const result = await against(
        () => ({ body: { created_time, providers: [{ client_id: HOSTILE, connected: true }] } }),
        ['stats', 'providers'],
      );
      expect(result.code).toBe(0);
      inert(result.stdout);
      expect(result.stdout.replace(OWN_COLOURS, '')).toMatch(/as of +unknown/);
      await fixture?.close();
      fixture = undefined;
    }
  });

  it('--json on a terminal: C1, bidi and DEL escaped, the JSON still the same value', async () => {
    const wallet = `a\u009b2Jb\u202ec\u007fd\u2028e\u001b[2J`;
    const result = await against(() => ({ body: { wallet_id: wallet } }), ['wallet', '--json']);
    expect(result.code).toBe(0);
    inert(result.stdout);
    expect(result.stdout).toContain('\\u009b');
    expect(result.stdout).toContain('\\u202e');
    expect(JSON.parse(result.stdout)).toEqual({ wallet_id: wallet });
  });

  it('a 301 is reported with where it points', async () => {
    const result = await against(
      () => ({ status: 301, headers: { location: 'https://api.example.org/' }, body: '' }),
      ['wallet'],
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'payout wallet: the service answered 301, a redirect to https://api.example.org/',
    );
    expect(result.stderr).not.toContain('HTTP 301');
  });
});

describe('arguments echoed in usage errors', () => {
  const argvs: string[][] = [
    [`--bogus${HOSTILE}`],
    ['locations', `--nope${HOSTILE}`],
    ['--seed', `7${HOSTILE}`],
    ['providers', '--rank', HOSTILE, '--best'],
    [`lo${HOSTILE}`],
    ['help', `lo${HOSTILE}`],
    ['completion', HOSTILE],
  ];
  it.each(argvs)('usage error %#: its echo inert', async (...argv) => {
    const result = await run(argv, { tty: true });
    expect(result.code).toBe(2);
    inert(result.stderr);
    expect(result.stderr).toMatch(/^error: /);
    expect(result.stderr.split('\n')[0]).toContain('xevil | next');
  });
});
