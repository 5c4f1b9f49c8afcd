// The resources of `netdeck mcp`: the recent events of its watch (what `netdeck watch`
// reports, and what is wrong now) and the notes an agent reads figures by (notes.ts).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { EventSource } from '../../store/events/event-source.ts';
import { type NotesFigures, readingNotes } from './notes.ts';

/** The events an answer holds at most: the newest. */
const RECENT_EVENTS = 200;

export const EVENTS_URI = 'netdeck://events';
export const NOTES_URI = 'netdeck://notes';

export function serveResources(server: McpServer, events: EventSource, figures: NotesFigures): void {
  server.registerResource(
    'events',
    EVENTS_URI,
    {
      title: 'Recent events',
      description:
        'What `netdeck watch` reports, from a watch this server keeps at the refresh interval: providers disconnected and back, idle and active again, the payout wallet, the token, failing requests, payouts; `problems` is what is wrong now. Oldest first.',
      mimeType: 'application/json',
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ events: events.last(RECENT_EVENTS), problems: events.problems() }),
        },
      ],
    }),
  );
  server.registerResource(
    'notes',
    NOTES_URI,
    {
      title: 'Reading the figures',
      description:
        'The units of every answer (GiB, USD, nano cents, hours), what up, down, idle and stale mean, the bound.',
      mimeType: 'text/markdown',
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/markdown', text: readingNotes(figures) }],
    }),
  );
}
