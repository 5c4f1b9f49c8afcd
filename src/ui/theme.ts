// The console's themes: colours and symbols in one place (`--theme`, NETDECK_THEME, the
// config key `theme`). dark (the default) is for a dark terminal, light for a light one,
// mono has no colour and draws ASCII and box drawing only (glyphs.ts). NO_COLOR
// (https://no-color.org) takes the colours away from any theme and keeps its symbols: it
// is about colour, and a terminal that draws Unicode still does. chalk, which Ink uses,
// does not read it, so every colour passes through here. Emphasis that is not colour
// (bold, inverse for the cursor row) stays: it is needed to see where you are.
import { ASCII_GLYPHS, type Glyphs, UNICODE_GLYPHS } from './glyphs.ts';

export const THEME_NAMES = ['dark', 'light', 'mono'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'dark';

export interface Theme {
  name: ThemeName;
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
  glyphs: Glyphs;
}

export const COLOR_THEME: Theme = {
  name: 'dark',
  accent: 'cyan',
  muted: 'gray',
  ok: 'green',
  warn: 'yellow',
  error: 'red',
  marked: 'magenta',
  dim: true,
  glyphs: UNICODE_GLYPHS,
};

/** Colours that read on a light background: no yellow or cyan on white, no faint text. */
export const LIGHT_THEME: Theme = {
  name: 'light',
  accent: 'blue',
  muted: 'gray',
  ok: 'green',
  warn: '#af5f00',
  error: 'red',
  marked: 'magenta',
  dim: false,
  glyphs: UNICODE_GLYPHS,
};

export const MONO_THEME: Theme = { name: 'mono', dim: false, glyphs: ASCII_GLYPHS };

/** dark's symbols without colours: NO_COLOR. */
export const PLAIN_THEME: Theme = { name: 'dark', dim: false, glyphs: UNICODE_GLYPHS };

const THEMES: Record<ThemeName, Theme> = { dark: COLOR_THEME, light: LIGHT_THEME, mono: MONO_THEME };

/** The theme of this name; NO_COLOR set to anything but the empty string takes its colours away. */
export function themeFor(env: NodeJS.ProcessEnv = process.env, name: ThemeName = DEFAULT_THEME): Theme {
  const theme = THEMES[name];
  if (env.NO_COLOR === undefined || env.NO_COLOR === '') return theme;
  return { name: theme.name, dim: false, glyphs: theme.glyphs };
}
