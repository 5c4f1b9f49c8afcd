// Telegram (sendMessage: https://core.telegram.org/bots/api#sendmessage). URL, as
// shoutrrr's: `telegram://BOT_ID:SECRET@telegram?chats=@channel,12345[,chat:thread]`
// (`channels` the same). One POST https://api.telegram.org/bot<token>/sendMessage per
// chat, JSON: `chat_id`, `text` (the title bold, then the message; HTML, escaped as its
// "HTML style" says), `parse_mode: "HTML"`, and `message_thread_id` for a topic. Telegram
// has no priority: an info notice comes without sound (`disable_notification`), and the
// severity leads the title as an emoji.
import type { Severity } from '../../../store/events/event-source.ts';
import type { Notice } from '../notice.ts';
import type { SinkDefinition } from './sink.ts';
import { baseOf, credentials, escapeMarkup, flag, postJson, queryOf, SinkUrlError, within } from './sink.ts';

const SERVICE = 'Telegram';
/** The bot token's form (shoutrrr's check): the bot's id, a colon, its secret. */
const TOKEN = /^[0-9]+:[a-zA-Z0-9_-]+$/;
/** "1-4096 characters after entities parsing": the message is cut before it is escaped, the title given room. */
const BODY_MAX = 3800;
const MARKS: Record<Severity, string> = { critical: '🚨', warning: '⚠️', info: 'ℹ️' };

/** A chat: `@channel` or a number, with `:thread` for a forum topic. */
function chatOf(text: string): { chat_id: string | number; message_thread_id?: number } {
  const match = /^(@[A-Za-z0-9_]{4,}|-?\d+)(?::(\d+))?$/.exec(text.trim());
  if (!match)
    throw new SinkUrlError(
      'the chats of a Telegram URL are @channel names or chat ids (chat:thread for a topic)',
    );
  const chat = match[1].startsWith('@') ? match[1] : Number(match[1]);
  return { chat_id: chat, ...(match[2] ? { message_thread_id: Number(match[2]) } : {}) };
}

export const telegram: SinkDefinition = {
  service: SERVICE,
  keys: ['chats', 'channels', 'notification', 'preview', 'title', 'base'],
  read(url) {
    const query = queryOf(url, telegram);
    const { user, password } = credentials(url);
    const token = `${user}:${password}`;
    if (!TOKEN.test(token))
      throw new SinkUrlError('a Telegram URL is telegram://BOT_ID:SECRET@telegram?chats=…');
    const chats = (query.get('chats') ?? query.get('channels') ?? '').split(',').filter(Boolean).map(chatOf);
    if (chats.length === 0) throw new SinkUrlError('a Telegram URL names its chats: ?chats=@channel,12345');
    const notification = flag(query, 'notification', true, SERVICE);
    const preview = flag(query, 'preview', true, SERVICE);
    const target = `${baseOf(query, SERVICE, 'https://api.telegram.org')}/bot${token}/sendMessage`;
    return {
      requests: (notice: Notice) => {
        const title = `${MARKS[notice.severity]} <b>${escapeMarkup(query.get('title') ?? notice.title)}</b>`;
        // Telegram's HTML needs no entities beyond those three.
        const text = `${title}\n${escapeMarkup(within(notice.body, BODY_MAX))}`;
        return chats.map((chat) =>
          postJson(target, {
            ...chat,
            text,
            parse_mode: 'HTML',
            disable_notification: !notification || notice.severity === 'info',
            ...(preview ? {} : { link_preview_options: { is_disabled: true } }),
          }),
        );
      },
    };
  },
};
