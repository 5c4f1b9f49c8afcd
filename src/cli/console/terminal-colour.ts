// Ink styles text with chalk's shared instance, whose level chalk read from the
// environment as it loaded: with CI set at all (CI=false included) it says "no colour",
// and the console lost its colours and even the inverse cursor row. At a terminal the
// level comes from the terminal. NO_COLOR is the theme's business (src/ui/theme.ts): it
// drops the colours, while bold and inverse stay.
import chalk from 'chalk';

type ColourLevel = 0 | 1 | 2 | 3;

interface ColourTerminal {
  getColorDepth?(env?: Record<string, string | undefined>): number;
}

/** The chalk level a terminal takes, whatever CI variables the shell exports. */
export function terminalColourLevel(
  stdout: ColourTerminal,
  env: Record<string, string | undefined>,
): ColourLevel {
  if (env.TERM === 'dumb') return 0;
  const { CI: _ci, CONTINUOUS_INTEGRATION: _continuous, ...terminal } = env;
  const depth = stdout.getColorDepth?.(terminal) ?? 4;
  if (depth >= 24) return 3;
  return depth >= 8 ? 2 : 1;
}

/** Sets chalk's level for the console; returns how to put the previous one back. */
export function applyTerminalColours(
  stdout: ColourTerminal,
  env: Record<string, string | undefined>,
): () => void {
  const previous = chalk.level;
  chalk.level = terminalColourLevel(stdout, env);
  return () => {
    chalk.level = previous;
  };
}
