// Where the muted providers are kept: $XDG_STATE_HOME/netdeck/mutes.json (default
// ~/.local/state/netdeck/mutes.json), a private file (0600) in the state folder, made and
// replaced through the safe-files helpers in a folder the one folder check allowed
// (safe-folders.ts). The format and the store are src/store/mutes.ts's; `netdeck mute`,
// watch's alerts and the console read the same file.
import { basename, dirname, join } from 'node:path';
import { readSmallFile, replacePrivateFile } from '../../safe-files.ts';
import { makeOwnFolder } from '../../safe-folders.ts';
import { stateFolder } from '../../state-folder.ts';
import type { MutesFile } from '../../store/mutes.ts';

/** Far above what the file holds (a line per muted provider); a larger one is not ours. */
const MUTES_FILE_LIMIT = 256 * 1024;

/** Where the mutes file is, from the environment. */
export const mutesPath = (env: Record<string, string | undefined>) => join(stateFolder(env), 'mutes.json');

/** A file that is not there holds no mutes; one that is not JSON too (it is replaced at the next write). */
function readMutes(path: string): unknown {
  let text: string;
  try {
    text = readSmallFile(path, MUTES_FILE_LIMIT).text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The mutes file at `path` (reads and writes throw saying why they cannot: an unsafe folder, an odd file). */
export function mutesFile(path: string): MutesFile {
  return {
    read: () => readMutes(path),
    write: (json) => {
      const folder = makeOwnFolder(dirname(path));
      replacePrivateFile(join(folder, basename(path)), `${JSON.stringify(json, null, 2)}\n`);
    },
  };
}
