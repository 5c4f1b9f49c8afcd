// What My providers says of a provider beside its figures (issue 35): idle (connected the
// idle hours with no search interest, contract or transfer) and muted (until when). In
// words, in every theme: a colour only adds to them. The table's note cell and the detail's
// lines, apart from React.
import { formatTimestamp } from '../../../format/numbers.ts';
import type { IdleProvidersState, IdleVerdicts } from '../../../store/idle-providers.ts';
import { type Mutes, mutedUntil } from '../../../store/mutes.ts';
import type { KeyNames } from '../../keys/key-names.ts';
import { displayWidth } from '../../text.ts';

/** What is noted of one provider: whether it is idle, and until when it is muted. */
export interface ProviderNote {
  idle: boolean;
  mutedUntil?: number;
}

/** How the table tells a provider's note: its idle verdict and its mute as of `now`. */
export function noteReader(
  verdicts: IdleVerdicts | undefined,
  mutes: Mutes,
  now: number,
): (clientId: string | undefined) => ProviderNote | undefined {
  return (clientId) => {
    if (clientId === undefined) return undefined;
    const idle = verdicts?.get(clientId)?.state === 'idle';
    const until = mutedUntil(mutes, clientId, now);
    return idle || until !== undefined ? { idle, mutedUntil: until } : undefined;
  };
}

const two = (n: number) => String(n).padStart(2, '0');
/** When a mute ends, short: its local time within a day of `now`, else its date and time. */
function muteEnd(until: number, now: number): string {
  const d = new Date(until);
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return until - now < 86_400_000 ? time : `${two(d.getMonth() + 1)}-${two(d.getDate())} ${time}`;
}

/** The note's words, longest first: the table takes the first that fits its column. */
export function noteForms(note: ProviderNote | undefined, now: number): string[] {
  if (!note) return [''];
  if (note.mutedUntil === undefined) return ['idle'];
  const till = `muted till ${muteEnd(note.mutedUntil, now)}`;
  return note.idle ? [`idle, ${till}`, 'idle, muted'] : [till, 'muted'];
}

/** The note as its column (`width` cells) has room for it. */
export function noteText(note: ProviderNote | undefined, now: number, width: number): string {
  const forms = noteForms(note, now);
  return forms.find((text) => displayWidth(text) <= width) ?? forms.at(-1) ?? '';
}

/** What the detail says of the provider's idle verdict: a line, then what it means and what to try. */
export function idleLines(
  idle: Pick<IdleProvidersState, 'data' | 'error' | 'hours'>,
  clientId: string,
  connected: boolean,
): { state: string; explain: string } {
  const hours = `${idle.hours} hour${idle.hours === 1 ? '' : 's'}`;
  const verdict = idle.data?.get(clientId);
  if (!verdict)
    return {
      state: idle.error
        ? 'not known: the service did not answer for the idle hours'
        : idle.data
          ? 'not known: the service had no figures of it over the idle hours'
          : 'asking the service…',
      explain: '',
    };
  if (verdict.state === 'active')
    return {
      state: `active: searches, contracts or transfer in the last ${hours}`,
      explain: '',
    };
  if (verdict.state === 'unproven')
    return {
      state: `too soon to say: not connected throughout the last ${hours}`,
      explain: connected
        ? `It is idle when it has been connected ${hours} without a search, a contract or any transfer.`
        : '',
    };
  return {
    state: `IDLE: connected ${hours} with no search interest, no contract and no transfer`,
    explain:
      'The service stops offering a provider that fails its probe, and tells no one (server#436): it runs and earns nothing. Try restarting it, and check its connectivity (its network, a firewall or NAT in the way, its clock).',
  };
}

/** What the detail says of the provider's mute, and which key ends it. */
export function muteLine(until: number, keys: KeyNames): string {
  return `until ${formatTimestamp(until)}: watch --notify does not push its events (${keys['myProviders.mute']} unmutes)`;
}
