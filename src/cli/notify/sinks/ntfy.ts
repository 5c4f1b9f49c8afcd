// ntfy (https://docs.ntfy.sh/publish/). URL, as shoutrrr's: `ntfy://[user:password@]host/topic`
// (host ntfy.sh when none; `ntfy://:tk_TOKEN@host/topic` for an access token; `?scheme=http`
// for a server without TLS). netdeck publishes as JSON, POSTed to the server's root URL
// ("Publish as JSON": `topic`, `message`, `title`, `tags`, `priority`), so a device name in
// any script reaches the phone as written (headers carry only Latin-1). Severity is ntfy's
// priority (5 urgent, 4 high, 3 default) with a tag its apps draw as an emoji.
import type { Severity } from '../../../store/events/event-source.ts';
import type { Notice } from '../notice.ts';
import { credentials, postJson, queryOf, type SinkDefinition, SinkUrlError } from './sink.ts';

const SERVICE = 'ntfy';
/** ntfy's priority table ("Message priority"): names and numbers alike. */
const PRIORITY_NAMES: Record<string, number> = { min: 1, low: 2, default: 3, high: 4, max: 5, urgent: 5 };
const BY_SEVERITY: Record<Severity, { priority: number; tag: string }> = {
  critical: { priority: 5, tag: 'rotating_light' },
  warning: { priority: 4, tag: 'warning' },
  info: { priority: 3, tag: 'information_source' },
};

function priorityOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = PRIORITY_NAMES[text.toLowerCase()] ?? Number(text);
  if (Number.isInteger(value) && value >= 1 && value <= 5) return value;
  throw new SinkUrlError(
    'the "priority" option of an ntfy URL takes 1 to 5, or min, low, default, high, max, urgent',
  );
}

/** Basic for user:password, Bearer for an access token given as the password alone (`:tk_…@`). */
function authorization(url: URL): Record<string, string> {
  const { user, password } = credentials(url);
  if (!user && !password) return {};
  if (!user) return { authorization: `Bearer ${password}` };
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

export const ntfy: SinkDefinition = {
  service: SERVICE,
  keys: ['title', 'priority', 'tags', 'click', 'icon', 'scheme'],
  read(url) {
    const query = queryOf(url, ntfy);
    const topic = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
    if (!topic || topic.includes('/'))
      throw new SinkUrlError('an ntfy URL names one topic: ntfy://host/topic');
    const scheme = (query.get('scheme') ?? 'https').toLowerCase();
    if (scheme !== 'http' && scheme !== 'https')
      throw new SinkUrlError('the "scheme" option of an ntfy URL takes http or https');
    const priority = priorityOf(query.get('priority'));
    const tags = (query.get('tags') ?? '').split(',').filter(Boolean);
    const root = `${scheme}://${url.host || 'ntfy.sh'}/`;
    const headers = authorization(url);
    return {
      requests: (notice: Notice) => {
        const by = BY_SEVERITY[notice.severity];
        return [
          postJson(
            root,
            {
              topic,
              message: notice.body,
              title: query.get('title') ?? notice.title,
              tags: [by.tag, ...tags],
              priority: priority ?? by.priority,
              ...(query.has('click') ? { click: query.get('click') } : {}),
              ...(query.has('icon') ? { icon: query.get('icon') } : {}),
            },
            headers,
          ),
        ];
      },
    };
  },
};
