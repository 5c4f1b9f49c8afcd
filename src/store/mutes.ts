// Muted providers (issue 35, item 2): a provider muted until a time is not pushed by
// `watch --notify`, and the console shows it muted. Kept in a private file of the state
// folder ($XDG_STATE_HOME/netdeck/mutes.json), read and written by src/cli/profile/mutes-file.ts
// (no files here): this is the model, the file's one format, and a store over it that
// `netdeck mute`, watch's alerts and the console share. A mute expires by itself: an
// expired one is mute no more, and is dropped at the next write.
import * as z from 'zod';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Clock } from '../clock.ts';

/** How long a mute lasts unless told (`netdeck mute --for`, the console's mute dialog). */
export const DEFAULT_MUTE = '8h';
/** The lengths the console's mute dialog offers first (any other is typed, as `--for` takes it). */
export const MUTE_CHOICES = ['1h', DEFAULT_MUTE, '24h'] as const;
/** What a mute's length may be (parsePeriod of src/format/numbers.ts reads it). */
export const MUTE_LENGTH_RULE =
  'a number and a unit: m (minutes), h (hours), d (days) or w (weeks), e.g. 30m, 8h, 2d';

/** The mutes in force or not yet dropped: when each provider's ends (epoch ms), by client id. */
export type Mutes = ReadonlyMap<string, number>;

/** Where the mutes are kept: what the file holds (undefined when there is none), and writing it. */
export interface MutesFile {
  read(): unknown;
  write(json: unknown): void;
}

/** The file: `{"mutes": {"<client id>": "<RFC 3339 end>"}}`. */
const MutesJson = z.object({ mutes: z.record(z.string(), z.string()) });

/** The mutes a file holds; anything it holds that is not one (an odd entry, an older file) is left out. */
export function parseMutes(json: unknown): Map<string, number> {
  const parsed = MutesJson.safeParse(json);
  const mutes = new Map<string, number>();
  if (!parsed.success) return mutes;
  for (const [clientId, until] of Object.entries(parsed.data.mutes)) {
    const at = Date.parse(until);
    if (Number.isFinite(at)) mutes.set(clientId.toLowerCase(), at);
  }
  return mutes;
}

/** The file's JSON of the mutes still in force at `now`. */
export function mutesJson(mutes: Mutes, now: number): { mutes: Record<string, string> } {
  const entries = [...mutes].filter(([, until]) => until > now);
  return { mutes: Object.fromEntries(entries.map(([id, until]) => [id, new Date(until).toISOString()])) };
}

/** The same mutes (a read that changed nothing keeps the map, and draws nothing again). */
function sameMutes(a: Mutes, b: Mutes): boolean {
  if (a.size !== b.size) return false;
  for (const [id, until] of b) if (a.get(id) !== until) return false;
  return true;
}

/** Whether a provider is muted at `now`, and until when. */
export function mutedUntil(mutes: Mutes, clientId: string, now: number): number | undefined {
  const until = mutes.get(clientId.toLowerCase());
  return until !== undefined && until > now ? until : undefined;
}

export interface MutesState {
  /** As last read or written (expired ones may still be in it: ask `mutedUntil`). */
  mutes: Mutes;
  /** Reads the file again (another netdeck may have changed it). */
  reload(): void;
  /** Mutes a provider for `forMs` from now (a mute of it before is replaced); returns when it ends. */
  mute(clientId: string, forMs: number): number;
  /** Ends a provider's mute; false when it had none in force. */
  unmute(clientId: string): boolean;
  /** When the provider's mute ends, if it is muted now. */
  mutedUntil(clientId: string): number | undefined;
}

/** The store over a mutes file; a write that fails throws (the caller says why), the state unchanged. */
export function createMutesStore(file: MutesFile, clock: Pick<Clock, 'now'>): StoreApi<MutesState> {
  const store = createStore<MutesState>()((set, get) => {
    const write = (next: Map<string, number>) => {
      file.write(mutesJson(next, clock.now()));
      set({ mutes: next });
    };
    return {
      mutes: parseMutes(file.read()),
      reload() {
        const mutes = parseMutes(file.read());
        if (!sameMutes(get().mutes, mutes)) set({ mutes });
      },
      mute(clientId, forMs) {
        const until = clock.now() + forMs;
        write(new Map([...parseMutes(file.read()), [clientId.toLowerCase(), until]]));
        return until;
      },
      unmute(clientId) {
        const now = clock.now();
        const mutes = parseMutes(file.read());
        const was = mutedUntil(mutes, clientId, now) !== undefined;
        mutes.delete(clientId.toLowerCase());
        write(mutes);
        return was;
      },
      mutedUntil: (clientId) => mutedUntil(get().mutes, clientId, clock.now()),
    };
  });
  return store;
}
