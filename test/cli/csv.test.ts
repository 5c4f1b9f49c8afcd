// --csv: RFC 4180 records with a header row, cells inert and formulas neutralised, on
// every command that prints a table; --json with --csv is a usage error.
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../src/cli/output/csv.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { linesOf, run, smallDemo } from './harness.ts';

const deps = { createSimulator: smallDemo() };

/** A minimal RFC 4180 reader for one record (quotes, doubled quotes, commas). */
function parseRecord(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') cell += line[++i];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

describe('csv cells', () => {
  it('quotes commas, quotes and line breaks; neutralises formulas; numbers stay numbers', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain'])).toBe('"a,b","say ""hi""","two\nlines",plain');
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '=HYPERLINK("http://x")'])
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('1,727')).toBe('1727');
    expect(csvCell('12,345,678.50')).toBe('12345678.50');
    expect(csvCell('\u001b[32monline\u001b[39m')).toBe('online');
  });
});

describe('--csv', () => {
  it('stats providers: a header row and one record per provider, figures as numbers', async () => {
    const result = await run(['stats', 'providers', '--csv', '--quiet'], { deps });
    expect(result.code).toBe(ExitCode.ok);
    const records = linesOf(result.stdout).map(parseRecord);
    expect(records[0]).toEqual([
      'CLIENT ID',
      'STATE',
      'UPTIME h',
      'TRANSFER GiB',
      'PAYOUT USDC',
      'SEARCHES',
      'CONTRACTS',
      'CLIENTS',
      'MODE',
    ]);
    expect(records.length).toBeGreaterThan(1);
    for (const record of records.slice(1)) {
      expect(record).toHaveLength(9);
      expect(record[5]).toMatch(/^\d+$/);
    }
  });

  it('every command that prints a table takes it', async () => {
    for (const argv of [
      ['locations'],
      ['devices'],
      ['clients'],
      ['wallet', 'list'],
      ['stats', 'network'],
      ['stats', 'providers', '--last', '7d'],
      ['config'],
    ]) {
      const result = await run([...argv, '--csv', '--quiet'], { deps });
      expect(result.code, argv.join(' ')).toBe(ExitCode.ok);
      expect(result.stdout, argv.join(' ')).toMatch(/^[A-Z][A-Z ()/a-z0-9]*(,[^,\n]+)+$/m);
      // No colour, no table padding.
      expect(result.stdout).not.toMatch(/\u001b| {3,}/);
    }
  });

  it('--json and --csv together are a usage error', async () => {
    const result = await run(['stats', 'network', '--json', '--csv'], { deps });
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('--json and --csv cannot be used together');
  });
});
