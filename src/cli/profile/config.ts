// The one configuration resolver (the TUI uses it too). Each value is taken from the
// first place that has it: flags > environment > the profile (config file, then the
// login `netdeck login` stored) > the demo simulator (or, for the refresh, the default).
import { homedir as osHomedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import * as z from 'zod';
import { hideUrlCredentials, TOKEN_RULE, tokenProblem } from '../../api/auth.ts';
import { issuePath } from '../../contract/issue-path.ts';
import { readSmallFile, type SmallFile, UnusableFileError } from '../../safe-files.ts';
import { echoed } from '../../sanitize.ts';
import { DEFAULT_REFRESH_SECONDS, REFRESH_BOUNDS } from '../../store/deps.ts';
import { keymap } from '../../ui/keys/keymap.ts';
import { type KeyRemaps, remapKeys } from '../../ui/keys/remap.ts';
import { DEFAULT_THEME, THEME_NAMES, type ThemeName } from '../../ui/theme.ts';
import { didYouMean } from '../suggest.ts';
import {
  DEFAULT_PROFILE,
  LoginFileError,
  loginPath,
  profileNameProblem,
  readLogin,
  type StoredLogin,
} from './login-store.ts';
import { WATCH_KEYS, type WatchFileValues, watchValuesOf } from './watch-settings.ts';

export type ValueSource = 'flag' | 'env' | 'file' | 'login' | 'default';

export interface Sourced<T> {
  value: T;
  source: ValueSource;
  /** Where exactly: `--api-url`, `NETDECK_TOKEN`, `/home/me/.config/netdeck/config.json (profile prod)`. */
  origin: string;
}

export interface ConfigFlags {
  apiUrl?: string;
  token?: string;
  tokenFile?: string;
  profile?: string;
  /** The console's refresh period, seconds (`--refresh`). */
  refresh?: number;
  /** false for `--no-mouse` (commander's true, the default, says nothing). */
  mouse?: boolean;
  /** The console's theme (`--theme`). */
  theme?: string;
}

interface ConfigCommon {
  profile?: Sourced<string>;
  /** How often the console's live panes reload, in seconds. */
  refresh: Sourced<number>;
  /** Whether the console takes clicks and the wheel (off: the terminal selects text). */
  mouse: Sourced<boolean>;
  /** The console's colours and characters. */
  theme: Sourced<ThemeName>;
  /** The console's keys the user remapped (checked against the key table: no conflict). */
  keys?: Sourced<KeyRemaps>;
  configFile: { path: string; found: boolean };
  /** The profile's stored login (`netdeck login`): where it is kept, and what it holds. */
  login: { path: string; stored?: StoredLogin };
  /** What the profile says about watching (watch-settings.ts): the keys it sets, and where. */
  watch: { values: WatchFileValues; origin: string };
  /** Things worth a `warning:` line on stderr (a token file others can read). */
  warnings: string[];
}

/** The token itself; `file` is set when it was read from a token file. */
export type SourcedToken = Sourced<string> & { file?: string };

/**
 * `api` with an API URL (and a token, if one is configured); `demo` when no API URL is
 * configured: the console and the commands run against an in-process simulator, and no
 * token can be configured (one without a URL is an error).
 */
export type ResolvedConfig = ConfigCommon &
  (
    | { mode: 'api'; apiUrl: Sourced<string>; token?: SourcedToken }
    | { mode: 'demo'; apiUrl?: undefined; token?: undefined }
  );

/** A configuration that cannot work (exit code 2, like a bad flag). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ConfigFs {
  /** A regular file of at most `limit` bytes, with its mode; throws for anything else. */
  readFile(path: string, limit: number): SmallFile;
  homedir(): string;
}

const nodeFs: ConfigFs = { readFile: readSmallFile, homedir: osHomedir };

/** Far more than any real config file: a FIFO, a device or a huge file is refused, not read for ever. */
const CONFIG_FILE_LIMIT = 1024 * 1024;
/** A JWT is about a kilobyte. */
const TOKEN_FILE_LIMIT = 64 * 1024;

