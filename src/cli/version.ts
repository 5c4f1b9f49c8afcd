// netdeck's version, as `--version` prints it and the device spec sends it: the bundle has
// NETDECK_VERSION built in (scripts/build.mjs); from source, package.json tells.
import { readFileSync } from 'node:fs';

export function netdeckVersion(): string {
  if (process.env.NETDECK_VERSION) return process.env.NETDECK_VERSION;
  try {
    return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
  } catch {
    return '0.0.0-dev';
  }
}
