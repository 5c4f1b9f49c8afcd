// Gotify (https://gotify.net/docs/pushmsg; the API's `POST /message`, gotify/server
// docs/spec.json). URL, as shoutrrr's: `gotify://host[:port][/subpath]/TOKEN` (an
// application's token, the last segment; `?disabletls=yes` for a server without TLS). The
// token goes in the `X-Gotify-Key` header, never in the request's URL (shoutrrr puts it in
// the query, which ends up in proxies' logs); the body is the documented JSON, `message`,
// `title` and `priority`: the severity as Gotify's apps read it (8 and up: sound and
// vibration; 4-7 sound; 1-3 an icon).
import type { Severity } from '../../../store/events/event-source.ts';
import type { Notice } from '../notice.ts';
import { flag, postJson, queryOf, type SinkDefinition, SinkUrlError } from './sink.ts';

const SERVICE = 'Gotify';
const PRIORITIES: Record<Severity, number> = { critical: 8, warning: 5, info: 2 };

export const gotify: SinkDefinition = {
  service: SERVICE,
  keys: ['title', 'priority', 'disabletls'],
  read(url) {
    const query = queryOf(url, gotify);
    const segments = url.pathname.split('/').filter(Boolean);
    const token = decodeURIComponent(segments.pop() ?? '');
    if (!url.host || !token) throw new SinkUrlError('a Gotify URL is gotify://host[:port][/subpath]/TOKEN');
    const fixed = query.get('priority');
    if (fixed !== undefined && !/^\d{1,2}$/.test(fixed))
      throw new SinkUrlError('the "priority" option of a Gotify URL takes a whole number, 0 to 10');
    const scheme = flag(query, 'disabletls', false, SERVICE) ? 'http' : 'https';
    const target = `${scheme}://${url.host}${segments.map((s) => `/${s}`).join('')}/message`;
    return {
      requests: (notice: Notice) => [
        postJson(
          target,
          {
            title: query.get('title') ?? notice.title,
            message: notice.body,
            priority: fixed === undefined ? PRIORITIES[notice.severity] : Number(fixed),
          },
          { 'x-gotify-key': token },
        ),
      ],
    };
  },
};
