// --csv is an output mode, not a style: every command that prints a table writes data
// only (one header, then records of raw values in the unit each column names, ISO 8601
// times, true/false, nothing as an empty cell) and what is not a record goes to stderr.
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../src/cli/output/csv.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { ScaledClock } from '../../src/clock.ts';
import { run, smallDemo } from './harness.ts';

const deps = { createSimulator: smallDemo() };
/** A demo world whose network has a hosted proxy (issue 34), for `proxy`'s lists. */
const smallWorld = smallDemo()!;
const withProxy = {
  createSimulator: async (options: Parameters<typeof smallWorld>[0]) => {
    const sim = await smallWorld(options);
    await fetch(`${sim.url}/network/auth-client`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        description: 'proxy in Germany (DE)',
        proxy_config: { initial_device_state: { country_code: 'de' } },
      }),
    });
    return sim;
  },
};
/** A demo world whose time runs (a simulated hour a real second): `adopt` sees the demo network add its code. */
const running = { createSimulator: smallDemo({ clock: new ScaledClock(3600) }) };

/** One RFC 4180 record (quotes, doubled quotes, commas); throws on a malformed one. */
function parseRecord(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') cell += line[++i];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      wasQuoted = false;
    } else if (c === '"' && cell === '' && !wasQuoted) quoted = wasQuoted = true;
    else if (c === '"' || wasQuoted) throw new Error(`not one RFC 4180 record: ${line}`);
    else cell += c;
  }
  if (quoted) throw new Error(`an unclosed quote: ${line}`);
  return [...cells, cell];
}

/** stdout as records: every line one record with the header's number of fields. */
function recordsOf(stdout: string, what: string): { header: string[]; rows: string[][] } {
  expect(stdout.endsWith('\n'), what).toBe(true);
  const [header, ...rows] = stdout.slice(0, -1).split('\n').map(parseRecord);
  for (const row of rows) expect(row, `${what}: ${row.join(',')}`).toHaveLength(header.length);
  return { header, rows };
}

/** Any cell a person's table would hold and data does not. */
const FORMATTED = [
  { what: 'a dash for nothing', test: (cell: string) => cell === '-' || cell === "'-" || cell === '–' },
  { what: 'a mark', test: (cell: string) => /[★…✓✗]/.test(cell) },
  {
    what: 'a number with a unit',
    test: (cell: string) => /^-?\d[\d,.]*\s*(?:[KMGTP]i?B|B|h|%|[KMG]?B\/s|[KMG]i?bit\/s)$/.test(cell),
  },
  { what: 'a time for people', test: (cell: string) => / UTC$|^since /.test(cell) },
  { what: 'a thousands separator', test: (cell: string) => /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(cell) },
  {
    what: 'a date that is not ISO 8601',
    test: (cell: string) =>
      /^\d{4}-\d{2}-\d{2}/.test(cell) && !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{3})?Z)?$/.test(cell),
  },
];

/** A command's CSV; `warns`: the one warning it gives even with --quiet (a new API key's). */
async function csvOf(argv: string[], warns?: RegExp) {
  const world = argv[0] === 'adopt' ? running : argv[0] === 'proxy' ? withProxy : deps;
  const result = await run([...argv, '--csv', '--quiet'], { deps: world });
  const what = argv.join(' ');
  expect(result.code, `${what}: ${result.stderr}`).toBe(ExitCode.ok);
  // stdout is only the CSV: with --quiet nothing else is said.
  if (warns) expect(result.stderr, what).toMatch(warns);
  else expect(result.stderr, what).toBe('');
  return recordsOf(result.stdout, what);
}

/** Commands that act print what they did as one record (issue 26: every new command). */
const WARNS: Record<string, RegExp> = {
  'api-keys create': /^netdeck: warning: the service shows a key this once[^\n]*\n$/,
};

