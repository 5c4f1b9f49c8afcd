// `netdeck completion bash|zsh|fish`: the shell completion script, from the program itself;
// and `netdeck __complete KIND` (hidden), the values a script asks for as it completes.
import { Argument, type Command, InvalidArgumentError } from 'commander';
import { isProxyClient } from '../../api/proxy-secrets.ts';
import {
  COMPLETE_COMMAND,
  completionScript,
  DYNAMIC_VALUES,
  OFFERED_NAME,
  SHELLS,
  type Shell,
} from '../completion-script.ts';
import type { CliContext } from '../context.ts';
import { clientFor } from '../open-client.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { resolveConfig } from '../profile/config.ts';
import { listProfiles } from '../profile/config-edit.ts';
import { examples } from './help.ts';

const shellArg = (value: string): Shell => {
  const shell = SHELLS.find((s) => s === value);
  if (!shell) throw new InvalidArgumentError(`expected one of ${SHELLS.join(', ')}`);
  return shell;
};

function shellArgument(): Argument {
  const argument = new Argument('<shell>', SHELLS.join(', ')).argParser(shellArg);
  // Offered by the scripts themselves; shellArg says what is wrong with another.
  argument.argChoices = [...SHELLS];
  return argument;
}

/**
 * The values of a kind; nothing (and exit 0) when they cannot be read: a completion never
 * prints an error. The command prints only the plain names of them, one per line, as the
 * scripts offer them (a script from an older netdeck may take whatever it is given).
 */
async function completeValues(kind: string, context: CliContext): Promise<string[]> {
  try {
    if (kind === DYNAMIC_VALUES.profiles)
      // Those defined somewhere (not the current one listed only because it is current).
      return listProfiles({}, context.io.env, context.deps.configFs)
        .filter((p) => p.from.length)
        .map((p) => p.name);
    if (kind === DYNAMIC_VALUES.proxies) return await proxyClientIds(context);
  } catch {}
  return [];
}

/** A tab waits for the service no longer than this, and asks once. */
const PROXIES_CLIENT_OPTIONS = { retries: 0, connectTimeoutMs: 2_000, deadlineMs: 3_000 };

/**
 * The client ids of the configured network's hosted proxies. Nothing in demo mode: a demo
 * world is made for one command and has none, so building one for a tab would only wait.
 */
async function proxyClientIds(context: CliContext): Promise<string[]> {
  const config = resolveConfig({}, context.io.env, context.deps.configFs);
  if (config.mode !== 'api' || !config.token) return [];
  const client = clientFor(context.deps, PROXIES_CLIENT_OPTIONS, config.apiUrl.value, config.token.value);
  try {
    const answer = await client.networkClients();
    return (answer.clients ?? []).filter(isProxyClient).flatMap((c) => (c.client_id ? [c.client_id] : []));
  } finally {
    await client.close().catch(() => {});
  }
}

export function registerCompletion(program: Command, context: CliContext): void {
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish) for every command and option')
    .addArgument(shellArgument())
    .addHelpText(
      'after',
      examples([
        ['source <(netdeck completion bash)', 'bash, this shell; add the line to ~/.bashrc to keep it'],
        ['netdeck completion zsh > ~/.zfunc/_netdeck', 'zsh (a folder of your fpath)'],
        ['netdeck completion fish > ~/.config/fish/completions/netdeck.fish', 'fish'],
      ]),
    )
    .action((shell: Shell) => {
      context.io.stdout.write(completionScript(program, shell));
      context.exit(ExitCode.ok);
    });
  program
    .command(COMPLETE_COMMAND, { hidden: true })
    .argument('<kind>')
    .action(async (kind: string) => {
      for (const value of await completeValues(kind, context))
        if (OFFERED_NAME.test(value)) context.io.stdout.write(`${value}\n`);
      context.exit(ExitCode.ok);
    });
}
