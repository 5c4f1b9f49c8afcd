// `netdeck config`: the effective configuration and where each value came from. The
// token is shown masked, with the network its claims name.
import type { Command } from 'commander';
import { claimedIso, decodeToken, hideUrlCredentials, isApiKey, maskToken } from '../../api/auth.ts';
import { formatTimestamp } from '../../format/numbers.ts';
import { sanitize } from '../../sanitize.ts';
import { DEFAULT_REFRESH_SECONDS } from '../../store/deps.ts';
import type { CliContext } from '../context.ts';
import { DEMO_SEED } from '../open-client.ts';
import { addConnectionOptions, addOutputOptions, type CommonOptions, optionsOf } from '../options.ts';
import { type DataTable, textField } from '../output/data-table.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import type { ResolvedConfig, Sourced } from '../profile/config.ts';
import { type ConfigCheck, checkConfig } from '../profile/config-check.ts';
import { resolveOrReport } from '../run-command.ts';
import { registerConfigEdit } from './config-edit.ts';
import { watchSettingRows, watchSettingsJson } from './config-watch.ts';
import { examples } from './help.ts';

const sourceOf = (value: Sourced<unknown>) => ({ source: value.source, origin: value.origin });

/** The configuration as JSON, token masked. */
function describeConfig(config: ResolvedConfig) {
  const claims = config.token ? decodeToken(config.token.value) : undefined;
  return {
    mode: config.mode,
    api_url: config.apiUrl
      ? { value: hideUrlCredentials(config.apiUrl.value), ...sourceOf(config.apiUrl) }
      : null,
    token: config.token
      ? {
          value: maskToken(config.token.value),
          ...sourceOf(config.token),
          ...(config.token.file ? { file: config.token.file } : {}),
        }
      : null,
    network: claims
      ? {
          name: claims.networkName ?? null,
          id: claims.networkId ?? null,
          expires_at: claimedIso(claims.expiresAt),
        }
      : null,
    profile: config.profile ? { value: config.profile.value, ...sourceOf(config.profile) } : null,
    refresh_seconds: { value: config.refresh.value, ...sourceOf(config.refresh) },
    mouse: { value: config.mouse.value, ...sourceOf(config.mouse) },
    config_file: config.configFile,
    ...watchSettingsJson(config.watch),
    ...(config.mode === 'demo' ? { demo: { seed: DEMO_SEED } } : {}),
  };
}

export function registerConfig(program: Command, context: CliContext): void {
  const command = program
    .command('config')
    .description('show the effective configuration and where each value comes from (token masked)');
  addOutputOptions(command, { csv: true });
  command.option(
    '--check',
    'also try the configuration against the service: reachable, token accepted, network, expiry (exit 0 ok, 1 unreachable, 3 no token or refused)',
  );
  addConnectionOptions(command);
  command.addHelpText(
    'after',
    `${examples([
      ['netdeck config', 'what netdeck would use now'],
      ['netdeck config --profile staging', 'what a profile gives'],
    ])}
Precedence: flags > environment (NETDECK_API_URL, NETDECK_TOKEN, NETDECK_TOKEN_FILE,
NETDECK_PROFILE) > config file > the demo simulator. The config file is
$XDG_CONFIG_HOME/netdeck/config.json (default ~/.config/netdeck/config.json):
  {"default_profile": "prod",
   "profiles": {"prod": {"api_url": "https://api.bringyour.com", "token_file": "~/.urnetwork/jwt"}}}
A profile (or the file's top level) may also set "refresh_seconds": how often the console
reloads its live panes (default ${DEFAULT_REFRESH_SECONDS}; --refresh SECONDS), and "mouse": false
for a console without clicks or wheel, so the terminal selects text (--no-mouse, NETDECK_MOUSE=0).
`,
  );
  command.action(async (_flags, cmd: Command) => {
    const options = optionsOf<CommonOptions & { check?: boolean }>(cmd);
    const out = createOutput(context.io, options);
    // A broken profile is shown, problem by problem, with what can still be resolved
    // (exit 1); --check needs a configuration that works, as before (exit 2).
    const problems: string[] = [];
    const config = resolveOrReport(context, options, out, options.check ? undefined : { problems });
    if (!config) return context.exit(ExitCode.usage);
    const failed = problems.length ? ExitCode.failure : ExitCode.ok;
    const described = { ...describeConfig(config), ...(problems.length ? { problems } : {}) };
    const check =
      options.check && config.mode === 'api' ? await checkConfig(context.deps, config) : undefined;
    if (problems.length && !out.json) {
      for (const problem of problems) out.error(sanitize(problem));
      out.note('the table leaves out the values these problems hold');
    }
    out.result(
      check ? { ...described, check } : described,
      (): DataTable<Setting> => ({
        fields: [
          { header: 'SETTING', name: 'setting', value: (row) => row.key, show: (row) => row.setting },
          {
            header: 'VALUE',
            name: 'value',
            value: (row) => row.value,
            show: (row) => row.shown ?? sanitize(row.value ?? '-'),
          },
          textField('FROM', 'from', (row) => row.from),
        ],
        rows: settingsOf(config, described, problems.length > 0),
        after: check ? checkLines(check) : undefined,
      }),
    );
    if (options.check && !check && !out.json)
      out.note('--check: nothing to check, the demo simulator is built for each command');
    context.exit(check?.exit_code ?? failed);
  });
  registerConfigEdit(command, context);
}

