// Slack. URLs, as shoutrrr's: an incoming webhook `slack://hook:T…-B…-X…@webhook` (or the
// legacy `slack://T…/B…/X…`) posts to https://hooks.slack.com/services/T…/B…/X…
// (https://api.slack.com/messaging/webhooks); a bot token `slack://xoxb:…-…-…@CHANNEL` posts
// to https://slack.com/api/chat.postMessage with `Authorization: Bearer xoxb-…`
// (https://api.slack.com/methods/chat.postMessage). The body: `text` (the notification's
// line, which Slack shows when nothing else fits) and one secondary attachment whose
// `color` is the severity, `danger`, `warning` or `good`
// (https://api.slack.com/reference/messaging/attachments). Slack reads `&`, `<` and `>`
// as its markup: they are escaped ("Escaping text", https://api.slack.com/reference/surfaces/formatting).
import type { Severity } from '../../../store/events/event-source.ts';
import type { Notice } from '../notice.ts';
import type { SinkDefinition } from './sink.ts';
import { baseOf, credentials, escapeMarkup, postJson, queryOf, SinkUrlError, within } from './sink.ts';

const SERVICE = 'Slack';
/** shoutrrr's token: a type, then three parts (9+, 9+, 24+ characters) with one separator. */
const TOKEN = /^(?:(xox.|hook)[-:]|:?)([A-Z0-9]{9,})([-/,])([A-Z0-9]{9,})\3([A-Za-z0-9]{24,})$/;
const COLOURS: Record<Severity, string> = { critical: 'danger', warning: 'warning', info: 'good' };
/** A section's text is cut at 3000 characters; the top-level text at 40 000. */
const TEXT_MAX = 3000;

/** The token of any of the three forms, and the channel (a bot's) it names. */
function tokenOf(url: URL): { kind: string; parts: string[]; channel: string } {
  const { user, password } = credentials(url);
  // The legacy form: the token is the host and the path; a user is the bot's name.
  const legacy = url.pathname.length > 1;
  const text = legacy ? `${url.hostname}${decodeURIComponent(url.pathname)}` : `${user}:${password}`;
  const match = TOKEN.exec(text);
  if (!match)
    throw new SinkUrlError(
      'a Slack URL is slack://hook:TOKEN@webhook (an incoming webhook) or slack://xoxb:TOKEN@CHANNEL (a bot), its token three parts joined by -',
    );
  return {
    kind: match[1] ?? 'hook',
    parts: [match[2], match[4], match[5]],
    channel: legacy ? 'webhook' : url.hostname,
  };
}

export const slack: SinkDefinition = {
  service: SERVICE,
  keys: ['title', 'color', 'botname', 'icon', 'base'],
  read(url) {
    const query = queryOf(url, slack);
    const { kind, parts, channel } = tokenOf(url);
    const hook = kind === 'hook';
    const target = hook
      ? `${baseOf(query, SERVICE, 'https://hooks.slack.com')}/services/${parts.join('/')}`
      : `${baseOf(query, SERVICE, 'https://slack.com')}/api/chat.postMessage`;
    const headers: Record<string, string> = hook
      ? {}
      : { authorization: `Bearer ${kind}-${parts.join('-')}` };
    const icon = query.get('icon');
    return {
      requests: (notice: Notice) => [
        postJson(
          target,
          {
            ...(hook ? {} : { channel }),
            text: escapeMarkup(query.get('title') ?? notice.title),
            ...(query.has('botname') ? { username: query.get('botname') } : {}),
            ...(icon === undefined
              ? {}
              : /^https?:/.test(icon)
                ? { icon_url: icon }
                : { icon_emoji: `:${icon.replace(/:/g, '')}:` }),
            attachments: [
              {
                color: query.get('color') ?? COLOURS[notice.severity],
                text: within(escapeMarkup(notice.body), TEXT_MAX),
              },
            ],
          },
          headers,
        ),
      ],
    };
  },
};
