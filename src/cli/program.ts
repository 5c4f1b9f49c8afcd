// The command line: parses argv with commander and runs a scriptable command, the
// simulator, or (with no command) the interactive console. Returns the exit code.
import { Command, CommanderError } from 'commander';
import { redact } from '../api/auth.ts';
import { oneLine, sanitizeOutput } from '../sanitize.ts';
import { registerAdopt } from './commands/adopt.ts';
import { registerApiKeys } from './commands/api-keys.ts';
import { registerBalance } from './commands/balance.ts';
import { registerBlocked } from './commands/blocked.ts';
import { registerClients } from './commands/clients.ts';
import { registerCompletion } from './commands/completion.ts';
import { registerConfig } from './commands/config.ts';
import { startConsole } from './commands/console.ts';
import { registerDevices } from './commands/devices.ts';
import { registerEarnings } from './commands/earnings.ts';
import { registerExporter } from './commands/exporter.ts';
import { registerFeedback } from './commands/feedback.ts';
import { examples } from './commands/help.ts';
import { registerIp } from './commands/ip.ts';
import { registerLeaderboard } from './commands/leaderboard.ts';
import { registerLocations } from './commands/locations.ts';
import { registerLogin } from './commands/login.ts';
import { registerLogout } from './commands/logout.ts';
import { registerMcp } from './commands/mcp.ts';
import { registerMute } from './commands/mute.ts';
import { registerNetwork } from './commands/network.ts';
import { registerNotify } from './commands/notify.ts';
import { registerPayments } from './commands/payments.ts';
import { registerProviders } from './commands/providers.ts';
import { registerProxy } from './commands/proxy.ts';
import { registerRanking } from './commands/ranking.ts';
import { registerReliability } from './commands/reliability.ts';
import { registerSignup } from './commands/signup.ts';
import { registerSim } from './commands/sim.ts';
import { registerStats } from './commands/stats.ts';
import { registerWallet } from './commands/wallet.ts';
import { registerWatch } from './commands/watch.ts';
import { registerWhoami } from './commands/whoami.ts';
import { consoleCommandLine } from './console/console-command-line.ts';
import { addConsoleOptions } from './console/console-options.ts';
import type { CliContext, CliDeps } from './context.ts';
import { addConnectionOptions, addWorldOptions } from './options.ts';
import { ExitCode } from './output/exit-codes.ts';
import { type CliIo, processIo } from './output/io.ts';
import { commanderSuggestionInOurWords, didYouMean } from './suggest.ts';
import { netdeckVersion } from './version.ts';

/** Flags whose values are secrets: a token, a notification URL (masked by its parts, api/notify-urls.ts). */
const SECRET_FLAGS = ['--token', '--notify'];

/**
 * Secrets on the command line or in the environment, to mask in commander's own messages:
 * each as given and trimmed (commander echoes an argument as it was typed).
 */
function tokensIn(argv: string[], env: Record<string, string | undefined>): string[] {
  const found = [env.NETDECK_TOKEN];
  argv.forEach((arg, i) => {
    for (const flag of SECRET_FLAGS) {
      if (arg === flag) found.push(argv[i + 1]);
      else if (arg.startsWith(`${flag}=`)) found.push(arg.slice(flag.length + 1));
    }
  });
  return [
    ...new Set(
      found.filter((token): token is string => !!token?.trim()).flatMap((token) => [token, token.trim()]),
    ),
  ];
}

export interface ProgramParts {
  /** The commands (default true); the console's command line needs none (runCli). */
  commands?: boolean;
}