/** A row of the table: the setting and its value as a script reads them, and as a person does. */
interface Setting {
  /** For people. */
  setting: string;
  /** For scripts: the key --json has, with its unit. */
  key: string;
  value?: string | number | boolean;
  shown?: string;
  from: string;
}

/** The settings, each with where it came from; CSV names them as --json does, with their units. */
function settingsOf(
  config: ResolvedConfig,
  described: ReturnType<typeof describeConfig>,
  problems: boolean,
): Setting[] {
  const rows: Setting[] = [
    config.mode === 'api'
      ? { setting: 'mode', key: 'mode', value: 'api', from: '' }
      : {
          setting: 'mode',
          key: 'mode',
          value: 'demo',
          shown: `demo simulator (seed ${DEMO_SEED}, a fresh world per command)`,
          from: 'no API URL configured',
        },
    {
      setting: 'api url',
      key: 'api_url',
      value: described.api_url?.value,
      from: config.apiUrl?.origin ?? '',
    },
    {
      setting: 'token',
      key: 'token',
      value: described.token?.value,
      from: config.token
        ? `${config.token.origin}${config.token.file && config.token.source !== 'file' ? ` (${config.token.file})` : ''}`
        : '',
    },
  ];
  if (described.network) {
    rows.push({
      setting: 'network',
      key: 'network',
      value: described.network.name ?? undefined,
      from: 'token claims',
    });
    const expires = described.network.expires_at;
    if (expires)
      rows.push({
        setting: 'expires',
        key: 'expires_at',
        value: expires,
        shown: formatTimestamp(expires),
        from: 'token claims',
      });
    else if (config.token && decodeToken(config.token.value)?.expiresAt === 'unknown')
      rows.push({ setting: 'expires', key: 'expires_at', shown: 'unknown', from: 'token claims' });
  } else if (config.token && isApiKey(config.token.value)) {
    rows.push({
      setting: 'network',
      key: 'network',
      from: 'an API key names no network: netdeck config --check asks the service',
    });
  } else if (config.token) {
    rows.push({ setting: 'network', key: 'network', from: 'the token is not a readable JWT' });
  }
  rows.push(
    { setting: 'profile', key: 'profile', value: config.profile?.value, from: config.profile?.origin ?? '' },
    {
      setting: 'refresh',
      key: 'refresh_seconds',
      value: config.refresh.value,
      shown: `every ${config.refresh.value} s (the console)`,
      from: config.refresh.origin,
    },
    {
      setting: 'mouse',
      key: 'mouse',
      value: config.mouse.value,
      shown: `${config.mouse.value ? 'on' : 'off'} (the console)`,
      from: config.mouse.origin,
    },
    ...watchSettingRows(config.watch),
    {
      setting: 'config file',
      key: 'config_file',
      value: config.configFile.path,
      from: config.configFile.found ? (problems ? 'found, with problems' : 'found') : 'not found',
    },
  );
  return rows;
}

/** The outcome of --check, a line each. */
function checkLines(check: ConfigCheck): string[] {
  if (!check.reachable) return [`✗ the service cannot be reached: ${check.problem}`];
  const lines = ['✓ the service answers'];
  if (check.token_accepted) {
    lines.push(
      `✓ the token is accepted${check.network_name ? ` for the network ${sanitize(check.network_name)}` : ''}`,
    );
    if (check.expires_at === 'unknown')
      lines.push('? it expires: unknown (its expiry is beyond what a date can hold)');
    else if (check.expires_at) lines.push(`✓ it expires ${formatTimestamp(check.expires_at)}`);
  } else lines.push(`✗ ${check.problem}`);
  return lines;
}
