// One builder for the commands that talk to the service (src/cli/commands/service-command.ts): a new
// command is one call and gets everything a command has; every command there is declares
// itself through it, so the shared flags read the same in each one's --help.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { serviceCommand } from '../../src/cli/commands/service-command.ts';
import type { CliContext } from '../../src/cli/context.ts';
import { UsageError } from '../../src/cli/output/exit-codes.ts';
import { PROFILES_HELP } from '../../src/cli/profile/profiles.ts';
import { run, smallDemo } from './harness.ts';

/** A program of its own with one new command, `pinned`, declared in one call. */
async function runNewCommand(argv: string[]) {
  const output = { stdout: '', stderr: '' };
  let code = 0;
  let worlds = 0;
  const demo = smallDemo();
  const context: CliContext = {
    io: {
      stdout: { write: (chunk: string) => (output.stdout += chunk) },
      stderr: { write: (chunk: string) => (output.stderr += chunk) },
      env: { HOME: '/nonexistent-home' },
    },
    deps: {
      createSimulator: (options) => {
        worlds++;
        return demo!(options);
      },
      clientOptions: { retries: 0 },
    },
    exit: (next) => {
      code = next;
    },
  };
  const program = new Command('netdeck').exitOverride().configureOutput({
    writeOut: (text) => (output.stdout += text),
    writeErr: (text) => (output.stderr += text),
  });
  serviceCommand(program, context, {
    name: 'pinned',
    description: 'whether a wallet is the payout wallet',
    args: [['<wallet-id>', 'the wallet id']],
    csv: true,
    examples: [['netdeck pinned ID', 'yes or no']],
    check: (_options, [id]: [string]) => {
      if (id.length < 3) throw new UsageError(`"${id}" is too short for a wallet id`);
      return id;
    },
    run: async ({ client, out }, id) => {
      const payout = await client.getPayoutWallet();
      const pinned = payout.wallet_id === id;
      out.outcome(payout, pinned ? 'Pinned.' : 'Not pinned.', () => ({
        rows: [{ id, pinned }],
        fields: [
          { header: 'ID', name: 'wallet_id', value: (r) => r.id },
          { header: 'PINNED', name: 'pinned', value: (r) => r.pinned },
        ],
      }));
    },
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.exitCode === 0 ? 0 : 2;
  }
  return { code, worlds, ...output };
}

/** A help text's Options section, its columns and line breaks (which depend on the longest flag) as single spaces. */
const optionsText = (help: string) =>
  help.slice(help.indexOf('Options:')).split('\n\n')[0]!.replace(/\s+/g, ' ');

describe('a new command that talks to the service is one serviceCommand call', () => {
  it('gets the output options, the demo world and the connection flags, and its examples in --help', async () => {
    const mine = await runNewCommand(['pinned', '--help']);
    const payments = await run(['payments', '--help']);
    expect(mine.code).toBe(0);
    // The flags every table command has, as `netdeck payments` lists them (the program gives -h its words),
    // but --profiles: payments declares that it takes it, `pinned` does not.
    const withoutHelp = (help: string) => optionsText(help).replace(/ -h, --help .*$/, '');
    expect(withoutHelp(mine.stdout)).toBe(
      withoutHelp(payments.stdout).replace(` --profiles <names> ${PROFILES_HELP}`, ''),
    );
    expect(withoutHelp(payments.stdout)).toContain(' --profiles <names> ');
    expect(mine.stdout).toContain('Arguments:\n  wallet-id');
    expect(mine.stdout).toMatch(/\nExamples:\n {2}# yes or no\n {2}\$ netdeck pinned ID\n\n$/);
  });

  it('runs on a demo world without an API and prints its outcome as a sentence, --json or --csv', async () => {
    const text = await runNewCommand(['pinned', 'nothing-like-it']);
    expect(text).toMatchObject({ code: 0, worlds: 1, stdout: 'Not pinned.\n' });
    expect(text.stderr).toContain('using a fresh demo simulator');
    const json = await runNewCommand(['pinned', 'nothing-like-it', '--json']);
    expect(JSON.parse(json.stdout)).toHaveProperty('wallet_id');
    const csv = await runNewCommand(['pinned', 'nothing-like-it', '--csv', '--quiet']);
    expect(csv).toMatchObject({ code: 0, stdout: 'wallet_id,pinned\nnothing-like-it,false\n', stderr: '' });
  });

  it('checks what it was given before anything is sent: a usage error, exit 2', async () => {
    const short = await runNewCommand(['pinned', 'ab']);
    expect(short).toMatchObject({ code: 2, worlds: 0, stderr: 'error: "ab" is too short for a wallet id\n' });
    const both = await runNewCommand(['pinned', 'abc', '--json', '--csv']);
    expect(both).toMatchObject({ code: 2, stderr: 'error: --json and --csv cannot be used together\n' });
  });
});

/** Every command's path below `path` (`devices share`), from the Commands sections of --help. */
async function commandPaths(path: string[] = []): Promise<string[][]> {
  const help = (await run([...path, '--help'])).stdout;
  const section = help.includes('Commands:') ? help.slice(help.indexOf('Commands:')).split('\n\n')[0]! : '';
  const names = [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]!).filter((n) => n !== 'help');
  const below = await Promise.all(names.map((name) => commandPaths([...path, name])));
  return [...names.map((name) => [...path, name]), ...below.flat()];
}

describe('every command that talks to the service', () => {
  it('lists the demo world and connection flags as one block, in one order, and ends with examples', async () => {
    const reference = optionsText((await run(['payments', '--help'])).stdout);
    const shared = reference.slice(reference.indexOf(' --seed'), reference.indexOf(' -h, --help'));
    // The commands that get a token have a --token-file of their own (where the token goes).
    const withoutTokenFile = shared.replace(
      / --token-file <path> file holding the access token \(env NETDECK_TOKEN_FILE\)/,
      '',
    );
    const checked: string[] = [];
    for (const path of await commandPaths()) {
      const help = (await run([...path, '--help'])).stdout;
      const options = optionsText(help);
      // login names an API but builds no world, sim builds one but names none; config shows the configuration.
      if (
        !options.includes(' --api-url <url> base URL') ||
        !options.includes(' --seed') ||
        path[0] === 'config'
      )
        continue;
      const ownTokenFile = help.includes("write the device's client token");
      expect(options, path.join(' ')).toContain(ownTokenFile ? withoutTokenFile : shared);
      expect(help, path.join(' ')).toMatch(/\nExamples:\n(?: {2}[#$] .*\n)+/);
      checked.push(path.join(' '));
    }
    // The 49 of them: every command but login, logout, config, sim, completion and the stats group.
    expect(checked).toHaveLength(49);
    expect(checked).toEqual(
      expect.arrayContaining([
        'whoami',
        'devices set-name',
        'watch',
        'exporter',
        'mcp',
        'adopt',
        'proxy create',
        'signup',
      ]),
    );
  });

  it('is declared through serviceCommand: no command file opens a client or adds the shared flags itself', () => {
    const folder = join(import.meta.dirname, '../../src/cli/commands');
    // The builder itself, and the commands that talk to no service (config's --check goes
    // through the configuration's own check; notify test and mute ask nothing of it).
    const local = [
      'service-command.ts',
      'config.ts',
      'config-edit.ts',
      'login.ts',
      'logout.ts',
      'notify.ts',
      'mute.ts',
    ];
    const doing = readdirSync(folder)
      .filter((file) => !local.includes(file))
      .filter((file) =>
        /\b(runWithClient|addConnectionOptions|addOutputOptions)\(/.test(
          readFileSync(join(folder, file), 'utf8'),
        ),
      );
    expect(doing).toEqual([]);
  });
});
