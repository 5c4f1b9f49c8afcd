// The notification URLs `watch --notify` takes (shoutrrr's forms, docs/operators.md): their
// schemes, and the parts of each that are secret, masked wherever netdeck prints a URL
// (the writer, commander's own messages, `netdeck config`). Masking is structural: the URL
// is parsed and each secret part replaced by ***, so a short topic or chat token, or a
// percent-encoded one, is masked as surely as a long token (a search for the text would
// miss those). Here, below the command line, because the writer masks with it.

/** One *** for every secret part: its length is not told either. */
const MASK = '***';

/** Which parts of a service's URL are secret. */
interface SecretParts {
  /** The user:password of the URL (a token, a password, a bot's secret). */
  userinfo: boolean;
  /** The host (the legacy Slack form holds a token part there). */
  host?: 'when-no-userinfo';
  /** The path: all of it (a topic, a webhook path), or its last segment (Gotify's token). */
  path: 'all' | 'last' | 'none';
  /** The query keys whose values are secret, or every key but the listed ones. */
  query: { secret: readonly string[] } | { allBut: readonly string[] };
}

/** The generic service's own keys; every other one is forwarded to the target (a header, a field, a token). */
const GENERIC_KEYS = ['contenttype', 'method', 'template', 'titlekey', 'messagekey', 'disabletls', 'title'];
const GENERIC: SecretParts = { userinfo: true, path: 'all', query: { allBut: GENERIC_KEYS } };

/** The schemes `--notify` takes, in the order the help and the errors name them. */
export const NOTIFY_SCHEMES = [
  'ntfy',
  'generic',
  'generic+http',
  'generic+https',
  'discord',
  'slack',
  'telegram',
  'gotify',
] as const;
export type NotifyScheme = (typeof NOTIFY_SCHEMES)[number];

/** Every scheme netdeck sends to, with its secret parts (ntfy: "the topic is essentially a password"). */
const SECRETS: Readonly<Record<NotifyScheme, SecretParts>> = {
  ntfy: { userinfo: true, path: 'all', query: { secret: ['auth'] } },
  generic: GENERIC,
  'generic+http': { ...GENERIC, query: { allBut: [] } },
  'generic+https': { ...GENERIC, query: { allBut: [] } },
  discord: { userinfo: true, path: 'none', query: { secret: [] } },
  slack: { userinfo: true, host: 'when-no-userinfo', path: 'all', query: { secret: [] } },
  telegram: { userinfo: true, path: 'none', query: { secret: [] } },
  gotify: { userinfo: true, path: 'last', query: { secret: [] } },
};

export const isNotifyScheme = (scheme: string | undefined): scheme is NotifyScheme =>
  (NOTIFY_SCHEMES as readonly (string | undefined)[]).includes(scheme);

/** `scheme://…`: a text that names a scheme, so is masked as a URL. */
const URL_LIKE = /^([a-z][a-z0-9+.-]*):\/\//i;

/** The scheme of a URL-like text, lower-cased; undefined for anything else. */
export const schemeOf = (text: string): string | undefined => URL_LIKE.exec(text.trim())?.[1].toLowerCase();

/** Whether `text` is written as a URL (`scheme://…`): `redact` masks such a secret as one. */
export const isUrlLike = (text: string): boolean => URL_LIKE.test(text.trim());

function maskedQuery(url: URL, rule: SecretParts['query']): string {
  const parts: string[] = [];
  for (const [key, value] of url.searchParams) {
    const name = key.toLowerCase();
    const secret = 'secret' in rule ? rule.secret.includes(name) : !rule.allBut.includes(name);
    // A base URL is no secret, but its user:password would be.
    const shown = secret ? MASK : name === 'base' ? maskUserinfo(value) : value;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(shown).replaceAll('%2A', '*')}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** `https://user:pass@host/…` with its user:password as ***. */
const maskUserinfo = (text: string) => text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, `$1${MASK}@`);

function maskedPath(path: string, rule: SecretParts['path']): string {
  if (rule === 'none' || path === '' || path === '/') return rule === 'none' ? path : '';
  if (rule === 'all') return `/${MASK}`;
  const segments = path.replace(/\/+$/, '').split('/');
  segments[segments.length - 1] = MASK;
  return segments.join('/');
}

/**
 * A URL to print: its secret parts as *** (a notification URL by its service's rules, any
 * other URL with everything after `scheme://` masked). Never throws; a text that does not
 * parse is masked whole after its scheme.
 */
export function maskSecretUrl(text: string): string {
  const scheme = schemeOf(text);
  if (scheme === undefined) return MASK;
  const rule = isNotifyScheme(scheme) ? SECRETS[scheme] : undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `${scheme}://${MASK}`;
  }
  if (!rule) return `${scheme}://${MASK}`;
  const hasUserinfo = url.username !== '' || url.password !== '';
  const userinfo = hasUserinfo ? `${rule.userinfo ? MASK : url.username}@` : '';
  const host = rule.host === 'when-no-userinfo' && !hasUserinfo ? MASK : url.host;
  return `${scheme}://${userinfo}${host}${maskedPath(url.pathname, rule.path)}${maskedQuery(url, rule.query)}`;
}
