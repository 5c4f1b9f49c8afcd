// What a command prints over several profiles when it streams its rows (providers --all's
// way; none of the commands that take --profiles streams today): --json gives each
// profile's lines as the list its result holds, --csv one table with the profile first, the
// aligned table each profile's streamed rows in its section; a failed profile says why.
import { describe, expect, it } from 'vitest';
import type { Field } from '../../src/cli/output/data-table.ts';
import type { CliIo } from '../../src/cli/output/io.ts';
import { loadJsonFilter } from '../../src/cli/output/jq-filter.ts';
import { keptOutput, type ProfileRun, printProfileRuns } from '../../src/cli/output/profile-output.ts';
import { createOutput, type OutputFlags } from '../../src/cli/output/writer.ts';

interface Row {
  id: string;
  gib: number;
}
const FIELDS: Field<Row>[] = [
  { header: 'ID', name: 'id', value: (r) => r.id },
  { header: 'GiB', name: 'gib', value: (r) => r.gib, align: 'right' },
];

/** Two profiles that stream rows and a third that failed, printed as the flags ask. */
function printed(flags: OutputFlags) {
  const written = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: { write: (chunk: string) => (written.stdout += chunk) },
    stderr: { write: (chunk: string) => (written.stderr += chunk) },
    env: {},
  };
  const out = createOutput(io, flags);
  const runs: ProfileRun[] = ['home', 'lab', 'old'].map((profile) => ({
    profile,
    network: 'demo',
    pieces: [],
  }));
  for (const [k, rows] of [
    [{ id: 'a', gib: 1 }],
    [
      { id: 'b', gib: 2 },
      { id: 'c', gib: 3 },
    ],
  ].entries()) {
    const print = keptOutput(out, runs[k], flags).stream(FIELDS, [4, 5]);
    for (const row of rows) print(row);
  }
  runs[2].error = 'not authorized';
  printProfileRuns(out, flags, runs);
  return written;
}

describe('rows streamed over several profiles', () => {
  it('--json: one object per profile, its result the list of its lines', () => {
    const lines = printed({ json: true })
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { profile: 'home', ok: true, result: [{ id: 'a', gib: 1 }] },
      {
        profile: 'lab',
        ok: true,
        result: [
          { id: 'b', gib: 2 },
          { id: 'c', gib: 3 },
        ],
      },
      { profile: 'old', ok: false, error: 'not authorized' },
    ]);
  });

  it('--csv: one header, the profile first; the aligned table: a section each', () => {
    expect(printed({ csv: true }).stdout).toBe('profile,id,gib\nhome,a,1\nlab,b,2\nlab,c,3\n');
    expect(printed({}).stdout).toBe(
      [
        'profile home (network demo)',
        'ID    GiB',
        'a     1',
        '',
        'profile lab (network demo)',
        'ID    GiB',
        'b     2',
        'c     3',
        '',
        'profile old (network demo)',
        'failed: not authorized',
        '',
      ].join('\n'),
    );
  });
});

describe('--fields, --jsonl and --jq over several profiles', () => {
  const jsonOf = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('--json=FIELDS: each profile’s result holds its rows’ fields; --jsonl: a row a line, the profile first', () => {
    expect(jsonOf(printed({ json: true, fields: ['gib'] }).stdout).slice(0, 2)).toEqual([
      { profile: 'home', ok: true, result: [{ gib: 1 }] },
      { profile: 'lab', ok: true, result: [{ gib: 2 }, { gib: 3 }] },
    ]);
    expect(jsonOf(printed({ jsonl: true }).stdout)).toEqual([
      { profile: 'home', id: 'a', gib: 1 },
      { profile: 'lab', id: 'b', gib: 2 },
      { profile: 'lab', id: 'c', gib: 3 },
    ]);
  });

  it('--csv --fields: the profile, then the fields picked; an unknown one is a usage error naming those there are', () => {
    expect(printed({ csv: true, fields: ['gib'] }).stdout).toBe('profile,gib\nhome,1\nlab,2\nlab,3\n');
    expect(() => printed({ csv: true, fields: ['nope'] })).toThrow(
      'no field "nope" here; the fields are: id, gib',
    );
  });

  it('--jq runs over each line: each profile’s object, or each row with --jsonl', async () => {
    const jqFilter = await loadJsonFilter('.profile');
    expect(printed({ json: true, jqFilter }).stdout).toBe('home\nlab\nold\n');
    const ids = await loadJsonFilter('"\\(.profile) \\(.id)"');
    expect(printed({ jsonl: true, jqFilter: ids }).stdout).toBe('home a\nlab b\nlab c\n');
  });
});
