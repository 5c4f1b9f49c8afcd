// A generic JSON webhook, as shoutrrr's generic service takes it (its docs/services/generic.md):
// `generic://host[:port]/path` (https; `?disabletls=yes` for http), or `generic+https://…`
// and `generic+http://…`: the URL after `generic+` as it is, its query forwarded. The
// generic service's own options: `method`, `contenttype`, `template=json` (a body of
// `{"title", "message"}`, the keys renamed by `titlekey` and `messagekey`, with a field
// more for each `$key=value`), `@header=value` (a header more); any other query key is
// forwarded to the target. Unlike shoutrrr's (whose body is the plain message), netdeck's
// body is JSON unless told: the event as `watch` prints it (a digest: its lines and events).
import { noticeJson } from '../notice.ts';
import type { HttpRequestSpec, SinkDefinition, SinkTarget } from './sink.ts';
import { credentials, postJson, SinkUrlError } from './sink.ts';

const SERVICE = 'generic webhook';
/** The generic service's own options (lower case); the rest is forwarded. */
const OWN_KEYS = ['method', 'contenttype', 'template', 'titlekey', 'messagekey', 'disabletls', 'title'];

/** Basic for a user:password in the URL, as an HTTP client sends it. */
function basicAuth(url: URL): Record<string, string> {
  const { user, password } = credentials(url);
  return user || password
    ? { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` }
    : {};
}

/** `generic+http(s)://…`: the URL as it is, nothing read from it but its user:password. */
function shortcut(url: URL, scheme: 'http' | 'https'): SinkTarget {
  const target = new URL(url.href.replace(/^generic\+https?:/i, `${scheme}:`));
  const headers = basicAuth(url);
  target.username = '';
  target.password = '';
  return { requests: (notice) => [postJson(target.href, noticeJson(notice), headers)] };
}

export const generic: SinkDefinition = {
  service: SERVICE,
  keys: OWN_KEYS,
  read(url) {
    const scheme = url.protocol.slice(0, -1).toLowerCase();
    if (!url.host) throw new SinkUrlError('a generic webhook URL names its host: generic://host/path');
    if (scheme === 'generic+http') return shortcut(url, 'http');
    if (scheme === 'generic+https') return shortcut(url, 'https');
    const own = new Map<string, string>();
    const headers: Record<string, string> = {};
    const fields: Record<string, string> = {};
    const forwarded = new URLSearchParams();
    for (const [key, value] of url.searchParams) {
      const name = key.toLowerCase();
      if (key.startsWith('@')) headers[key.slice(1).toLowerCase()] = value;
      else if (key.startsWith('$')) fields[key.slice(1)] = value;
      else if (OWN_KEYS.includes(name)) own.set(name, value);
      else forwarded.append(key, value);
    }
    const method = (own.get('method') ?? 'POST').toUpperCase();
    if (method !== 'POST' && method !== 'PUT')
      throw new SinkUrlError('the "method" option of a generic webhook URL takes POST or PUT');
    const template = own.get('template')?.toLowerCase();
    if (template !== undefined && template !== 'json')
      throw new SinkUrlError('the "template" option of a generic webhook URL takes json');
    const tls = !['yes', 'true', '1'].includes((own.get('disabletls') ?? 'no').toLowerCase());
    const query = forwarded.size ? `?${forwarded}` : '';
    const target = `${tls ? 'https' : 'http'}://${url.host}${url.pathname}${query}`;
    const allHeaders = {
      'content-type': own.get('contenttype') ?? 'application/json',
      ...basicAuth(url),
      ...headers,
    };
    const body = (notice: Parameters<SinkTarget['requests']>[0]) =>
      template === 'json'
        ? {
            [own.get('titlekey') ?? 'title']: own.get('title') ?? notice.title,
            [own.get('messagekey') ?? 'message']: notice.body,
            ...fields,
          }
        : noticeJson(notice);
    return {
      requests: (notice): HttpRequestSpec[] => [
        {
          method: method as 'POST' | 'PUT',
          url: target,
          headers: allHeaders,
          body: JSON.stringify(body(notice)),
        },
      ],
    };
  },
};
