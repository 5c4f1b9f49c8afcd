// netdeck's state folder: $XDG_STATE_HOME/netdeck (default ~/.local/state/netdeck), the
// user's own, for what the console keeps between runs (state.json) and the copy file of `y`.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The folder, from the environment (XDG: a relative XDG_STATE_HOME is ignored). */
export function stateFolder(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_STATE_HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME?.trim() || homedir(), '.local', 'state');
  return join(base, 'netdeck');
}
