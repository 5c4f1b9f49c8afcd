// What a command prints over several profiles when it streams its rows (providers --all's
// way; none of the commands that take --profiles streams today): --json gives each
// profile's lines as the list its result holds, --csv one table with the profile first, the
// aligned table each profile's streamed rows in its section; a failed profile says why.
import { describe, expect, it } from 'vitest';
import type { Field } from '../../src/cli/output/data-table.ts';
import type { CliIo } from '../../src/cli/output/io.ts';
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
    const print = keptOutput(out, runs[k]).stream(FIELDS, [4, 5]);
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
