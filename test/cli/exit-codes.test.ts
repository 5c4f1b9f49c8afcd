// Exit codes 0-4, one-line errors on stderr, colour rules and token masking.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskToken } from '../../src/api/auth.ts';
import { closedPort, startFixture } from '../api/fixture.ts';
import { linesOf, run, type SimFixture, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

const ANSI = /\u001b\[/;

describe('exit codes', () => {
  it('0 on success', async () => {
    expect((await run(['wallet'], { env: fx.env })).code).toBe(0);
  });

  it('1 when the service cannot be reached, in one line', async () => {
    const port = await closedPort();
    const result = await run(['locations'], {
      env: { ...fx.env, NETDECK_API_URL: `http://127.0.0.1:${port}` },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('netdeck: provider locations: cannot reach the service (ECONNREFUSED)\n');
  });

  it('1 on a server failure, the body folded into one line', async () => {
    const fixture = await startFixture(() => ({
      status: 500,
      body: 'Could not fetch stats.\n  at handler (x.go:12)\n',
    }));
    try {
      const result = await run(['stats', 'network'], {
        env: { NETDECK_API_URL: fixture.url, XDG_CONFIG_HOME: fx.config.path },
      });
      expect(result.code).toBe(1);
      expect(linesOf(result.stderr)).toEqual([
        'netdeck: network stats: 500 Could not fetch stats. | at handler (x.go:12)',
      ]);
    } finally {
      await fixture.close();
    }
  });

  it('1 on a response of the wrong shape, with a hint', async () => {
    const fixture = await startFixture(() => ({ body: { wallet_id: 42 } }));
    try {
      const result = await run(['wallet'], { env: { ...fx.env, NETDECK_API_URL: fixture.url } });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^netdeck: payout wallet: unexpected response at wallet_id: .*\(is the API URL right\?\)\n$/,
      );
    } finally {
      await fixture.close();
    }
  });

  it('1 when no search answers: find-locations gone (said once), then find-provider-locations failing', async () => {
    const fixture = await startFixture(() => ({ status: 404, body: '404 page not found' }));
    try {
      const result = await run(['locations', '--query', 'ber'], {
        env: { ...fx.env, NETDECK_API_URL: fixture.url },
      });
      expect(result.code).toBe(1);
      expect(linesOf(result.stderr)).toEqual([
        'netdeck: this service has no find-locations (404): searching places with providers instead',
        'netdeck: find provider locations: 404 page not found',
      ]);
      expect(fixture.requests.map((r) => r.path)).toEqual([
        '/network/find-locations',
        '/network/find-provider-locations',
      ]);
    } finally {
      await fixture.close();
    }
  });

  it('4 for a refusal the service gives as a 500 with its reason; 1 for any other 500', async () => {
    const refusal = await startFixture(() => ({
      status: 500,
      body: 'Wallet must be an active wallet owned by the network.\n',
    }));
    const failure = await startFixture(() => ({
      status: 500,
      body: 'Error. Please email support@ur.io for help.\n',
    }));
    try {
      const wallet = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
      const refused = await run(['wallet', 'set', wallet], {
        env: { ...fx.env, NETDECK_API_URL: refusal.url },
      });
      expect(refused.code).toBe(4);
      expect(refused.stderr).toBe('netdeck: Wallet must be an active wallet owned by the network.\n');
      const failed = await run(['wallet', 'set', wallet], {
        env: { ...fx.env, NETDECK_API_URL: failure.url },
      });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toBe(
        'netdeck: set payout wallet: 500 Error. Please email support@ur.io for help.\n',
      );
    } finally {
      await refusal.close();
      await failure.close();
    }
  });

  it('2 on a bad flag, a missing argument or an unknown command, with the usage on stderr', async () => {
    for (const argv of [
      ['locations', '--nope'],
      ['wallet', 'set'],
      ['teleport'],
      ['stats', 'providers', 'extra'],
    ]) {
      const result = await run(argv, { env: fx.env });
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^error: .*\nUsage: netdeck/);
    }
  });

  it('3 with a token the service refuses, and with no token at all', async () => {
    const refused = await run(['devices'], { env: { ...fx.env, NETDECK_TOKEN: 'not-a-valid-token-at-all' } });
    expect(refused.code).toBe(3);
    // Both say how to log in.
    expect(refused.stderr).toMatch(
      /^netdeck: device associations: not authorized .*`netdeck login`.*netdeck config/,
    );
    const none = await run(['stats', 'providers'], { env: { ...fx.env, NETDECK_TOKEN: undefined } });
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(
      /needs a token: log in with `netdeck login`, or pass --token or --token-file/,
    );
  });

  it('4 when the service refuses in its body', async () => {
    const result = await run(['devices', 'add', 'zoo zoo zoo zoo zoo zoo'], { env: fx.env });
    expect(result.code).toBe(4);
  });

  it('2 for a token without an API URL', async () => {
    const result = await run(['locations'], {
      env: { NETDECK_TOKEN: 'some-token-value', XDG_CONFIG_HOME: fx.config.path },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^netdeck: a token is configured \(NETDECK_TOKEN\) but no API URL/);
  });
});

describe('colour', () => {
  it('colours a table on a terminal, not in a pipe and not with NO_COLOR', async () => {
    const tty = await run(['stats', 'providers'], { env: fx.env, tty: true });
    expect(tty.stdout).toMatch(ANSI);
    const noColor = await run(['stats', 'providers'], { env: { ...fx.env, NO_COLOR: '1' }, tty: true });
    expect(noColor.stdout).not.toMatch(ANSI);
    const pipe = await run(['stats', 'providers'], { env: fx.env });
    expect(pipe.stdout).not.toMatch(ANSI);
    // Same text apart from colour.
    expect(noColor.stdout).toBe(pipe.stdout);
    expect(tty.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(pipe.stdout);
  });

  it('never colours JSON or errors in a pipe', async () => {
    const json = await run(['devices', '--json'], { env: fx.env, tty: true });
    expect(json.stdout).not.toMatch(ANSI);
    const error = await run(['devices', 'share', '00000000-0000-4000-8000-000000000000'], { env: fx.env });
    expect(error.stderr).not.toMatch(ANSI);
  });
});

describe('the token is never printed in full', () => {
  it('not by config, errors or --json, even when the server echoes it back', async () => {
    const token = fx.sim.token;
    const echo = await startFixture((request) => ({
      status: request.path.includes('wallet') ? 401 : 500,
      body: `bad token ${request.headers.authorization}`,
    }));
    const tokenFile = join(fx.config.path, 'jwt');
    writeFileSync(tokenFile, token);
    chmodSync(tokenFile, 0o644);
    try {
      const runs = [
        await run(['config'], { env: fx.env }),
        await run(['config', '--json'], { env: fx.env }),
        await run(['config', '--token', token, '--api-url', fx.sim.url]),
        await run(['config', '--token-file', tokenFile, '--api-url', fx.sim.url]),
        await run(['devices', '--json'], { env: fx.env }),
        await run(['wallet'], { env: { ...fx.env, NETDECK_API_URL: echo.url } }),
        await run(['devices'], { env: { ...fx.env, NETDECK_API_URL: echo.url } }),
        await run(['locations', '--token', token]),
        await run(['locations', '--nope', '--token', token]),
        await run(['providers', '--location', token, '--token', token, '--api-url', fx.sim.url]),
      ];
      for (const result of runs) {
        expect(result.stdout + result.stderr).not.toContain(token);
      }
      // What is shown instead: the mask.
      expect(runs[0]!.stdout).toContain(maskToken(token));
      expect(runs[5]!.stderr).toContain(maskToken(token));
      expect(runs[5]!.code).toBe(3);
      // The token file others can read: a warning, without the token.
      expect(runs[3]!.stderr).toMatch(/warning: token file .* can be read by other users/);
    } finally {
      await echo.close();
    }
  });
});
