// The manual page the build writes (dist/netdeck.1, from every command's --help) as `man`
// shows it: every command and option netdeck has, the environment variables and files the
// help names, and the exit codes. It needs man (.ci/run installs man-db): under CI a
// machine without it fails this test instead of skipping it.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { beforeAll, describe, expect } from 'vitest';
import { buildProgram } from '../../src/cli/program.ts';
import { ensureBuilt, ROOT } from '../e2e/harness.ts';
import { itNeeds } from '../machine.ts';

const manInstalled = spawnSync('man', ['--version'], { stdio: 'ignore' }).status === 0;

/** Every command's words from the program down, hidden ones left out, with its long options. */
function commands(): { path: string; options: string[] }[] {
  const program = buildProgram({
    io: { stdout: { write: () => true }, stderr: { write: () => true }, env: {} },
    deps: {},
    exit: () => undefined,
  });
  const isHidden = (c: Command) => (c as unknown as { _hidden?: boolean })._hidden === true;
  const walk = (command: Command, path: string[]): { path: string; options: string[] }[] =>
    command.commands
      .filter((c) => !isHidden(c))
      .flatMap((c) => [
        {
          path: ['netdeck', ...path, c.name()].join(' '),
          options: c.options.flatMap((o) => (o.long ? [o.long] : [])),
        },
        ...walk(c, [...path, c.name()]),
      ]);
  return walk(program, []);
}

let shown: string;
beforeAll(async () => {
  await ensureBuilt();
  if (manInstalled)
    shown = execFileSync('man', ['-l', join(ROOT, 'dist', 'netdeck.1')], {
      encoding: 'utf8',
      // Plain text, wide enough that no option's name is broken across lines.
      env: {
        ...process.env,
        MANWIDTH: '200',
        MANPAGER: 'cat',
        PAGER: 'cat',
        MAN_KEEP_FORMATTING: '',
        LANG: 'C.UTF-8',
      },
    }).replace(/.\u0008/g, '');
}, 120_000);

describe('dist/netdeck.1', () => {
  itNeeds('man (the man-db package)', manInstalled)(
    'lists every command with its options, as --help does',
    () => {
      const listed = commands();
      expect(listed.length).toBeGreaterThan(30);
      const sections = shown.split(/\n(?= {3}netdeck [a-z])/);
      for (const { path, options } of listed) {
        const section = sections.find((text) => text.startsWith(`   ${path}\n`));
        expect(section, `a section for ${path}`).toBeDefined();
        expect(section).toContain(`Usage: ${path}`);
        for (const option of options) expect(section, `${path} ${option}`).toContain(option);
      }
    },
  );

  itNeeds('man (the man-db package)', manInstalled)(
    'has the environment, the files and the exit status',
    () => {
      const between = (from: string, to: string) =>
        shown.slice(shown.indexOf(`\n${from}\n`), shown.indexOf(`\n${to}\n`));
      const environment = between('ENVIRONMENT', 'FILES');
      for (const name of [
        'NETDECK_API_URL',
        'NETDECK_TOKEN',
        'NETDECK_TOKEN_FILE',
        'NETDECK_PROFILE',
        'NO_COLOR',
      ])
        expect(environment, name).toMatch(new RegExp(`^ {7}${name}$`, 'm'));
      const files = between('FILES', 'EXIT STATUS');
      expect(files).toContain('$XDG_CONFIG_HOME/netdeck/config.json');
      // A path only an example writes to is the reader's, not a file of netdeck's.
      for (const example of ['.mcp-token', '.bashrc', '.zfunc']) expect(files).not.toContain(example);
      const status = between('EXIT STATUS', 'SEE ALSO');
      for (const [code, words] of [
        ['0', 'ok'],
        ['2', 'usage error'],
        ['3', 'not authorized'],
        ['130', 'stopped with ctrl-c'],
      ])
        expect(status).toMatch(new RegExp(`^ {7}${code}\\s+${words}$`, 'm'));
      // The page is built from the help, not kept beside it.
      expect(readFileSync(join(ROOT, 'dist', 'netdeck.1'), 'utf8')).toMatch(/^\.TH NETDECK 1 /);
    },
  );
});
