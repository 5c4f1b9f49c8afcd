// One builder for the commands that talk to the service. A command is declared once: its
// name and words, its arguments and own flags, its examples, the checks of what it was
// given and its work. The builder adds what every such command has: the output options,
// the demo world's and the connection's flags, the examples at the end of --help, a usage
// error (exit 2) before anything is sent, and runWithClient around the work (or, given
// --profiles on a command that takes it, the work over each profile: over-profiles.ts). An
// option every command should have is added here, once (the output's: addOutputOptions,
// read by the writer).
import type { Command } from 'commander';
import type { ClientOptions } from '../../api/client.ts';
import type { CliContext } from '../context.ts';
import { longRunning } from '../long-running/long-running.ts';
import {
  addConnectionOptions,
  addOutputOptions,
  type CommonOptions,
  optionsOf,
  orUsage,
} from '../options.ts';
import { PROFILES_HELP, profileNames } from '../profile/profiles.ts';
import { type CommandSession, type DemoPlay, runWithClient } from '../run-command.ts';
import { examples } from './help.ts';
import { type ProfilesSession, runOverProfiles, withProfiles } from './over-profiles.ts';

/** What a command is, besides its checks and its work. */
interface Declaration {
  name: string;
  description: string;
  /** Its arguments in order, `[syntax, what it is]` (commander gives a variadic one as an array). */
  args?: readonly (readonly [syntax: string, description: string])[];
  /** Its own flags (and anything else of commander's, a usage line), listed before the shared ones. */
  flags?: (command: Command) => unknown;
  /** It prints a table: --csv beside --json. */
  csv?: boolean;
  /** false: no output options, its output has one form (watch's JSON Lines, the exporter's server). */
  outputOptions?: false;
  /**
   * false: its --token-file is its own (where a new device's token goes); the connection's
   * is the one given before the command (`netdeck --token-file network.jwt clients add`).
   */
  tokenFile?: false;
  /** `[command line, what it shows]`: the end of its --help. */
  examples: [string, string][];
  /** Paragraphs of --help before and after the examples (lines, each ending in a newline). */
  help?: { before?: string; after?: string };
  /** What the demo simulator plays beside the world (adopt: the demo network adds its code). */
  demo?: DemoPlay;
  /** It keeps running (watch, exporter): no retry notes, and these client options. */
  longRunning?: true | Partial<ClientOptions>;
  /**
   * It takes --profiles: it runs once per profile and the builder prints what each printed
   * together (over-profiles.ts), unless `runProfiles` is given them all at once.
   */
  profiles?: true;
}

/**
 * Checks what the command was given (its options merged with its parents', its arguments)
 * before anything is sent, and turns it into what its work needs; a UsageError is exit 2
 * with the command's usage line.
 */
type Check<O, A, G> = (options: O, args: A, command: Command) => G;

/** Its work with a client; resolves with an exit code, or anything else for success. */
type Work<G> = (session: CommandSession, given: G) => Promise<unknown>;

/** Its work with every profile of --profiles at once (the exporter: one server for them all). */
type ProfilesWork<G> = (session: ProfilesSession, given: G) => Promise<unknown>;

/** A command that asks the service: `run` is given the options. */
export function serviceCommand<O extends CommonOptions = CommonOptions>(
  parent: Command,
  context: CliContext,
  spec: Declaration & { check?: undefined; run: Work<O>; runProfiles?: ProfilesWork<O> },
): Command;
/** A command that asks the service: `check` reads the options and arguments first, `run` is given what it returns. */
export function serviceCommand<O extends CommonOptions, A extends unknown[], G>(
  parent: Command,
  context: CliContext,
  spec: Declaration & { check: Check<O, A, G>; run: Work<G>; runProfiles?: ProfilesWork<G> },
): Command;
export function serviceCommand(
  parent: Command,
  context: CliContext,
  spec: Declaration & {
    check?: Check<CommonOptions, unknown[], unknown>;
    run: Work<unknown>;
    runProfiles?: ProfilesWork<unknown>;
  },
): Command {
  const command = parent.command(spec.name).description(spec.description);
  for (const [syntax, description] of spec.args ?? []) command.argument(syntax, description);
  spec.flags?.(command);
  if (spec.outputOptions !== false) addOutputOptions(command, { csv: spec.csv });
  if (spec.profiles) command.option('--profiles <names>', PROFILES_HELP);
  addConnectionOptions(command, false, { tokenFile: spec.tokenFile !== false });
  const paragraph = (text: string | undefined) => (text ? `\n${text}` : '');
  command.addHelpText(
    'after',
    `${paragraph(spec.help?.before)}${examples(spec.examples)}${paragraph(spec.help?.after)}`,
  );
  const runIn = spec.longRunning
    ? longRunning(context, spec.longRunning === true ? {} : spec.longRunning)
    : context;
  // commander calls an action with the arguments, then the command's own options, then the command.
  command.action(async (...params: unknown[]) => {
    const cmd = params.at(-1) as Command;
    const options = spec.tokenFile === false ? withConnectionTokenFile(cmd) : optionsOf<CommonOptions>(cmd);
    const check = spec.check;
    const given = check ? orUsage(cmd, () => check(options, params.slice(0, -2), cmd)) : options;
    const over = options.profiles;
    if (spec.profiles && over !== undefined) {
      const names = orUsage(cmd, () => profileNames(runIn, over, options));
      const { runProfiles } = spec;
      if (runProfiles) await withProfiles(runIn, options, names, (session) => runProfiles(session, given));
      else
        await runOverProfiles(runIn, options, names, (session) => spec.run(session, given), {
          live: spec.longRunning !== undefined,
        });
      return;
    }
    await runWithClient(runIn, options, (session) => spec.run(session, given), spec.demo);
  });
  return command;
}

/** The options of a command whose own --token-file is not the connection's: that one comes from before it. */
function withConnectionTokenFile(command: Command): CommonOptions {
  const tokenFile = command.parent ? optionsOf<CommonOptions>(command.parent).tokenFile : undefined;
  return { ...optionsOf<CommonOptions>(command), tokenFile };
}
