// Whether dist/ holds a whole build of the sources as they are now: `npm start` (through
// scripts/ensure-built.mjs) and the tests build again when it does not. The build writes
// the core, then the places file, then the bin: a build that died on the way (an old
// Node, a full disk, a ctrl-c) leaves the bin missing or older than what it wrote, so the
// next start builds again instead of running a mix of two builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the bundle is built from: a change to any of them makes it stale. */
const SOURCES = ['src', 'simulator', 'scripts', 'package.json', 'package-lock.json'];

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** The bin, the core, the places file and the manual page under `root`/dist, the bin written last. */
export const BUNDLE_FILES = ['netdeck-core.cjs', 'netdeck-places.txt', 'netdeck.1', 'netdeck.cjs'];

/** Whether `root`/dist holds every file of one build, newer than every source. */
export function bundleIsCurrent(root) {
  const files = BUNDLE_FILES.map((name) => join(root, 'dist', name));
  if (!files.every((file) => existsSync(file))) return false;
  const [core, places, manual, bin] = files.map((file) => statSync(file).mtimeMs);
  return (
    bin >= core &&
    bin >= places &&
    bin >= manual &&
    SOURCES.every((source) => newest(join(root, source)) <= bin)
  );
}
