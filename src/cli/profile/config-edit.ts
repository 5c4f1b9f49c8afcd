// `netdeck config get|set|profiles`: the config file read and changed key by key. Every
// key and value is the config schema's (config.ts), so a key added there can be read and
// set here with nothing more; a change is checked against the whole schema before it is
// written, and a bad one writes nothing.
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type * as z from 'zod';
import { issuePath } from '../../contract/issue-path.ts';
import { replacePrivateFile } from '../../safe-files.ts';
import { makeOwnFolder, UnsafeFolderError } from '../../safe-folders.ts';
import { echoed } from '../../sanitize.ts';
import type { KeyRemaps } from '../../ui/keys/remap.ts';
import { UsageError } from '../output/exit-codes.ts';
import { didYouMean } from '../suggest.ts';
import {
  CONFIG_FILE_LIMIT,
  ConfigError,
  ConfigFileSchema,
  type ConfigFlags,
  type ConfigFs,
  chooseProfile,
  configFilePath,
  keysProblems,
  defaultConfigFs as nodeFs,
  ProfileSchema,
} from './config.ts';
import { DEFAULT_PROFILE, readLogin } from './login-store.ts';

type Json = Record<string, unknown>;
/** The environment variables the config file's path and the profile are read from. */
type Env = Record<string, string | undefined>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys a profile may set, and those only the file's top level may (`default_profile`). */
export function configKeys(): { profile: string[]; topOnly: string[] } {
  const profile = Object.keys(ProfileSchema.shape);
  const topOnly = Object.keys(ConfigFileSchema.shape).filter(
    (key) => key !== 'profiles' && !profile.includes(key),
  );
  return { profile, topOnly };
}

/** Every key `config get` and `config set` take. */
export const settableKeys = (): string[] => {
  const { profile, topOnly } = configKeys();
  return [...profile, ...topOnly];
};

/** The config file as JSON ({} when there is none); a file that is not JSON is refused. */
function readRaw(path: string, fs: ConfigFs): { json: Json; found: boolean } {
  let text: string;
  try {
    text = fs.readFile(path, CONFIG_FILE_LIMIT).text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { json: {}, found: false };
    throw new ConfigError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `config file ${path} is not valid JSON (${(error as Error).message}); fix it first`,
    );
  }
  if (!isRecord(json)) throw new ConfigError(`config file ${path} is not a JSON object; fix it first`);
  return { json, found: true };
}

function checkKey(key: string): { topOnly: boolean } {
  const { profile, topOnly } = configKeys();
  if (profile.includes(key)) return { topOnly: false };
  if (topOnly.includes(key)) return { topOnly: true };
  const known = [...profile, ...topOnly];
  throw new UsageError(
    `unknown config key "${echoed(key)}"${didYouMean(key, known, '"')}; keys: ${known.join(', ')}`,
  );
}

/** Where a key is read and written: the chosen profile's section, or the file's top level. */
interface Scope {
  path: string;
  /** The profile named (--profile, NETDECK_PROFILE, default_profile); undefined: the top level. */
  profile?: string;
}

/** A key checked, the file read, and where the key goes in it. */
function locate(key: string, flags: ConfigFlags, env: Env, fs: ConfigFs) {
  const { topOnly } = checkKey(key);
  const path = configFilePath(env, fs);
  const { json } = readRaw(path, fs);
  const profile = chooseProfile(flags, env, path, json as z.infer<typeof ConfigFileSchema>);
  const scope: Scope = { path, profile: profile?.value };
  return { topOnly, path, json, scope };
}

const sectionOf = (json: Json, profile: string): Json | undefined => {
  const profiles = json.profiles;
  return isRecord(profiles) && Object.hasOwn(profiles, profile) && isRecord(profiles[profile])
    ? profiles[profile]
    : undefined;
};

export interface GotValue {
  key: string;
  /** undefined: the file does not set it (netdeck uses its default). */
  value: unknown;
  /** The profile whose section holds it; undefined: the file's top level. */
  profile?: string;
  path: string;
}

/** A key's value in the config file, as the resolver takes it: the profile's own, else the top level's. */
export function getConfigValue(key: string, flags: ConfigFlags, env: Env, fs: ConfigFs = nodeFs): GotValue {
  const { topOnly, path, json, scope } = locate(key, flags, env, fs);
  const section = !topOnly && scope.profile !== undefined ? sectionOf(json, scope.profile) : undefined;
  if (section && section[key] !== undefined)
    return { key, value: section[key], profile: scope.profile, path };
  return { key, value: json[key], path };
}

/**
 * The typed value of `text` for `key`: as the text itself when the schema takes a string,
 * else as JSON (`30`, `false`, `{"quit": ["x"]}`); a value the schema refuses is a usage
 * error naming why.
 */
