// `netdeck proxy create`'s WireGuard outputs and the checks made before any request, in
// process on a demo world: --wg-out writes a private wg-quick file named as an interface,
// --qr draws the configuration (or, on a terminal too small, says what it needs and what
// else works), and bad input never reaches the service.
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { balanceCodeProblem } from '../../src/store/balance-code.ts';
import {
  countryPlace,
  ipProblem,
  placeOfDescription,
  proxyDescription,
} from '../../src/store/proxy-place.ts';
import { startFixture } from '../api/fixture.ts';
import { run, tempDir } from './harness.ts';

const dir = tempDir();
afterAll(() => dir.cleanup());

describe('proxy create --wg', () => {
  it('--wg-out FILE.conf: a wg-quick file, mode 0600, its private key the answer’s', async () => {
    const file = join(dir.path, 'urnet-de.conf');
    const made = await run(['proxy', 'create', '--country', 'de', '--wg', '--wg-out', file, '--json']);
    expect(made.code, made.stderr).toBe(0);
    const wg = JSON.parse(made.stdout).proxy_config_result.wg_config;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(`${wg.config}\n`);
    expect(readFileSync(file, 'utf8')).toMatch(/^\[Interface\]\nPrivateKey = [A-Za-z0-9+/]{43}=\n/);
  });

  it('--qr draws the configuration; a terminal too small says so and offers --wg-out (exit 1)', async () => {
    const piped = await run(['proxy', 'create', '--country', 'de', '--wg', '--qr']);
    expect(piped.code).toBe(0);
    expect(piped.stdout.split('\n').filter((line) => /[▀▄█]/.test(line)).length).toBeGreaterThan(20);
    const small = await run(['proxy', 'create', '--country', 'de', '--wg', '--qr'], { tty: true });
    expect(small.code).toBe(1);
    expect(small.stderr).toMatch(
      /the terminal is 120x24; the WireGuard QR code needs \d+x\d+: enlarge it, or write the file with --wg-out FILE\.conf/,
    );
    // The proxy was made all the same: its URLs are out.
    expect(small.stdout).toMatch(/^ {2}HTTP {7}http:\/\/[0-9A-V]{58}@localhost:\d+$/m);
  });

  it.each([
    [['--country', 'xx'], 'not a country code netdeck knows'],
    [['--country', 'de', '--location', '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47'], 'one of them'],
    [['--location', 'berlin'], 'is not a valid location id'],
    [['--country', 'de', '--lock-ip', '10.0.0.0/33'], 'a prefix length is a whole number from 0 to 32'],
    [['--country', 'de', '--wg', '--wg-out', 'this-is-far-too-long.conf'], 'must be 1 to 15 letters'],
    [['--country', 'de', '--wg', '--wg-out', 'urnet.txt'], 'only files ending in .conf'],
    [['--country', 'de', '--qr'], '--qr needs --wg'],
  ])('proxy create %j is refused before any request (exit 2)', async (args, why) => {
    // No simulator to ask: a request would fail with another exit code.
    const noService = async () => {
      throw new Error('a request was about to be made');
    };
    const result = await run(['proxy', 'create', ...args], { deps: { createSimulator: noService } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(why);
  });
});

describe('what netdeck refuses before asking', () => {
  it('lock entries: addresses and prefixes as the service parses them', () => {
    for (const ok of ['1.2.3.4', '10.0.0.1/8', '2001:db8::1', '2001:db8::/32', 'fe80::1%eth0', '0.0.0.0/0'])
      expect(ipProblem(ok), ok).toBeUndefined();
    for (const bad of ['1.2.3', '300.1.1.1', '10.0.0.0/33', '1.2.3.4/', '::1/129', '1.2.3.4/8/8', ' 1.2.3.4'])
      expect(ipProblem(bad), bad).toBeDefined();
  });

  it('a country by its code; the place written into the description and read back', () => {
    expect(countryPlace('DE')).toEqual({ text: 'Germany (DE)', countryCode: 'de' });
    expect(countryPlace('zz')).toBeUndefined();
    expect(countryPlace('eu')).toBeUndefined();
    const place = countryPlace('jp')!;
    expect(placeOfDescription(proxyDescription(place))).toBe('Japan (JP)');
    expect(placeOfDescription(proxyDescription(place, 'scraper'))).toBe('Japan (JP)');
    expect(proxyDescription(place, 'scraper')).toBe('scraper · proxy in Japan (JP)');
    expect(placeOfDescription("Aidan's pi")).toBeUndefined();
  });

  it('a balance code: only what cannot be one (empty, not printable, over 128 characters); case kept', () => {
    expect(balanceCodeProblem('abcdEFGH234567')).toBeUndefined();
    expect(balanceCodeProblem('')).toMatch(/cannot be empty/);
    expect(balanceCodeProblem('ABC DEF')).toMatch(/printable/);
    expect(balanceCodeProblem('ABC\u001b[2J')).toMatch(/printable/);
    expect(balanceCodeProblem('A'.repeat(129))).toMatch(/at most 128/);
  });
});

describe('a proxy whose token is no token', () => {
  it('proxy list --show-secrets keeps it masked and says why; nothing of it reaches the terminal raw', async () => {
    const hostile = 'ABC\u001b]52;c;c2VjcmV0\u0007DEF';
    const fixture = await startFixture(() => ({
      body: {
        clients: [
          {
            client_id: '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47',
            device_name: 'proxy in Germany (DE)',
            proxy_client: { auth_token: hostile, http_proxy_url: 'http://proxy.example:8080' },
          },
        ],
      },
    }));
    try {
      const result = await run(['proxy', 'list', '--show-secrets', '--json'], {
        env: { NETDECK_API_URL: fixture.url, NETDECK_TOKEN: 'header.claims.signature' },
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(
        /stays masked: the service answered with a proxy's token netdeck cannot use/,
      );
      expect(result.stdout + result.stderr).not.toContain('\u001b');
      expect(JSON.parse(result.stdout).clients[0].proxy_client.auth_token).toMatch(/…\(22 chars\)…DEF$/);
    } finally {
      await fixture.close();
    }
  });
});

describe('ip --via a proxy that does not answer', () => {
  it('ends in a time-out (exit 1), never hangs', async () => {
    // A proxy that takes the connection and says nothing.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const clientId = '3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47';
    const fixture = await startFixture(() => ({
      body: {
        clients: [
          {
            client_id: clientId,
            device_name: 'proxy in Germany (DE)',
            proxy_client: { auth_token: 'A'.repeat(58), http_proxy_url: `http://127.0.0.1:${port}` },
          },
        ],
      },
    }));
    try {
      const result = await run(['ip', '--via', clientId], {
        env: { NETDECK_API_URL: fixture.url, NETDECK_TOKEN: 'header.claims.signature' },
        // The command's 15 s, shortened: the test seam's options come last.
        deps: {
          clientOptions: { retries: 0, deadlineMs: 300, headersTimeoutMs: 300, connectTimeoutMs: 300 },
        },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `^netdeck: through the proxy in Germany \\(DE\\) \\(${clientId}\\): .*no complete answer within 0\\.3 s`,
        ),
      );
    } finally {
      await fixture.close();
      silent.close();
    }
  });
});
