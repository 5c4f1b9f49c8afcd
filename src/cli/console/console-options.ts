// The console's own flags, on the program (the console is `netdeck` with no command). A
// module of their own, light to load: the early first paint (early-paint.ts) reads the
// command line with them before the commands are loaded.
import { type Command, Option } from 'commander';
import { DEFAULT_REFRESH_SECONDS, REFRESH_BOUNDS } from '../../store/deps.ts';
import { THEME_NAMES } from '../../ui/theme.ts';
import { integerArg } from '../options.ts';

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
    );
}
