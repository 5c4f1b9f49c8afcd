// Colour only for a person at a terminal: never when the stream is not a TTY, never with
// NO_COLOR (chalk itself ignores it), never for TERM=dumb.
import { Chalk, type ChalkInstance } from 'chalk';

export interface ColourTarget {
  isTTY?: boolean;
}

export function wantsColour(stream: ColourTarget, env: Record<string, string | undefined>): boolean {
  if (!stream.isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return env.TERM !== 'dumb';
}

export interface Style {
  readonly colour: boolean;
  bold(text: string): string;
  dim(text: string): string;
  good(text: string): string;
  bad(text: string): string;
  warn(text: string): string;
  accent(text: string): string;
}

export function createStyle(
  stream: ColourTarget,
  env: Record<string, string | undefined>,
  options: { plain?: boolean } = {},
): Style {
  const colour = !options.plain && wantsColour(stream, env);
  // An explicit level: chalk's own detection reads process.env at import time.
  const chalk: ChalkInstance = new Chalk({ level: colour ? 1 : 0 });
  return {
    colour,
    bold: (text) => chalk.bold(text),
    dim: (text) => chalk.dim(text),
    good: (text) => chalk.green(text),
    bad: (text) => chalk.red(text),
    warn: (text) => chalk.yellow(text),
    accent: (text) => chalk.cyan(text),
  };
}
