// What a sink is: how one service's URL is read, and how a notice becomes the HTTP request
// its API documents. One file per service beside this one, a row each in table.ts; what
// sends the requests (time-out, retries, no redirect) is the same for all (sink-queue.ts).
import type { Notice } from '../notice.ts';

/** One request as the service's API documents it. */
export interface HttpRequestSpec {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A service's URL read into what it needs: the requests a notice makes (Telegram: one per chat). */
export interface SinkTarget {
  requests(notice: Notice): HttpRequestSpec[];
}

export interface SinkDefinition {
  /** The service as the docs and the messages name it. */
  service: string;
  /** The query keys its URL takes (lower case); another one is refused, as shoutrrr refuses it. */
  keys: readonly string[];
  /** Reads a URL of its scheme; throws SinkUrlError saying what is wrong (never the URL's secrets). */
  read(url: URL): SinkTarget;
}

/** A URL a sink cannot use: what is wrong with it, in words that name no secret of it. */
export class SinkUrlError extends Error {
  override readonly name = 'SinkUrlError';
}

/** The URL's query by lower-case key (the first value of each); a key the sink does not take is refused. */
export function queryOf(url: URL, definition: Pick<SinkDefinition, 'service' | 'keys'>): Map<string, string> {
  const query = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    const name = key.toLowerCase();
    if (!definition.keys.includes(name))
      throw new SinkUrlError(
        `a ${definition.service} URL takes no "${name}" option; it takes ${definition.keys.join(', ') || 'none'}`,
      );
    if (!query.has(name)) query.set(name, value);
  }
  return query;
}

/**
 * Where a fixed-host service's requests go: its documented origin, or `?base=` (a relay of
 * one's own, a test's loopback server): an http or https URL whose origin (and path, if it
 * has one) replaces the service's; the documented path follows it.
 */
export function baseOf(query: Map<string, string>, service: string, origin: string): string {
  const base = query.get('base');
  if (base === undefined) return origin;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new SinkUrlError(`the base of a ${service} URL must be an http:// or https:// URL`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new SinkUrlError(
      `the base of a ${service} URL must be an http:// or https:// URL without user:password`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A yes/no option as shoutrrr writes it (yes, no, true, false, 1, 0), else the default. */
export function flag(query: Map<string, string>, key: string, fallback: boolean, service: string): boolean {
  const value = query.get(key)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['yes', 'true', '1'].includes(value)) return true;
  if (['no', 'false', '0'].includes(value)) return false;
  throw new SinkUrlError(`the "${key}" option of a ${service} URL takes yes or no`);
}

/** A URL's user and password, decoded (they are written percent-encoded). */
export const credentials = (url: URL) => ({
  user: decodeURIComponent(url.username),
  password: decodeURIComponent(url.password),
});

/** `text` cut to `max` characters, with an ellipsis: the services refuse what is longer. */
export const within = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** Text with `&`, `<` and `>` as entities: Slack reads them as its markup, Telegram as its HTML. */
export const escapeMarkup = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A POST of `body` as JSON: how the services take a message (the generic webhook's options may change it). */
export const postJson = (
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): HttpRequestSpec => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