/** A provider of the demo network (the same in every fresh demo world of the seed). */
async function ownProvider(): Promise<string> {
  const { header, rows } = await csvOf(['stats', 'providers']);
  return rows[0][header.indexOf('client_id')];
}

describe('csv cells', () => {
  it('quotes commas and quotes; a line break is a space; formulas in text are neutralised', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain', ' padded'])).toBe(
      '"a,b","say ""hi""",two lines,plain," padded"',
    );
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '=HYPERLINK("http://x")', '-'])
      expect(csvCell(formula).replace(/^"/, '').startsWith("'"), formula).toBe(true);
    expect(csvCell('\u001b[32monline\u001b[39m')).toBe('online');
  });

  it('writes numbers as numbers (a negative one never prefixed), booleans as true/false, nothing as nothing', () => {
    expect(csvLine([-5, -0.25, 1727, 12345678.5, 0.1 + 0.2, true, false, undefined, null, Number.NaN])).toBe(
      '-5,-0.25,1727,12345678.5,0.3,true,false,,,',
    );
  });
});

describe('--csv on every table command, demo data', () => {
  it('one header, then records of raw values; nothing a person reads in place of data', async () => {
    const provider = await ownProvider();
    const apiKey = (await csvOf(['api-keys'])).rows[0][2];
    const commands = [
      ['locations'],
      ['locations', '--query', 'ger'],
      ['--era', 'seed', 'locations', '--query', 'ger'],
      ['providers', '--best', '--count', '5'],
      ['providers', '--best', '--all'],
      ['devices'],
      ['clients'],
      ['wallet', 'list'],
      ['stats', 'providers'],
      ['stats', 'providers', '--last', '7d'],
      ['stats', 'provider', provider],
      ['stats', 'provider', provider, '--last', '30d'],
      ['stats', 'network'],
      ['config'],
      ['config', 'profiles'],
      // issue 26, groups 4, 5 and the network user
      ['network'],
      ['blocked'],
      ['api-keys'],
      // issue 26, groups 3 and 6
      ['clients', '--stale', '12h'],
      ['clients', 'remove', '--stale', '12h', '--yes'],
      ['clients', 'add', '--name', 'csv box'],
      ['adopt', '--name', 'csv box'],
      // Issue 26, groups 1 and 2.
      ['earnings'],
      ['--era', 'seed', 'earnings'],
      ['payments'],
      ['reliability'],
      ['reliability', '--all'],
      ['leaderboard'],
      ['ranking'],
      ['ranking', '--visible', 'on'],
      // What the actions did, one record each.
      ['block', 'fr'],
      ['unblock', 'de'],
      ['network', 'rename', 'csv-lab'],
      ['api-keys', 'create', 'csv'],
      ['api-keys', 'remove', apiKey],
      // issue 34
      ['proxy'],
      ['proxy', 'list'],
      ['proxy', 'create', '--country', 'de'],
      ['balance'],
      ['balance', 'codes'],
      ['ip'],
    ];
    // Every command that takes --csv (the completion script lists each command's options) is here.
    const completion = await run(['completion', 'bash'], { deps });
    const withCsv = [...completion.stdout.matchAll(/^ {4}'([a-z ]+)'\) candidates=\(.*'--csv'/gm)].map(
      (m) => m[1],
    );
    expect(withCsv.length).toBeGreaterThanOrEqual(9);
    for (const path of withCsv)
      expect(
        commands.some((argv) =>
          argv
            .filter((word) => /^[a-z]+$/.test(word))
            .join(' ')
            .startsWith(path),
        ),
        path,
      ).toBe(true);

    for (const argv of commands) {
      const what = argv.join(' ');
      const { header, rows } = await csvOf(argv, WARNS[argv.slice(0, 2).join(' ')]);
      for (const name of header) expect(name, what).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(new Set(header).size, what).toBe(header.length);
      expect(rows.length, what).toBeGreaterThan(0);
      for (const row of rows)
        for (const cell of row)
          for (const { what: kind, test } of FORMATTED)
            expect(test(cell), `${what}: ${kind}: ${cell}`).toBe(false);
    }
  }, 60_000);

  it('an action’s record says what it did, in the words of the service’s fields', async () => {
    const blocked = await csvOf(['block', 'fr']);
    expect(blocked.header).toEqual(['location_id', 'name', 'country_code', 'blocked', 'changed']);
    expect(blocked.rows).toEqual([
      [expect.stringMatching(/^[0-9a-f-]{36}$/), 'France', 'fr', 'true', 'true'],
    ]);
    const renamed = await csvOf(['network', 'rename', 'csv-lab']);
    expect(renamed.rows).toEqual([['csv-lab', 'demo', 'true']]);
    const made = await csvOf(['api-keys', 'create', 'ci'], WARNS['api-keys create']);
    expect(made.header).toEqual(['id', 'name', 'api_key']);
    expect(made.rows[0].slice(1)).toEqual(['ci', expect.stringMatching(/^urn_/)]);
  });

  it('a command of several tables is one table: a column says which section or kind a row is', async () => {
    const devices = await csvOf(['devices']);
    expect(devices.header[0]).toBe('section');
    expect(new Set(devices.rows.map((row) => row[0]))).toEqual(
      new Set(['incoming_shared', 'outgoing_shared']),
    );
    const places = await csvOf(['--era', 'seed', 'locations', '--query', 'ger']);
    const types = new Set(places.rows.map((row) => row[places.header.indexOf('type')]));
    expect(types.has('group')).toBe(true);
    expect(types.has('country')).toBe(true);
  });

  it('values are the service’s, in the unit the column names', async () => {
    const network = await csvOf(['stats', 'network']);
    const answer = JSON.parse((await run(['stats', 'network', '--json', '--quiet'], { deps })).stdout);
    // Today has no transfer until something moved (the service leaves the day out): an empty cell.
    for (const [day, ...figures] of network.rows.slice(0, 2)) {
      expect(figures.at(network.header.indexOf('transfer_bytes') - 1)).toBe(
        String(answer.all_transfer_data[day] ?? ''),
      );
    }

    const wallets = await csvOf(['wallet', 'list']);
    const listed = JSON.parse((await run(['wallet', 'list', '--json', '--quiet'], { deps })).stdout);
    const payout = wallets.rows.find((row) => row[wallets.header.indexOf('payout')] === 'true');
    expect(payout?.[wallets.header.indexOf('wallet_id')]).toBe(listed.payout_wallet_id);
    for (const row of wallets.rows) expect(row[wallets.header.indexOf('payout')]).toMatch(/^(true|false)$/);

    const stats = await csvOf(['stats', 'providers']);
    const sent = JSON.parse((await run(['stats', 'providers', '--json', '--quiet'], { deps })).stdout);
    const first = sent.providers.find(
      (p: { client_id: string }) => p.client_id === stats.rows[0][stats.header.indexOf('client_id')],
    );
    expect(Number(stats.rows[0][stats.header.indexOf('transfer_gib')])).toBeCloseTo(
      first.transfer_data_last_24h,
      9,
    );
    expect(Number(stats.rows[0][stats.header.indexOf('uptime_hours')])).toBeCloseTo(first.uptime_last_24h, 9);
  });

  it('summaries and notes go to stderr, never among the records', async () => {
    const result = await run(['clients', '--csv'], { deps });
    expect(result.stderr).toMatch(/^netdeck: \d+ clients?, \d+ connected$/m);
    expect(result.stdout).not.toMatch(/connected\n?$|demo simulator/);
    const { rows } = recordsOf(result.stdout, 'clients');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('--json and --csv together are a usage error', async () => {
    const result = await run(['stats', 'network', '--json', '--csv'], { deps });
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('--json and --csv cannot be used together');
  });
});
