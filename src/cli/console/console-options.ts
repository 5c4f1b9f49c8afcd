// The console's own flags, on the program (the console is `netdeck` with no command), and
// its client's settings. A module of their own, light to load: the early first paint
// (early-paint.ts) reads the command line with them before the commands are loaded.
import { type Command, Option } from 'commander';
import { DEFAULT_REFRESH_SECONDS, REFRESH_BOUNDS } from '../../store/deps.ts';
import { THEME_NAMES } from '../../ui/theme.ts';
import { integerArg } from '../options.ts';

/**
 * The console keeps retrying in the background, so its client retries more than a
 * command's; a call that has not ended in 30 s (retries included) is given up, so the
 * header's "connecting…" turns into "retrying" against a server that drips its answer.
 * Each profile's client of the merged views (every-profile.ts) is the same.
 */
export const CONSOLE_CLIENT_DEFAULTS = {
  retries: 3,
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  deadlineMs: 30_000,
};

export function addConsoleOptions(command: Command): Command {
  return command
    .option(
      '--refresh <seconds>',
      `the console reloads its live panes every SECONDS (default ${DEFAULT_REFRESH_SECONDS}; config key refresh_seconds)`,
      integerArg(REFRESH_BOUNDS),
    )
    .option(
      '--no-mouse',
      'no clicks or wheel in the console, so the terminal selects text (NETDECK_MOUSE=0; config key mouse)',
    )
    .addOption(
      new Option(
        '--theme <name>',
        'the console’s colours and symbols: dark (default), light, or mono (no colour, ASCII and box drawing) (NETDECK_THEME; config key theme)',
      ).choices(THEME_NAMES),
    )
    .option(
      '--profiles <names>',
      'the profiles My providers and Earnings show merged, from the start (all, or names separated by commas; without it, a in either pane merges every profile)',
    );
}
