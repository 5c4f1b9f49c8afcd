// Input that is damaged or absurd gets a reason, never a raw JavaScript error: a damaged
// places file (`Invalid array length`), a 10 MB adoption code from the service (`Data too
// long` from the QR encoder after seconds of work), a 300-character profile name
// (`ENAMETOOLONG` naming the temporary login file), and `--profile ''` (which silently
// meant the default profile).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CITY_CHARS, places } from '../../simulator/world/places.ts';
import { PlacesFileError, placesFromFile } from '../../simulator/world/places-file.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { qrLines } from '../../src/format/qr-lines.ts';
import { type Fixture, startFixture } from '../api/fixture.ts';
import { run } from '../cli/harness.ts';
import { scratchDir } from '../scratch-dir.ts';

describe('a damaged places file', () => {
  const PLACES = new URL('../../node_modules/.cache/netdeck/places.txt', import.meta.url);
  /** The file's sections, to damage one and write the file again (header sizes made to fit). */
  const sections = () => {
    const bytes = readFileSync(fileURLToPath(PLACES));
    const header = bytes.indexOf(10);
    const [key, ...sizes] = bytes.subarray(0, header).toString().split(' ');
    const starts = sizes.map((_, k) => header + 1 + sizes.slice(0, k).reduce((sum, n) => sum + Number(n), 0));
    const [regions, names, columns] = starts.map((start, k) =>
      bytes.subarray(start, start + Number(sizes[k])).toString(),
    );
    return { key, regions, names, columns };
  };
  type Sections = ReturnType<typeof sections>;
  const file = (s: Sections, sizes?: number[]) => {
    const parts = [s.regions, s.names, s.columns].map((text) => Buffer.from(text));
    const header = `${s.key} ${(sizes ?? parts.map((p) => p.length)).join(' ')}\n`;
    return placesFromFile(Buffer.concat([Buffer.from(header), ...parts]));
  };
  const damaged = (change: (s: Sections) => Sections) => file(change(sections()));

  it('reads as it was: the first cities, each of a known region', () => {
    const world = places(1000, file(sections()));
    expect(world.count).toBe(1000);
    expect(world.name).toHaveLength(1000);
  });

  it.each([
    [
      'columns cut within a city',
      (s: Sections): Sections => ({ ...s, columns: s.columns.slice(0, 10 * CITY_CHARS + 4) }),
      /columns are not 16 characters a city/,
    ],
    [
      'a character of the columns that is no digit',
      (s: Sections): Sections => ({ ...s, columns: `!${s.columns.slice(1)}` }),
      /character 0 of its columns is no base-64 digit/,
    ],
    [
      'a city in a region that is not there',
      (s: Sections): Sections => ({ ...s, columns: `///${s.columns.slice(3)}` }),
      /city 0 is in region 262143 of \d+/,
    ],
    [
      'a region of no known country',
      (s: Sections): Sections => ({ ...s, regions: `zz${s.regions.slice(2)}` }),
      /region 0 is of no known country/,
    ],
    [
      'fewer names than cities',
      (s: Sections): Sections => ({ ...s, names: s.names.split('\n').slice(0, 500).join('\n') }),
      /names 500 of 1000 cities/,
    ],
  ])('%s: a reason, naming the remedy', (_name, change, reason) => {
    const data = damaged(change);
    expect(() => places(1000, data)).toThrow(PlacesFileError);
    expect(() => places(1000, data)).toThrow(reason);
    expect(() => places(1000, data)).toThrow(/npm run build writes it again/);
  });

  it('a header whose sizes are negative but add up: not a places file', () => {
    const s = sections();
    const lengths = [s.regions, s.names, s.columns].map((text) => Buffer.byteLength(text));
    expect(() => file(s, [lengths[0] + lengths[2] + 5, lengths[1], -5])).toThrow(/is cut short or not one/);
  });
});

describe('a 10 MB adoption code from the service', () => {
  let fixture: Fixture | undefined;
  afterEach(async () => {
    await fixture?.close();
  });

  it('is refused for its length before anything shows it or draws its QR code', async () => {
    const code = 'abandon '.repeat(1_250_000);
    fixture = await startFixture((request) => ({
      body: request.path.startsWith('/device/create-adopt-code')
        ? { adopt_code: code, adopt_secret: 's' }
        : {},
    }));
    const result = await run(['adopt', '--name', 'pi'], {
      tty: true,
      env: { NETDECK_API_URL: fixture.url, XDG_CONFIG_HOME: scratchDir() },
    });
    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toContain('createAdoptCode: the code is 10,000,000 characters long, no code');
    expect(result.stderr).not.toContain('Data too long');
    expect(result.stderr.length).toBeLessThan(500);
    // It was withdrawn? Nothing to withdraw: it was never shown to anyone.
    expect(fixture.requests.map((r) => r.path)).toEqual(['/device/create-adopt-code']);
  });

  it('a QR code of a text longer than any QR code holds is refused at once, saying so', () => {
    expect(() => qrLines('x'.repeat(3000))).toThrow('too long for a QR code: 3000 characters');
    expect(qrLines('x'.repeat(100)).length).toBeGreaterThan(10);
  });
});

describe('profile names', () => {
  const env = () => ({ HOME: scratchDir(), XDG_CONFIG_HOME: scratchDir() });

  it("--profile '' is a usage error (it meant the default profile)", async () => {
    for (const argv of [
      ['whoami', '--profile', ''],
      ['logout', '--profile', ' '],
      ['--profile', '', 'devices'],
    ]) {
      const result = await run(argv, { env: env() });
      expect(result.code, argv.join(' ')).toBe(ExitCode.usage);
      expect(result.stderr).toContain("--profile '' names no profile");
    }
  });

  it('a 300-character name is a usage error saying the limit, before any file is named after it', async () => {
    const name = 'p'.repeat(300);
    const login = await run(['login', '--profile', name, '--api-url', 'http://127.0.0.1:9', '--code', 'x'], {
      env: env(),
    });
    const logout = await run(['logout'], { env: { ...env(), NETDECK_PROFILE: name } });
    for (const result of [login, logout]) {
      expect(result.code).toBe(ExitCode.usage);
      expect(result.stderr).toContain('is 300 characters long: a profile name is at most 64 characters');
      expect(result.stderr).not.toMatch(/ENAMETOOLONG|\.tmp/);
    }
    const wide = await run(['logout', '--profile', 'é'.repeat(40)], { env: env() });
    expect(wide.code).toBe(ExitCode.usage);
    expect(wide.stderr).toContain('is 80 bytes (UTF-8) long');
  });

  it('a 64-character name is a profile', async () => {
    const result = await run(['logout', '--profile', 'p'.repeat(64)], { env: env() });
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stdout).toContain(`Not logged in (profile ${'p'.repeat(64)})`);
  });
});