export function buildProgram(context: CliContext, argv: string[] = [], parts: ProgramParts = {}): Command {
  const { io } = context;
  const secrets = tokensIn(argv, io.env);
  // Commander's messages echo the arguments (an unknown option, a bad value): outside text,
  // made inert like any other, with the tokens in them masked.
  const clean = (text: string) =>
    sanitizeOutput(
      secrets.reduce((out, secret) => redact(out, secret), text),
      false,
    );
  const program = new Command('netdeck');
  program
    .enablePositionalOptions()
    .description(
      'A terminal console for a provider network. With no command: the interactive console.\n' +
        'The commands print tables, or JSON with --json, for scripts. Without an API\n' +
        'configured, everything runs against a built-in simulated network.',
    )
    .version(netdeckVersion(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help (also: netdeck COMMAND --help)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(clean(text)),
      writeErr: (text) => io.stderr.write(clean(text)),
      // An error is one line, whatever line breaks an argument it echoes holds; commander's
      // "did you mean" is worded as netdeck's own.
      outputError: (text, write) => write(`${oneLine(commanderSuggestionInOurWords(text))}\n`),
    });
  addConnectionOptions(program, true);
  addWorldOptions(program);
  addConsoleOptions(program);
  program.addHelpText(
    'after',
    `${examples([
      ['netdeck', 'the interactive console (demo world unless an API is configured or you logged in)'],
      ['netdeck login', 'log in to the real service with an auth code from the web app'],
      ['netdeck --seed 7 --speed 60', 'demo world 7, a simulated minute per second'],
      ['netdeck --refresh 15', 'the console reloads its live panes every 15 s'],
      ['netdeck locations --query ger', 'search locations'],
      ['netdeck providers --location ID --all --json', 'every provider of a location, JSON Lines'],
      ['netdeck sim --admin', 'a simulated API on 127.0.0.1:8080 that lasts'],
    ])}
Configuration: flags > NETDECK_API_URL, NETDECK_TOKEN, NETDECK_TOKEN_FILE, NETDECK_PROFILE
> the profile ($XDG_CONFIG_HOME/netdeck/config.json, then what netdeck login kept) > the demo
simulator. See: netdeck config --help
NO_COLOR (set, not empty): no colours, in the console and in what the commands print.
Exit codes: 0 ok, 1 service or network error, 2 usage error, 3 not authorized, 4 refused by the service,
5 watch --check found a problem, 130 stopped with ctrl-c.
`,
  );

  if (parts.commands !== false) registerCommands(program, context);

  // With an action of its own the program gets no implicit `help` command: `netdeck help
  // [command]` and unknown commands are handled here.
  program.allowExcessArguments();
  // A command's start is done as its action begins; the console's at its first frame.
  program.hook('preAction', (_program, action) => {
    if (action !== program) context.deps.memory?.save();
  });
  const commandNames = () => ['help', ...program.commands.map((c) => c.name())];
  program.action(async (_flags, command: Command) => {
    const [first, second] = command.args;
    if (first === 'help') {
      const target = second === undefined ? program : program.commands.find((c) => c.name() === second);
      if (!target)
        command.error(`error: unknown command '${second}'${didYouMean(second, commandNames())}`, {
          exitCode: ExitCode.usage,
        });
      target!.outputHelp();
      return context.exit(ExitCode.ok);
    }
    if (first !== undefined) {
      command.error(`error: unknown command '${first}'${didYouMean(first, commandNames())}`, {
        exitCode: ExitCode.usage,
      });
    }
    context.exit(await startConsole(context, command));
  });

  // After a usage error: the command's usage line and where to read more (not the whole help).
  const withUsage = (command: Command, path: string) => {
    command.showHelpAfterError(
      `Usage: ${path} ${command.usage()}\nRun '${path} --help' for options and examples.`,
    );
    if (command !== program && command.commands.length && !hasAction(command))
      listSubcommands(command, context);
    for (const sub of command.commands) withUsage(sub, `${path} ${sub.name()}`);
  };
  withUsage(program, 'netdeck');
  return program;
}

/** Every command of the program. */
function registerCommands(program: Command, context: CliContext): void {
  registerLogin(program, context);
  registerLogout(program, context);
  registerWhoami(program, context);
  registerLocations(program, context);
  registerProviders(program, context);
  registerDevices(program, context);
  registerClients(program, context);
  // issue 34: hosted proxies, the data balance, sign-up, where this machine is
  registerProxy(program, context);
  registerBalance(program, context);
  registerIp(program, context);
  registerSignup(program, context);
  // issue 26, group 6
  registerAdopt(program, context);
  registerWallet(program, context);
  // issue 26, groups 4, 5 and the network user
  registerNetwork(program, context);
  registerBlocked(program, context);
  registerApiKeys(program, context);
  registerFeedback(program, context);
  registerStats(program, context);
  // Issue 26, groups 1 and 2: earnings, reliability and rank.
  registerEarnings(program, context);
  registerPayments(program, context);
  registerReliability(program, context);
  registerLeaderboard(program, context);
  registerRanking(program, context);
  registerWatch(program, context);
  // Issue 35: watch's alerts, tried; providers muted.
  registerNotify(program, context);
  registerMute(program, context);
  registerExporter(program, context);
  registerMcp(program, context);
  registerConfig(program, context);
  registerSim(program, context);
  registerCompletion(program, context);
}

const hasAction = (command: Command) => (command as unknown as { _actionHandler?: unknown })._actionHandler;

/**
 * A group of commands that does nothing of its own (`netdeck stats`) lists them on stdout
 * and exits 0, as gh does; a word after it that names none is still a usage error.
 */
function listSubcommands(group: Command, context: CliContext): void {
  group.allowExcessArguments().action((_flags, command: Command) => {
    const [word] = command.args;
    if (word !== undefined) {
      const names = group.commands.map((c) => c.name());
      command.error(`error: unknown command '${word}'${didYouMean(word, names)}`, {
        exitCode: ExitCode.usage,
      });
    }
    group.outputHelp();
    context.exit(ExitCode.ok);
  });
}

/** Runs one command line; resolves with the exit code. */
export async function runCli(argv: string[], io: CliIo = processIo(), deps: CliDeps = {}): Promise<number> {
  let code: number = ExitCode.ok;
  const context: CliContext = { io, deps, exit: (next) => (code = next) };
  // The console's command line needs none of the commands: declaring them all took ~15 ms
  // of its start.
  const program = buildProgram(context, argv, { commands: !consoleCommandLine(argv) });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with exit code 0; everything else commander reports is a usage error.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    const message = error instanceof Error ? error.message : String(error);
    const hidden = tokensIn(argv, io.env).reduce((text, secret) => redact(text, secret), message);
    io.stderr.write(`netdeck: unexpected failure: ${oneLine(hidden)}\n`);
    return ExitCode.failure;
  }
  return code;
}
