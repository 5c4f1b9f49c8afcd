// `netdeck config get KEY`, `config set KEY VALUE` and `config profiles`: the config file
// without editing JSON (profile/config-edit.ts does the reading and writing).
import { Argument, type Command } from 'commander';
import { maskToken } from '../../api/auth.ts';
import { maskSecretUrl } from '../../api/notify-urls.ts';
import { sanitize } from '../../sanitize.ts';
import type { CliContext } from '../context.ts';
import { addOutputOptions, type CommonOptions, optionsOf, orUsage } from '../options.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { createOutput, type Output } from '../output/writer.ts';
import { ConfigError, type ConfigFlags } from '../profile/config.ts';
import {
  getConfigValue,
  listProfiles,
  type ProfileRow,
  setConfigValue,
  settableKeys,
} from '../profile/config-edit.ts';
import { examples } from './help.ts';

const PROFILE_HELP = 'the profile to read or change (env NETDECK_PROFILE; default the current one)';
const QUIET_HELP = 'no notes on stderr; warnings and errors still show';

/** A value as a script reads it: a token masked, and a notification URL (or a list of them) by its secret parts. */
const masked = (key: string, value: unknown): unknown =>
  key === 'token' && typeof value === 'string'
    ? maskToken(value)
    : key === 'notify' && typeof value === 'string'
      ? maskSecretUrl(value)
      : key === 'notify' && Array.isArray(value)
        ? value.map((url) => (typeof url === 'string' ? maskSecretUrl(url) : url))
        : value;

/** A value as a person or a shell reads it: text bare, anything else as JSON; secrets masked. */
const shown = (key: string, value: unknown) => {
  const safe = masked(key, value);
  return typeof safe === 'string' ? safe : JSON.stringify(safe);
};

/** The key argument: its values offered by the shells' completion, checked by the action (which names the closest). */
function keyArg(): Argument {
  const keys = settableKeys();
  const argument = new Argument('<key>', `a key of the config file: ${keys.join(', ')}`);
  argument.argChoices = keys;
  return argument;
}

/**
 * Runs `body`; a usage problem ends with its message and the command's usage (orUsage),
 * a problem of the config file with its message; both exit 2.
 */
function attempt(context: CliContext, out: Output, command: Command, body: () => void): void {
  try {
    orUsage(command, body);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out.error(sanitize(error.message));
    context.exit(ExitCode.usage);
  }
}

export function registerConfigEdit(config: Command, context: CliContext): void {
  const flagsOf = (cmd: Command): { options: CommonOptions; flags: ConfigFlags } => {
    const options = optionsOf<CommonOptions>(cmd);
    return { options, flags: { profile: options.profile } };
  };

  const get = config
    .command('get')
    .description("print a key's value in the config file (the current profile's, else the top level's)")
    .addArgument(keyArg())
    .option('--profile <name>', PROFILE_HELP)
    .option('--quiet', QUIET_HELP);
  addOutputOptions(get);
  get.addHelpText(
    'after',
    `${examples([
      ['netdeck config get refresh_seconds', 'the console’s refresh period, if the file sets one'],
      ['netdeck config get api_url --profile staging', 'a profile’s API URL'],
    ])}
Exit code 1 when the file does not set the key (netdeck then uses its default or the
environment; \`netdeck config\` shows what it uses and where each value comes from).
`,
  );
  get.action((key: string, _flags, cmd: Command) => {
    const { options, flags } = flagsOf(cmd);
    const out = createOutput(context.io, options);
    attempt(context, out, cmd, () => {
      const got = getConfigValue(key, flags, context.io.env, context.deps.configFs);
      const set = got.value !== undefined;
      if (out.json) {
        const value = masked(key, got.value ?? null);
        out.jsonLine({ key, value, profile: got.profile ?? null, config_file: got.path });
      } else if (set) context.io.stdout.write(`${sanitize(shown(key, got.value))}\n`);
      else out.note(`${key} is not set in ${got.path}`);
      context.exit(set ? ExitCode.ok : ExitCode.failure);
    });
  });

  const set = config
    .command('set')
    .description('set a key in the config file (checked against its schema; nothing is written if it fails)')
    .addArgument(keyArg())
    .argument('<value>', 'text, or JSON for a number, true/false or an object')
    .option('--profile <name>', `${PROFILE_HELP}; made if the file has none of that name`)
    .option('--quiet', QUIET_HELP);
  set.addHelpText(
    'after',
    examples([
      ['netdeck config set refresh_seconds 30', 'the console reloads every 30 s'],
      ['netdeck config set mouse false', 'no clicks: the terminal selects text'],
      ['netdeck config set api_url https://api.bringyour.com --profile prod', 'make a profile'],
      ['netdeck config set default_profile prod', 'use it when no --profile is given'],
    ]),
  );
  set.action((key: string, value: string, _flags, cmd: Command) => {
    const { options, flags } = flagsOf(cmd);
    const out = createOutput(context.io, options);
    attempt(context, out, cmd, () => {
      const written = setConfigValue(key, value, flags, context.io.env, context.deps.configFs);
      const where = written.profile === undefined ? '' : ` (profile ${written.profile})`;
      out.note(`${key} = ${sanitize(shown(key, written.value))} in ${written.path}${where}`);
      context.exit(ExitCode.ok);
    });
  });

  const profiles = config
    .command('profiles')
    .description('list the profiles (the config file’s and the kept logins), the current one marked')
    .option('--profile <name>', 'the profile to mark as current (env NETDECK_PROFILE)')
    .option('--quiet', QUIET_HELP);
  addOutputOptions(profiles, { csv: true });
  profiles.addHelpText(
    'after',
    examples([
      ['netdeck config profiles', 'the profiles, * the one in use'],
      ['netdeck config profiles --json', 'for scripts'],
    ]),
  );
  profiles.action((_flags, cmd: Command) => {
    const { options, flags } = flagsOf(cmd);
    const out = createOutput(context.io, options);
    attempt(context, out, cmd, () => {
      const rows = listProfiles(flags, context.io.env, context.deps.configFs);
      if (rows.every((row) => !row.from.length))
        out.note(
          'no profiles yet: netdeck login --profile NAME, or netdeck config set api_url URL --profile NAME',
        );
      out.result(
        {
          profiles: rows.map((row) => ({
            name: row.name,
            in_use: row.current,
            api_url: row.apiUrl ?? null,
            from: row.from,
          })),
        },
        (): DataTable<ProfileRow> => ({
          fields: [
            { header: ' ', show: (row) => (row.current ? '*' : ' ') },
            textField('PROFILE', 'profile', (row) => sanitize(row.name)),
            { name: 'in_use', value: (row) => row.current },
            textField('API URL', 'api_url', (row) => row.apiUrl && sanitize(row.apiUrl), '-'),
            textField('FROM', 'from', (row) => row.from.join(', '), 'nowhere yet'),
          ],
          rows,
        }),
      );
      context.exit(ExitCode.ok);
    });
  });
}