/** A file other users can read (group or others). */
const readableByOthers = (mode: number | undefined) => mode !== undefined && (mode & 0o044) !== 0;
const octal = (mode: number) => (mode & 0o777).toString(8);

/** NETDECK_MOUSE's words for off and on. */
const OFF_WORDS = new Set(['0', 'false', 'no', 'off']);
const ON_WORDS = new Set(['1', 'true', 'yes', 'on']);

/** The console's mouse: --no-mouse > NETDECK_MOUSE > the profile's `mouse` > on. */
function mouseSetting(
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  fromFile: boolean | undefined,
  fileOrigin: string,
): Sourced<boolean> {
  if (flags.mouse === false) return { value: false, source: 'flag', origin: '--no-mouse' };
  const word = env.NETDECK_MOUSE?.trim().toLowerCase();
  if (word) {
    if (OFF_WORDS.has(word)) return { value: false, source: 'env', origin: 'NETDECK_MOUSE' };
    if (ON_WORDS.has(word)) return { value: true, source: 'env', origin: 'NETDECK_MOUSE' };
    throw new ConfigError(`NETDECK_MOUSE is "${env.NETDECK_MOUSE}": use 0 or 1`);
  }
  if (fromFile !== undefined) return { value: fromFile, source: 'file', origin: fileOrigin };
  return { value: true, source: 'default', origin: 'default' };
}

/** The console's theme: --theme > NETDECK_THEME > the profile's `theme` > dark. */
function themeSetting(
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  fromFile: ThemeName | undefined,
  fileOrigin: string,
): Sourced<ThemeName> {
  const given = firstOf([flags.theme, 'flag', '--theme'], [env.NETDECK_THEME, 'env', 'NETDECK_THEME']);
  if (given) {
    const name = given.value.trim().toLowerCase();
    if (!(THEME_NAMES as readonly string[]).includes(name))
      throw new ConfigError(
        `the theme "${echoed(given.value)}" (from ${given.origin}) is not one of ${THEME_NAMES.join(', ')}${didYouMean(name, THEME_NAMES)}`,
      );
    return { value: name as ThemeName, source: given.source, origin: given.origin };
  }
  if (fromFile !== undefined) return { value: fromFile, source: 'file', origin: fileOrigin };
  return { value: DEFAULT_THEME, source: 'default', origin: 'default' };
}

/**
 * The profile's remapped keys, if any, when they fit the key table: an action that does
 * not exist, a key that cannot be typed, ctrl-c, or two actions that would share a key
 * (in one scope, or a pane's key that is a global one) is a problem naming it.
 */
function keysSetting(fromFile: KeyRemaps | undefined, fileOrigin: string): Sourced<KeyRemaps> | undefined {
  if (fromFile === undefined) return undefined;
  const problems = keysProblems(fromFile);
  if (problems.length) throw new ConfigError(`${fileOrigin}: keys: ${problems.join('; ')}`);
  return { value: fromFile, source: 'file', origin: fileOrigin };
}

/** What is wrong with remapped keys against the key table (none: they fit); `config set` asks too. */
export const keysProblems = (keys: KeyRemaps): string[] =>
  remapKeys(keymap, keys, (name, known) => didYouMean(name, known, '"')).problems;

/** What a setting takes, in words (the file's problems and `config set` say it). */
const SECONDS = `takes a whole number of seconds, ${REFRESH_BOUNDS.min} to ${REFRESH_BOUNDS.max}`;

