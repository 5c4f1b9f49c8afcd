// Colours in one place. NO_COLOR (https://no-color.org) gives a theme without colours:
// chalk, which Ink uses, does not read it, so every colour passes through here.
// Emphasis that is not colour (bold, inverse for the cursor row) stays: it is needed to
// see where you are.

export interface Theme {
  /** Accent: the active tab, titles. */
  accent?: string;
  muted?: string;
  ok?: string;
  warn?: string;
  error?: string;
  /** A marked row. */
  marked?: string;
  /** Dim secondary text (Ink's dimColor) where colours are on. */
  dim: boolean;
}

export const COLOR_THEME: Theme = {
  accent: 'cyan',
  muted: 'gray',
  ok: 'green',
  warn: 'yellow',
  error: 'red',
  marked: 'magenta',
  dim: true,
};

export const PLAIN_THEME: Theme = { dim: false };

/** NO_COLOR set to anything but the empty string turns colours off. */
export function themeFor(env: NodeJS.ProcessEnv = process.env): Theme {
  return env.NO_COLOR !== undefined && env.NO_COLOR !== '' ? PLAIN_THEME : COLOR_THEME;
}
