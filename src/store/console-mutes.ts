// The console's muted providers (issue 35, item 2): the store of mutes.ts over the file
// `netdeck mute` writes (deps.mutesFile), read again at each refresh of My providers, so a
// mute made by the command shows at the next refresh, and one made here is the command's
// at once. A file that cannot be read (an unsafe folder, an odd file) never stops the
// console: its mutes count as none, and `readProblem` says why.
import type { StoreApi } from 'zustand/vanilla';
import type { StoreDeps } from './deps.ts';
import { createMutesStore, type MutesFile, type MutesState } from './mutes.ts';
import type { MyProvidersStore } from './my-providers.ts';

export interface ConsoleMutes {
  store: StoreApi<MutesState>;
  /** Why the mutes file could not be read last time, if it could not. */
  readProblem(): string | undefined;
}

/** A mutes file in memory (no `netdeck mute` shares it): tests, and a console given none. */
export function memoryMutesFile(): MutesFile {
  let json: unknown;
  return {
    read: () => json,
    write: (next) => {
      json = next;
    },
  };
}

export function createConsoleMutes(
  deps: Pick<StoreDeps, 'mutesFile' | 'clock'>,
  myProviders: MyProvidersStore,
): ConsoleMutes {
  const file = deps.mutesFile ?? memoryMutesFile();
  let problem: string | undefined;
  const guarded: MutesFile = {
    read() {
      try {
        const json = file.read();
        problem = undefined;
        return json;
      } catch (error) {
        problem = (error as Error).message;
        return undefined;
      }
    },
    write: (json) => file.write(json),
  };
  const store = createMutesStore(guarded, deps.clock);
  myProviders.subscribe((state, before) => {
    if (state.fetchedAt !== before.fetchedAt) store.getState().reload();
  });
  return { store, readProblem: () => problem };
}
