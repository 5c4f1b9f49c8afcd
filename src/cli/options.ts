// Flags and arguments the commands share: the connection flags, the output options, reading a
// command's options with its parents', and the checks of numbers, ids and lists that turn
// a bad value into a usage error before anything is sent.
import { type Command, InvalidArgumentError, Option } from 'commander';
import { MAX_CITIES } from '../../simulator/world/places.ts';
import { describeEras, ERAS, type Era } from '../contract/eras.ts';
import { UUID_PATTERN } from '../contract/schemas.ts';
import { normalHostName } from '../net/host-check.ts';
import { ExitCode, UsageError } from './output/exit-codes.ts';
import { fieldList } from './output/fields.ts';
import type { CliIo } from './output/io.ts';
import { loadJsonFilter } from './output/jq-filter.ts';
import type { OutputFlags } from './output/writer.ts';

export interface CommonOptions extends OutputFlags {
  apiUrl?: string;
  token?: string;
  tokenFile?: string;
  profile?: string;
  /** `--jq PROGRAM` as given (the writer runs it compiled: `jqFilter`). */
  jq?: string;
  /** `--profiles all|NAME,...`, on the commands that run over several profiles. */
  profiles?: string;
  /** The demo world's flags (on the program: `netdeck --seed 7 stats network`). */
  seed?: number;
  era?: Era;
  providers?: number;
  locations?: number;
  ownProviders?: number;
}

/** The demo world when no --seed is given. */
export const DEMO_SEED = 1;

/**
 * The demo world's flags: on the program, on `sim`, and after any command that opens a
 * client. `stillClock` (sim's): speed 0 is a clock that stands still, which only the admin
 * routes move; a console or a command on one would wait for ever.
 */
export function addWorldOptions(command: Command, { stillClock = false } = {}): Command {
  return command
    .option('--seed <n>', 'seed of the world: same seed, same world (default 1)', integerArg({ min: 0 }))
    .option(
      '--speed <factor>',
      stillClock
        ? 'simulated time runs this many times faster (default 1; 0: it stands still, moved only by POST /__sim/advance)'
        : 'simulated time runs this many times faster (default 1)',
      numberArg({ min: stillClock ? 0 : 0.001 }),
    )
    .option('--providers <n>', 'providers in the world (default 5000)', integerArg({ min: 1 }))
    .option(
      '--locations <n>',
      `most populous cities (default 2000, max ${MAX_CITIES})`,
      integerArg({ min: 1, max: MAX_CITIES }),
    )
    .option(
      '--own-providers <n>',
      'providers of the demo network (default 24); more than 5000 without --providers are added to the world’s 5000',
      integerArg({ min: 0 }),
    )
    .addOption(
      new Option('--era <era>', `which era of the real service to play: ${describeEras()}`).choices(ERAS),
    );
}

/**
 * The world flags that cannot go together: the demo network's providers are among the
 * world's, and a world given its size does not grow (the simulator would cap them quietly).
 */
export function checkWorldFlags({
  providers,
  ownProviders,
}: Pick<CommonOptions, 'providers' | 'ownProviders'>): void {
  if (ownProviders !== undefined && providers !== undefined && ownProviders > providers)
    throw new UsageError(
      `--own-providers ${ownProviders} is more than --providers ${providers}: the demo network's providers are among the world's`,
    );
}

/**
 * The connection flags and --quiet, on the program and on every command that talks to
 * the API. `-q` is --quiet before a command (`netdeck -q stats network`); after one it may
 * be the command's own (`locations -q` is --query).
 */
export function addConnectionOptions(
  command: Command,
  onProgram = false,
  /** false: the command has a --token-file of its own (src/cli/token-output.ts) */
  { tokenFile = true } = {},
): Command {
  // The program has the world flags itself; a command takes them after its name too.
  if (!onProgram) addWorldOptions(command);
  command
    .option('--api-url <url>', 'base URL of the API (env NETDECK_API_URL)')
    .option('--token <jwt>', 'access token (env NETDECK_TOKEN); prefer --token-file');
  if (tokenFile)
    command.option('--token-file <path>', 'file holding the access token (env NETDECK_TOKEN_FILE)');
  return command
    .option('--profile <name>', 'profile of the config file to use (env NETDECK_PROFILE)')
    .option(
      `${onProgram ? '-q, ' : ''}--quiet`,
      'no notes on stderr (the demo notice and the like); warnings and errors still show',
    );
}

/**
 * The output options of a command: --json (the service's answer), --fields (the rows'
 * fields, by their CSV names; `--json=FIELDS` says the same), --jq (a jq program over the
 * JSON), and on a command that prints a table --csv (its records: data only) and --jsonl
 * (a row a line). --csv with --json, --jsonl or --jq is a usage error. What each prints is
 * decided in one place, the writer (output/writer.ts); the --jq program is compiled here,
 * before anything is sent, and only when given.
 */
