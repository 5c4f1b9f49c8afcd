// When the examples' process has nothing left to do but wait for the clock: no request of
// a command on its way (undici says when one starts and ends), no file, socket or child
// process it waits on, and nothing new printed for a few turns of the event loop. A
// command left running in the background (`&`) has then printed all it will until time
// moves, so what the next line prints is the next line's, every run.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/** The kinds of `process.getActiveResourcesInfo()` that are work under way, not a wait. */
const BUSY = new Set([
  'FSReqCallback',
  'FSReqPromise',
  'TCPConnectWrap',
  'GetAddrInfoReqWrap',
  'ProcessWrap',
]);
/** Turns of the event loop (each past its I/O) with nothing happening before it counts as quiet. */
const QUIET_TURNS = 8;

export interface QuietWatch {
  /** Whether a request, a file, a connection or a child process is under way. */
  busy(): boolean;
  /** Resolves once all is quiet: `printed()` the same and nothing under way for a few turns. */
  quiet(printed: () => number, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

export function watchQuiet(): QuietWatch {
  const requests = new Set<unknown>();
  const started = ({ request }: { request: unknown }) => void requests.add(request);
  const ended = ({ request }: { request: unknown }) => void requests.delete(request);
  const channels = [
    ['undici:request:create', started],
    ['undici:request:trailers', ended],
    ['undici:request:error', ended],
  ] as const;
  for (const [name, listener] of channels) subscribe(name, listener as (message: unknown) => void);
  const busy = () =>
    requests.size > 0 || process.getActiveResourcesInfo().some((resource) => BUSY.has(resource));
  return {
    busy,
    async quiet(printed, what, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      let turns = 0;
      let seen = printed();
      while (turns < QUIET_TURNS) {
        await new Promise((resolve) => setImmediate(resolve));
        const now = printed();
        turns = busy() || now !== seen ? 0 : turns + 1;
        seen = now;
        if (Date.now() > until) throw new Error(`${what} is still busy after ${timeoutMs / 1000} s`);
      }
    },
    close() {
      for (const [name, listener] of channels) unsubscribe(name, listener as (message: unknown) => void);
    },
  };
}
