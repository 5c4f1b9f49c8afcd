// The detail of one provider: its figures with units, the 24-hour timeline with an hour
// axis, and its connection events, newest first.
import { type ProviderStats, provideModeName } from '../../../contract/schemas.ts';
import { formatAge, formatCount, formatGiB, formatUsd, MISSING } from '../../../format/numbers.ts';
import { deviceNameOf, type TrackedField } from '../../../store/my-providers.ts';
import { meterBar } from '../../charts/bar.ts';
import { DAY_CELLS, eventChanges } from '../../charts/timeline.ts';

/** A figure's line: its label, its value, and the figure it shows where a change there is highlighted. */
type DetailFigure = [label: string, value: string, field?: TrackedField];

export function detailFigures(p: ProviderStats, clean: (text: string) => string): DetailFigure[] {
  const uptime = p.uptime_last_24h;
  return [
    ['device', clean(deviceNameOf(p) || MISSING)],
    ['client id', clean(p.client_id ?? MISSING)],
    ['state', p.connected ? 'connected' : 'disconnected', 'connected'],
    ['provide mode', provideModeName(p.provide_mode), 'provide_mode'],
    // What the service counts: the connections open now, from when each opened (a day at most).
    [
      'up now',
      uptime === undefined
        ? MISSING
        : `${uptime.toFixed(2)} h connected now (current connections)  ${meterBar(uptime, 24, 24)}`,
      'uptime_last_24h',
    ],
    ['transfer', formatGiB(p.transfer_data_last_24h ?? 0), 'transfer_data_last_24h'],
    ['payout', formatUsd(p.payout_last_24h ?? 0), 'payout_last_24h'],
    [
      'search interest',
      `${formatCount(p.search_interest_last_24h ?? 0)} searches`,
      'search_interest_last_24h',
    ],
    ['contracts', formatCount(p.contracts_last_24h ?? 0), 'contracts_last_24h'],
    ['clients', formatCount(p.clients_last_24h ?? 0), 'clients_last_24h'],
  ];
}

/** Hour marks under a 48-cell timeline: -24h at the left edge, every 6 hours, "now" at the right. */
export function timelineAxis(cells = DAY_CELLS): string {
  const line = Array<string>(cells).fill(' ');
  const put = (at: number, text: string) => {
    for (let i = 0; i < text.length && at + i < cells; i++) line[at + i] = text[i];
  };
  for (let hoursAgo = 24; hoursAgo >= 6; hoursAgo -= 6) put(((24 - hoursAgo) * cells) / 24, `-${hoursAgo}h`);
  put(cells - 3, 'now');
  return line.join('');
}

function localTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** "2025-12-31 20:00:00  connected     4 h ago", newest first (local time). */
export function eventLines(p: ProviderStats, now: number): string[] {
  return eventChanges(p.connected_events_last_24h)
    .reverse()
    .map(
      (change) =>
        `${localTime(change.at)}  ${(change.on ? 'connected' : 'disconnected').padEnd(12)}  ${formatAge((now - change.at) / 1000)} ago`,
    );
}