function parseValue(key: string, text: string, schema: z.ZodType): unknown {
  // A notification URL is not echoed: it holds its secret (a topic, a webhook token).
  const got = (shown: string) => (key === 'notify' ? '' : ` (got ${shown})`);
  const asText = schema.safeParse(text);
  if (asText.success) return asText.data;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(
      `${key}: ${asText.error.issues[0]?.message ?? 'not a value it takes'}${got(`"${text}"`)}`,
    );
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issuePath([key, ...issue.path])}` : key;
  throw new UsageError(`${where}: ${issue?.message ?? 'not a value it takes'}${got(text)}`);
}

/**
 * Sets `key` to `text` in the chosen profile's section (made when the file has none yet)
 * or at the top level; the whole file is checked against the schema first, and a file
 * that would not pass is not written. Written as a new private file (0600: it may hold a
 * token) renamed over the old one.
 */
export function setConfigValue(
  key: string,
  text: string,
  flags: ConfigFlags,
  env: Env,
  fs: ConfigFs = nodeFs,
): GotValue {
  const { topOnly, path, json, scope } = locate(key, flags, env, fs);
  const shape: Record<string, z.ZodType> = ConfigFileSchema.shape;
  const value = parseValue(key, text, shape[key]);
  // Checked as reading the file checks them: a remap that clashes would stop every command.
  const keysWrong = key === 'keys' ? keysProblems(value as KeyRemaps) : [];
  if (keysWrong.length) throw new UsageError(`keys: ${keysWrong.join('; ')}; nothing written`);
  if (key === 'default_profile') {
    const known = listProfiles(flags, env, fs).map((p) => p.name);
    if (!known.includes(value as string))
      throw new UsageError(
        `default_profile: no profile "${echoed(value as string)}"${didYouMean(value as string, known, '"')}; profiles: ${known.join(', ') || 'none'}`,
      );
  }
  const next: Json = structuredClone(json);
  let profile: string | undefined;
  if (topOnly || scope.profile === undefined) next[key] = value;
  else {
    profile = scope.profile;
    if (!isRecord(next.profiles)) next.profiles = {};
    const profiles = next.profiles as Json;
    if (!Object.hasOwn(profiles, profile) || !isRecord(profiles[profile])) profiles[profile] = {};
    (profiles[profile] as Json)[key] = value;
  }
  const checked = ConfigFileSchema.safeParse(next);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UsageError(
      `config file ${path} would not be valid: ${issue.path.length ? `${issuePath(issue.path)}: ` : ''}${issue.message}; nothing written`,
    );
  }
  replacePrivateFile(join(configFolder(path), basename(path)), `${JSON.stringify(next, null, 2)}\n`);
  return { key, value, profile, path };
}

/** The config file's folder, by the path to write in (safe-folders.ts: made 0700 when new). */
function configFolder(path: string): string {
  try {
    return makeOwnFolder(dirname(path));
  } catch (error) {
    if (error instanceof UnsafeFolderError) throw new ConfigError(`${error.message}; nothing written`);
    throw error;
  }
}

export interface ProfileRow {
  name: string;
  /** The one netdeck uses now (--profile, NETDECK_PROFILE, default_profile; else `default`). */
  current: boolean;
  apiUrl?: string;
  /** Where it is defined: the config file, a kept login, both, or neither (the current one, undefined). */
  from: ('config file' | 'login')[];
}

/** A login file's profile name (login-store.ts names an unsafe one `~` and its hex). */
function loginName(file: string): string | undefined {
  if (!file.endsWith('.json')) return undefined;
  const base = file.slice(0, -'.json'.length);
  if (base.startsWith('~'))
    return /^~([0-9a-f]{2})+$/.test(base) ? Buffer.from(base.slice(1), 'hex').toString() : undefined;
  return base || undefined;
}

/**
 * The profiles there are: the config file's, the top level as `default` when it names
 * an API, and those `netdeck login --profile` kept a login for; the current one marked.
 */
export function listProfiles(flags: ConfigFlags, env: Env, fs: ConfigFs = nodeFs): ProfileRow[] {
  const path = configFilePath(env, fs);
  const { json } = readRaw(path, fs);
  const current =
    chooseProfile(flags, env, path, json as z.infer<typeof ConfigFileSchema>)?.value ?? DEFAULT_PROFILE;
  const rows = new Map<string, ProfileRow>();
  const add = (name: string, from: ProfileRow['from'][number], apiUrl: unknown) => {
    const row = rows.get(name) ?? { name, current: name === current, from: [] };
    if (!row.from.includes(from)) row.from.push(from);
    if (row.apiUrl === undefined && typeof apiUrl === 'string' && apiUrl.trim()) row.apiUrl = apiUrl.trim();
    rows.set(name, row);
  };
  // The top level is a profile of its own when it names a service (else it is what every profile shares).
  if (typeof json.api_url === 'string') add(DEFAULT_PROFILE, 'config file', json.api_url);
  if (isRecord(json.profiles))
    for (const [name, section] of Object.entries(json.profiles))
      add(name, 'config file', isRecord(section) ? section.api_url : undefined);
  const logins = join(dirname(path), 'logins');
  let files: string[] = [];
  try {
    files = readdirSync(logins);
  } catch {
    // No logins kept.
  }
  for (const file of files.sort()) {
    const name = loginName(file);
    if (name === undefined) continue;
    let apiUrl: string | undefined;
    try {
      apiUrl = readLogin(join(logins, file))?.apiUrl;
    } catch {
      // A broken login is still a profile; netdeck config names its problem.
    }
    add(name, 'login', apiUrl);
  }
  // The current one is listed even when nothing defines it (`default` with no config: the demo).
  if (!rows.has(current)) rows.set(current, { name: current, current: true, from: [] });
  return [...rows.values()];
}