const Profile = z.strictObject({
  api_url: z.string({ error: 'takes a URL, as text' }).optional(),
  token: z.string({ error: 'takes the token, as text' }).optional(),
  token_file: z.string({ error: 'takes a path, as text' }).optional(),
  refresh_seconds: z
    .number({ error: SECONDS })
    .int({ error: SECONDS })
    .min(REFRESH_BOUNDS.min, { error: SECONDS })
    .max(REFRESH_BOUNDS.max, { error: SECONDS })
    .optional(),
  mouse: z.boolean({ error: 'takes true or false' }).optional(),
  theme: z.enum(THEME_NAMES, { error: `takes ${THEME_NAMES.join(', ')}` }).optional(),
  /** Action name -> its keys (src/ui/keys/remap.ts); checked against the key table as it is resolved. */
  keys: z.record(z.string(), z.array(z.string()).max(16)).optional(),
  // Issue 35: idle providers and the alerts of `watch`.
  ...WATCH_KEYS,
});
const ConfigFile = Profile.extend({
  default_profile: z.string().optional(),
  profiles: z.record(z.string(), Profile).optional(),
});
type Profile = z.infer<typeof Profile>;

function configFilePath(env: Record<string, string | undefined>, fs: ConfigFs = nodeFs): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || fs.homedir(), '.config');
  return join(base, 'netdeck', 'config.json');
}

export function expandHome(
  path: string,
  env: Record<string, string | undefined>,
  fs: ConfigFs = nodeFs,
): string {
  if (path === '~' || path.startsWith('~/')) return join(env.HOME?.trim() || fs.homedir(), path.slice(1));
  return path;
}

/** The watch keys of the file's top level (a profile's replace them below). */
const pickWatchKeys = (file: Profile): Partial<Profile> =>
  Object.fromEntries(Object.keys(WATCH_KEYS).map((key) => [key, file[key as keyof Profile]]));

/** Every problem of a config file that parsed as JSON, naming the key (all of them, not the first). */
function fileProblems(path: string, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      // A mistyped key must not be ignored (an `apiurl` would quietly fall back to the demo).
      const where = issue.path.length ? ` in ${issuePath(issue.path)}` : '';
      const known = issue.path.length ? Object.keys(Profile.shape) : Object.keys(ConfigFile.shape);
      const keys = issue.keys.map((key) => `"${echoed(key)}"${didYouMean(key, known, '"')}`).join(', ');
      return `config file ${path}: unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${where}`;
    }
    return `config file ${path}: ${issuePath(issue.path)}: ${issue.message}`;
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys of `value` that `shape` knows and accepts; the rest is left out. */
function goodFields(shape: Record<string, z.ZodType>, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(value[key]);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out;
}

/** What can be used of a config file that failed its schema: each good key, in each profile too. */
function salvageConfigFile(json: unknown): z.infer<typeof ConfigFile> {
  const { profiles: _profiles, ...topShape } = ConfigFile.shape;
  const top = goodFields(topShape, json) as z.infer<typeof ConfigFile>;
  const profiles = isRecord(json) && isRecord(json.profiles) ? json.profiles : undefined;
  if (profiles)
    top.profiles = Object.fromEntries(
      Object.entries(profiles)
        .filter(([, profile]) => isRecord(profile))
        .map(([name, profile]) => [name, goodFields(Profile.shape, profile) as Profile]),
    );
  return top;
}

function readConfigFile(
  path: string,
  fs: ConfigFs,
  problems?: string[],
): (z.infer<typeof ConfigFile> & { mode?: number }) | undefined {
  let text: string;
  let mode: number | undefined;
  try {
    ({ text, mode } = fs.readFile(path, CONFIG_FILE_LIMIT));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof UnusableFileError) throw new ConfigError(`cannot use config file: ${error.message}`);
    throw new ConfigError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const problem = `config file ${path} is not valid JSON (${(error as Error).message})`;
    if (!problems) throw new ConfigError(problem);
    problems.push(problem);
    return { mode };
  }
  const parsed = ConfigFile.safeParse(json);
  if (!parsed.success) {
    const found = fileProblems(path, parsed.error.issues);
    if (!problems) throw new ConfigError(found[0]);
    // `netdeck config` lists them all and shows what the good keys give.
    problems.push(...found);
    return { ...salvageConfigFile(json), mode };
  }
  return { ...parsed.data, mode };
}

