// The examples' shell and how the script writes a block (scripts/docs-examples/): a line
// of a page is read as a shell reads it, or refused with its reason; a page's `...` and
// line-end `…` cuts are kept while the output still starts as the page shows it.
import { describe, expect, it } from 'vitest';
import { readExamples, withBodies } from '../../scripts/docs-examples/pages.ts';
import { expandWord, parseLine, type Word } from '../../scripts/docs-examples/shell-line.ts';
import { firstDifference, writtenBody } from '../../scripts/docs-examples/written-body.ts';

const expansion = {
  variable: (name: string) => ({ U: 'http://127.0.0.1:8080', A: 'X-Sim-Admin: s', '?': '4' })[name] ?? '',
  command: async (line: string) => `[${line}]\n`,
  home: '/home/me',
};
const words = (line: string) =>
  Promise.all(parseLine(line)[0].pipeline[0].words.map((word: Word) => expandWord(word, expansion)));

describe('a command line of a page', () => {
  it('is read as a shell reads it: quotes, variables, $(…), ~, comments', async () => {
    expect(await words(`curl -s -H "$A" $U/__sim/codes -d '{"seconds": 60}'   # a comment`)).toEqual([
      'curl',
      '-s',
      '-H',
      'X-Sim-Admin: s',
      'http://127.0.0.1:8080/__sim/codes',
      '-d',
      '{"seconds": 60}',
    ]);
    expect(await words(`echo $? "\${A}" '$A' ~/x "~/y" $(cat ~/t.jwt)`)).toEqual([
      'echo',
      '4',
      'X-Sim-Admin: s',
      '$A',
      '/home/me/x',
      '~/y',
      '[cat ~/t.jwt]',
    ]);
  });

  it('splits pipes, sequences, conditions and a background job; takes assignments and redirections', () => {
    const steps = parseLine(
      'NETDECK_TOKEN= netdeck wallet 2>&1 | wc -l; sleep 3 && netdeck watch > w.jsonl &',
    );
    expect(steps.map((step) => [step.pipeline.length, step.when, step.background])).toEqual([
      [2, 'always', false],
      [1, 'always', false],
      [1, 'ok', true],
    ]);
    const [wallet] = steps[0].pipeline;
    expect(wallet.assignments).toEqual([{ name: 'NETDECK_TOKEN', value: [] }]);
    expect(wallet.redirects).toEqual([{ fd: 2, to: '&1', append: false }]);
    expect(steps[2].pipeline[0].redirects).toEqual([{ fd: 1, to: [{ text: 'w.jsonl' }], append: false }]);
  });

  it('refuses what it would read otherwise than a shell, saying what', () => {
    expect(() => parseLine('ls *.md')).toThrow(/\* is more shell than the examples run/);
    expect(() => parseLine('echo "open')).toThrow(/an unclosed "/);
    expect(() => parseLine('netdeck devices |')).toThrow(/an empty command/);
    expect(() => parseLine('netdeck devices &&')).toThrow(/cannot end with && or \|\|/);
  });
});

describe('a block as the script writes it', () => {
  const commands = [
    { line: 'netdeck locations', output: ['LOCATIONS (109)', 'country  United States  598', '...'] },
    { line: 'netdeck sim &', output: ['token: eyJhbGci…'] },
  ];

  it('keeps as many lines as the page before its `...`, and a line cut with … while it starts so', () => {
    const ran = [
      ['LOCATIONS (110)', 'country  United States  599', 'country  Germany  226'],
      ['token: eyJhbGciOiJIUzI1NiJ9.e30.sig'],
    ];
    expect(writtenBody(commands, ran)).toEqual([
      '$ netdeck locations',
      'LOCATIONS (110)',
      'country  United States  599',
      '...',
      '$ netdeck sim &',
      'token: eyJhbGci…',
    ]);
    // A line that no longer starts as the page cut it is written whole; a short output has no `...`.
    expect(writtenBody(commands, [['LOCATIONS (0)'], ['token: x']])).toEqual([
      '$ netdeck locations',
      'LOCATIONS (0)',
      '$ netdeck sim &',
      'token: x',
    ]);
  });

  it('names the first line that differs', () => {
    expect(firstDifference(['$ a', 'one', 'two'], ['$ a', 'one', 'three'])).toEqual({
      line: 3,
      page: 'two',
      written: 'three',
    });
    expect(firstDifference(['$ a'], ['$ a', 'more'])).toEqual({ line: 2, page: undefined, written: 'more' });
    expect(firstDifference(['$ a'], ['$ a'])).toBeUndefined();
  });
});

describe('the examples of a page', () => {
  const page = [
    '# A page',
    '',
    '<!-- example: not run: it needs the real service -->',
    '```console',
    '$ netdeck login',
    '```',
    '',
    '```sh',
    'netdeck devices      # not an example: no output shown',
    '```',
    '',
    '- In a list:',
    '',
    '  <!-- example: without NETDECK_API_URL and NETDECK_TOKEN -->',
    '  ```console',
    '  $ netdeck config',
    '  old',
    '  ```',
  ].join('\n');

  it('are its console blocks, with their markers; a new output goes in at the block’s indent', () => {
    const blocks = readExamples('docs/x.md', page);
    expect(blocks.map((b) => [b.number, b.line, b.notRun, b.noApi])).toEqual([
      [1, 4, 'it needs the real service', false],
      [2, 15, undefined, true],
    ]);
    expect(blocks[1].commands).toEqual([{ line: 'netdeck config', output: ['old'] }]);
    const written = withBodies(page, blocks, new Map([[2, ['$ netdeck config', 'new', '']]]));
    expect(written.split('\n').slice(-4)).toEqual(['  $ netdeck config', '  new', '', '  ```']);
  });

  it('refuses a block without a command, or a marker it does not know', () => {
    expect(() => readExamples('docs/x.md', '```console\nnetdeck: a warning\n```')).toThrow(
      /docs\/x.md:1: a console block starts with a command/,
    );
    expect(() => readExamples('docs/x.md', '<!-- example: skip -->\n```console\n$ x\n```')).toThrow(
      /"<!-- example: skip -->" is not run: WHY/,
    );
  });
});