export function addOutputOptions(command: Command, { csv = false } = {}): Command {
  command
    .option(
      '--json',
      `print the response JSON instead of ${csv ? 'a table' : 'text'}; --json=FIELDS: the rows' fields instead (see --fields)`,
    )
    .option(
      '--fields <names>',
      'only these fields of each row, named as the --csv header names them, separated by commas: JSON objects of them (JSON Lines where rows stream)' +
        (csv ? ', or those CSV columns with --csv' : ''),
      commanderArg(fieldList),
    )
    .option(
      '--jq <program>',
      'run this jq program over the JSON printed (over each line of JSON Lines); strings print as text',
    );
  if (csv)
    command
      .option(
        '--csv',
        'print the table as CSV: one header row, then records of raw values in the units the column names say',
      )
      .option('--jsonl', 'print JSON Lines: one JSON object a row (rows that stream: as --json prints them)');
  acceptJsonFields(command);
  return command.hook('preAction', async (_program, action) => {
    const given = optionsOf<CommonOptions>(action);
    const withCsv = given.csv && (['json', 'jsonl', 'jq'] as const).find((flag) => given[flag] !== undefined);
    if (withCsv)
      action.error(`error: --${withCsv} and --csv cannot be used together`, { exitCode: ExitCode.usage });
    if (given.jq === undefined || given.jqFilter) return;
    try {
      action.setOptionValue('jqFilter', await loadJsonFilter(given.jq));
    } catch (error) {
      if (error instanceof UsageError) action.error(`error: ${error.message}`, { exitCode: ExitCode.usage });
      throw error;
    }
  });
}

/**
 * `--json=FIELDS` is `--json --fields FIELDS`. Only the `=` form: commander's optional
 * values take the next word, so `block --json de` would pick the field `de` and block
 * nothing; the words after `--` are left as they are.
 */
function acceptJsonFields(command: Command): void {
  const parse = command.parseOptions.bind(command);
  command.parseOptions = (args: string[]) => {
    const end = args.includes('--') ? args.indexOf('--') : args.length;
    return parse(
      args.flatMap((arg, i) =>
        i < end && arg.startsWith('--json=') ? ['--json', '--fields', arg.slice('--json='.length)] : [arg],
      ),
    );
  };
}

/** A check that throws a UsageError, as commander's argParser (its message a usage error). */
const commanderArg =
  <T>(parse: (value: string) => T) =>
  (value: string): T => {
    try {
      return parse(value);
    } catch (error) {
      if (error instanceof UsageError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };

/** Options of a command merged with its parents'; the innermost command wins. */
export function optionsOf<T extends object>(command: Command): T {
  const chain: Command[] = [];
  for (let at: Command | null = command; at; at = at.parent) chain.unshift(at);
  return Object.assign({}, ...chain.map((c) => c.opts())) as T;
}

/** A whole-number flag value; commander reports a bad one as a usage error. */
export function integerArg(range: { min?: number; max?: number } = {}) {
  return (value: string): number => {
    const text = value.trim();
    const number = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(number))
      throw new InvalidArgumentError('expects a whole number.');
    checkRange(number, range);
    return number;
  };
}

export function numberArg(range: { min?: number; max?: number } = {}) {
  return (value: string): number => {
    const text = value.trim();
    const number = Number(text);
    if (text === '' || !Number.isFinite(number)) throw new InvalidArgumentError('expects a number.');
    checkRange(number, range);
    return number;
  };
}

function checkRange(number: number, range: { min?: number; max?: number }): void {
  if (range.min !== undefined && number < range.min)
    throw new InvalidArgumentError(`must be at least ${range.min}.`);
  if (range.max !== undefined && number > range.max)
    throw new InvalidArgumentError(`must be at most ${range.max}.`);
}

/** A UUID-form id (the service answers 400 to anything else); upper case is accepted. */
export function uuidOf(value: string, what = 'id'): string {
  const id = value.trim().toLowerCase();
  if (!UUID_PATTERN.test(id)) {
    throw new UsageError(
      `"${value}" is not a valid ${what}: expected a UUID like 3f2c9a4e-0b1d-4c7e-9a8f-2d6b1e0c5a47`,
    );
  }
  return id;
}

/** A repeatable flag of UUIDs; a malformed one is a usage error before anything is sent. */
export const collectUuids = (value: string, previous: string[] = []): string[] => {
  const id = value.trim().toLowerCase();
  if (!UUID_PATTERN.test(id))
    throw new InvalidArgumentError('expected a UUID (36 hex characters with dashes).');
  return [...previous, id];
};

/** --allow-host (sim, exporter), repeatable: a host name or address, without a port. */
export function collectHostNames(value: string, previous: string[] = []): string[] {
  const name = normalHostName(value);
  if (!name) throw new InvalidArgumentError('expects a host name or an IP address, without a port.');
  return [...previous, name];
}

/** `--yes`, on a command that asks before it changes something (asksFirst). */
export const addYesOption = (command: Command): Command =>
  command.option('--yes', 'do not ask (needed without a terminal)');

/**
 * Whether to ask before the command does `what` (a verb: redeem, remove): not with --yes;
 * without a terminal to ask on, a usage error that says to add --yes.
 */
export function asksFirst(yes: boolean | undefined, io: CliIo, what: string): boolean {
  if (yes) return false;
  if (!io.stdin?.isTTY)
    throw new UsageError(`no terminal to ask on: add --yes to ${what} without a question`);
  return true;
}

/** Collects a repeatable flag into an array. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Runs checks that span several flags; a UsageError becomes commander's usage error (exit 2). */
export function orUsage<T>(command: Command, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof UsageError) command.error(`error: ${error.message}`, { exitCode: ExitCode.usage });
    throw error;
  }
}