/** Whether two API URLs name the same service (case of the host, trailing slashes aside). */
function sameApiUrl(a: string, b: string): boolean {
  const normal = (url: string) => {
    try {
      return new URL(url.trim()).href.replace(/\/+$/, '');
    } catch {
      return url.trim();
    }
  };
  return normal(a) === normal(b);
}

function checkApiUrl(url: Sourced<string>): Sourced<string> {
  const value = url.value.trim();
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`API URL from ${url.origin} is not a URL: ${hideUrlCredentials(value)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(
      `API URL from ${url.origin} must start with http:// or https://: ${hideUrlCredentials(value)}`,
    );
  }
  return { ...url, value: value.replace(/\/+$/, '') };
}

/**
 * A token netdeck can send (auth.ts tokenProblem, the one check): one with a line break or
 * another control in it (a file with two lines, a pasted escape), or far too long, would
 * make an invalid header: a usage error here, not a network failure retried later.
 */
function checkToken<T extends Sourced<string> & { file?: string }>(token: T): T {
  const problem = tokenProblem(token.value);
  if (problem === undefined) return token;
  const where = token.file ? `token file ${token.file} (from ${token.origin})` : `token from ${token.origin}`;
  throw new ConfigError(`the ${where} ${problem}: ${TOKEN_RULE}`);
}

