// The console's remembered choices on disk: $XDG_STATE_HOME/netdeck/state.json (default
// ~/.local/state/netdeck/state.json), a private file (0600, through src/safe-files.ts).
// Best effort both ways: a missing, unreadable or odd file is a fresh start, and a file
// that cannot be written costs only the memory of the choices, never the console.

import { basename, dirname, join } from 'node:path';
import { readSmallFile, replacePrivateFile } from '../../safe-files.ts';
import { makeOwnFolder } from '../../safe-folders.ts';
import { stateFolder } from '../../state-folder.ts';
import { parseRemembered, type Remembered } from '../../store/remembered.ts';

/** Far above what the file ever holds (~200 bytes); a larger one is not ours. */
const STATE_FILE_LIMIT = 64 * 1024;

/** Where the state file is, from the environment (XDG: a relative XDG_STATE_HOME is ignored). */
export function statePath(env: Record<string, string | undefined>): string {
  return join(stateFolder(env), 'state.json');
}

/** The choices kept at `path`; none when the file is missing or not what netdeck writes. */
export function readStateFile(path: string): Remembered {
  try {
    return parseRemembered(JSON.parse(readSmallFile(path, STATE_FILE_LIMIT).text));
  } catch {
    return {};
  }
}

/**
 * Writes the choices to `path`, in a folder of this user's (safe-folders.ts: made 0700 when
 * new); false when it could not.
 */
export function writeStateFile(path: string, remembered: Remembered): boolean {
  try {
    const folder = makeOwnFolder(dirname(path));
    replacePrivateFile(join(folder, basename(path)), `${JSON.stringify(remembered, null, 2)}\n`);
    return true;
  } catch {
    return false;
  }
}
