// Discord (Execute Webhook: https://discord.com/developers/docs/resources/webhook#execute-webhook).
// URL, as shoutrrr's: `discord://TOKEN@WEBHOOK_ID` for the webhook
// https://discord.com/api/webhooks/WEBHOOK_ID/TOKEN. The message is one embed (its title,
// description, timestamp and colour: the severity, in shoutrrr's colours), with
// `allowed_mentions` empty so that a device name holding @everyone pings no one. The docs
// give no example request: the fields are those of its parameter and embed tables.
import type { Severity } from '../../../store/events/event-source.ts';
import type { Notice } from '../notice.ts';
import { baseOf, credentials, postJson, queryOf, type SinkDefinition, SinkUrlError, within } from './sink.ts';

const SERVICE = 'Discord';
const ORIGIN = 'https://discord.com';
/** Embed limits (the message resource's "Embed Limits"): a longer one is refused whole. */
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
/** shoutrrr's colours: error, warning, info. */
const COLOURS: Record<Severity, [key: string, colour: number]> = {
  critical: ['colorerror', 0xd60510],
  warning: ['colorwarn', 0xffc441],
  info: ['colorinfo', 0x2488ff],
};

function colourOf(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number.parseInt(text.replace(/^(#|0x)/i, ''), 16);
  if (/^(#|0x)?[0-9a-f]{1,6}$/i.test(text) && Number.isFinite(value)) return value;
  throw new SinkUrlError('a colour option of a Discord URL takes a hex colour such as 0xd60510');
}

export const discord: SinkDefinition = {
  service: SERVICE,
  keys: ['title', 'username', 'avatar', 'colorerror', 'colorwarn', 'colorinfo', 'base'],
  read(url) {
    const query = queryOf(url, discord);
    const token = credentials(url).user;
    const id = url.hostname;
    if (!token || !/^\d+$/.test(id))
      throw new SinkUrlError('a Discord URL is discord://TOKEN@WEBHOOK_ID (the webhook id is a number)');
    const target = `${baseOf(query, SERVICE, ORIGIN)}/api/webhooks/${id}/${encodeURIComponent(token)}`;
    const colours = Object.fromEntries(
      Object.entries(COLOURS).map(([severity, [key, colour]]) => [
        severity,
        colourOf(query.get(key), colour),
      ]),
    ) as Record<Severity, number>;
    return {
      requests: (notice: Notice) => [
        postJson(target, {
          ...(query.has('username') ? { username: query.get('username') } : {}),
          ...(query.has('avatar') ? { avatar_url: query.get('avatar') } : {}),
          embeds: [
            {
              title: within(query.get('title') ?? notice.title, TITLE_MAX),
              description: within(notice.body, DESCRIPTION_MAX),
              timestamp: notice.time,
              color: colours[notice.severity],
            },
          ],
          allowed_mentions: { parse: [] },
        }),
      ],
    };
  },
};