/** Reads a token file; warns when people other than its owner can read it. */
function readTokenFile(
  path: string,
  origin: string,
  source: ValueSource,
  fs: ConfigFs,
  warnings: string[],
): Sourced<string> & { file: string } {
  let file: SmallFile;
  try {
    file = fs.readFile(path, TOKEN_FILE_LIMIT);
  } catch (error) {
    if (error instanceof UnusableFileError)
      throw new ConfigError(`cannot use token file (from ${origin}): ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `cannot read token file ${path} (from ${origin}): ${code ?? (error as Error).message}`,
    );
  }
  const token = file.text.trim();
  if (!token) throw new ConfigError(`token file ${path} (from ${origin}) is empty`);
  if (readableByOthers(file.mode)) {
    warnings.push(
      `token file ${path} can be read by other users (mode ${octal(file.mode!)}); run: chmod 600 ${path}`,
    );
  }
  return checkToken({ value: token, source, origin, file: path });
}

/** A place a value may come from: the value there (if any), its kind, how to name it, and what it holds. */
type Place = [value: string | undefined, source: ValueSource, origin: string, holds?: 'path'];

/** The first place that has a value (blank is none), with where it came from. */
function firstOf(...places: Place[]): (Sourced<string> & { holds?: 'path' }) | undefined {
  for (const [value, source, origin, holds] of places)
    if (value?.trim()) return { value, source, origin, ...(holds ? { holds } : {}) };
  return undefined;
}

/**
 * The profile: --profile > NETDECK_PROFILE > the file's default_profile. `--profile ''`
 * names none (it is not the default one), and a name longer than a login file's name can
 * hold is refused before any file is named after it.
 */
function chooseProfile(
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  path: string,
  file: z.infer<typeof ConfigFile> | undefined,
): Sourced<string> | undefined {
  if (flags.profile !== undefined && !flags.profile.trim())
    throw new ConfigError(
      "--profile '' names no profile: give a name, or leave --profile out for the default one",
    );
  const profile = firstOf(
    [flags.profile, 'flag', '--profile'],
    [env.NETDECK_PROFILE, 'env', 'NETDECK_PROFILE'],
    [file?.default_profile, 'file', `${path} (default_profile)`],
  );
  if (!profile) return undefined;
  const value = profile.value.trim();
  const problem = profileNameProblem(value);
  if (problem)
    throw new ConfigError(`the profile name "${echoed(value)}" (from ${profile.origin}) ${problem}`);
  return { ...profile, value };
}

/**
 * The profile the configuration runs on, as the console's header names it: the one chosen
 * (--profile, NETDECK_PROFILE, default_profile), else `default` where the API comes from
 * the config file or a kept login; none for the demo, or an API given by a flag or the
 * environment alone.
 */
export function profileInUse(config: ResolvedConfig): string | undefined {
  if (config.profile) return config.profile.value;
  const fromProfile = config.apiUrl?.source === 'file' || config.apiUrl?.source === 'login';
  return fromProfile ? DEFAULT_PROFILE : undefined;
}

/** Where the profile's login is stored, without reading it (for `netdeck logout`, which must work on a broken one). */
export function loginFileOf(
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  fs: ConfigFs = nodeFs,
) {
  const path = configFilePath(env, fs);
  const profile = chooseProfile(flags, env, path, readConfigFile(path, fs));
  return { path: loginPath(dirname(path), profile?.value), profile: profile?.value ?? DEFAULT_PROFILE };
}

export interface ResolveOptions {
  /**
   * For `netdeck login`, which replaces the stored login: a broken one is not read, and a
   * profile the config file does not name is fine (the login makes it).
   */
  forLogin?: boolean;
  /**
   * For `netdeck config`: a problem (a broken file, an unknown key, a bad value, a missing
   * profile or token file) goes to `problems` instead of being thrown, and the values that
   * can still be resolved are.
   */
  problems?: string[];
}

export function resolveConfig(
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  fs: ConfigFs = nodeFs,
  options: ResolveOptions = {},
): ResolvedConfig {
  const warnings: string[] = [];
  const { problems } = options;
  /** `step`'s value; with `problems`, a ConfigError there is listed and `fallback` used. */
  const attempt = <T>(step: () => T, fallback: T): T => {
    if (!problems) return step();
    try {
      return step();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error.message);
      return fallback;
    }
  };
  const path = configFilePath(env, fs);
  const file = attempt(() => readConfigFile(path, fs, problems), undefined);
  const profile = chooseProfile(flags, env, path, file);

  // The login `netdeck login` stored for this profile.
  const loginFile = loginPath(dirname(path), profile?.value);
  const stored = attempt((): StoredLogin | undefined => {
    try {
      return options.forLogin ? undefined : readLogin(loginFile, warnings);
    } catch (error) {
      if (error instanceof LoginFileError) throw new ConfigError(error.message);
      throw error;
    }
  }, undefined);
  const loginOrigin = `netdeck login (${loginFile})`;

  let fromFile: Profile = {};
  let fileOrigin = path;
  if (file)
    fromFile = {
      api_url: file.api_url,
      token: file.token,
      token_file: file.token_file,
      refresh_seconds: file.refresh_seconds,
      mouse: file.mouse,
      theme: file.theme,
      keys: file.keys,
      ...pickWatchKeys(file),
    };
  // Own keys only: `constructor` or `toString` is no profile unless the file names one so.
  const profiles = file?.profiles ?? {};
  const chosen = profile && Object.hasOwn(profiles, profile.value) ? profiles[profile.value] : undefined;
  // A profile is named in the config file, or made by `netdeck login --profile`; `default`
  // is also the file's top level when that names a service (as `config profiles` lists it).
  const topLevel = profile?.value === DEFAULT_PROFILE && Boolean(file?.api_url?.trim());
  if (profile && !chosen && !stored && !topLevel && !options.forLogin) {
    const known = Object.keys(file?.profiles ?? {});
    attempt(() => {
      throw new ConfigError(
        `no profile "${profile.value}" (from ${profile.origin}) in ${path}` +
          (file ? `; profiles there: ${known.join(', ') || 'none'}` : ' (the file does not exist)') +
          ', and no login kept for it (netdeck login --profile NAME makes one)',
      );
    }, undefined);
  }
  if (profile && chosen) {
    // A profile's fields replace the top-level ones of the file.
    fromFile = {
      ...fromFile,
      ...Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== undefined)),
    };
    fileOrigin = `${path} (profile ${profile.value})`;
  }

  const givenUrl = firstOf(
    [flags.apiUrl, 'flag', '--api-url'],
    [env.NETDECK_API_URL, 'env', 'NETDECK_API_URL'],
    [fromFile.api_url, 'file', fileOrigin],
    [stored?.apiUrl, 'login', loginOrigin],
  );
  const apiUrl = givenUrl && attempt(() => checkApiUrl(givenUrl), undefined);

  // Within one level, the token itself wins over a token file (a relative token_file of
  // the config file is relative to its folder).
  const given = firstOf(
    [flags.token, 'flag', '--token'],
    [flags.tokenFile, 'flag', '--token-file', 'path'],
    [env.NETDECK_TOKEN, 'env', 'NETDECK_TOKEN'],
    [env.NETDECK_TOKEN_FILE, 'env', 'NETDECK_TOKEN_FILE', 'path'],
    [fromFile.token, 'file', fileOrigin],
    [fromFile.token_file, 'file', fileOrigin, 'path'],
  );
  let token: SourcedToken | undefined;
  if (given?.holds === 'path') {
    const expanded = expandHome(given.value.trim(), env, fs);
    const relativeTo = given.source === 'file' ? dirname(path) : undefined;
    const at = relativeTo && !isAbsolute(expanded) ? resolve(relativeTo, expanded) : resolve(expanded);
    token = attempt(() => readTokenFile(at, given.origin, given.source, fs, warnings), undefined);
  } else if (given) {
    token = attempt(
      () => checkToken({ value: given.value.trim(), source: given.source, origin: given.origin }),
      undefined,
    );
    if (given.source === 'file' && file?.mode !== undefined && readableByOthers(file.mode))
      warnings.push(
        `config file ${path} holds a token and can be read by other users (mode ${octal(file.mode)}); run: chmod 600 ${path}`,
      );
  } else if (stored && apiUrl && sameApiUrl(stored.apiUrl, apiUrl.value)) {
    // The stored token is sent only to the API it was issued by.
    token = { value: stored.token, source: 'login', origin: loginOrigin };
  }

  // An API URL given but unusable is a problem listed already: its token goes unused.
  if (token && !apiUrl && givenUrl) token = undefined;
  if (token && !apiUrl) {
    const origin = token.origin;
    token = attempt(() => {
      throw new ConfigError(
        `a token is configured (${origin}) but no API URL: set --api-url or NETDECK_API_URL ` +
          '(without a URL and a token netdeck uses its demo simulator)',
      );
    }, undefined);
  }

  let refresh: Sourced<number> = { value: DEFAULT_REFRESH_SECONDS, source: 'default', origin: 'default' };
  if (flags.refresh !== undefined) refresh = { value: flags.refresh, source: 'flag', origin: '--refresh' };
  else if (fromFile.refresh_seconds !== undefined)
    refresh = { value: fromFile.refresh_seconds, source: 'file', origin: fileOrigin };

  const common: ConfigCommon = {
    profile,
    refresh,
    mouse: mouseSetting(flags, env, fromFile.mouse, fileOrigin),
    theme: attempt(() => themeSetting(flags, env, fromFile.theme, fileOrigin), {
      value: DEFAULT_THEME,
      source: 'default',
      origin: 'default',
    }),
    keys: attempt(() => keysSetting(fromFile.keys, fileOrigin), undefined),
    configFile: { path, found: file !== undefined },
    login: { path: loginFile, stored },
    watch: { values: watchValuesOf(fromFile), origin: fileOrigin },
    warnings,
  };
  return apiUrl ? { ...common, mode: 'api', apiUrl, token } : { ...common, mode: 'demo' };
}

// For `netdeck config get|set|profiles` (config-edit.ts): the schema is the one list of keys.
export {
  CONFIG_FILE_LIMIT,
  ConfigFile as ConfigFileSchema,
  chooseProfile,
  configFilePath,
  nodeFs as defaultConfigFs,
  Profile as ProfileSchema,
};
