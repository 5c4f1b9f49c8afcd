// Three profiles of one simulator, as the tests of --profiles use them: the demo network,
// another network whose token the admin route mints (over HTTP, with the secret), and a
// token signed with another key, which the simulator refuses.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import type { SimFixture } from './harness.ts';

/** A config file at XDG_CONFIG_HOME `home` (0600: it holds tokens). */
export function writeConfig(home: string, config: unknown): void {
  const folder = join(home, 'netdeck');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'config.json'), JSON.stringify(config));
  chmodSync(join(folder, 'config.json'), 0o600);
}

/**
 * Writes the three profiles into the fixture's config folder, named as given (the demo
 * network's, the minted one's, the refused one's); the minted network's name is returned.
 */
export async function writeThreeProfiles(
  fx: SimFixture,
  [home, minted, refused]: [string, string, string] = ['home', 'lab', 'retired'],
): Promise<{ lab: string }> {
  const lab = fx.sim.engine.world.networks.names[1];
  const answer = await fetch(`${fx.sim.url}/__sim/token`, {
    method: 'POST',
    headers: { 'x-sim-admin': fx.sim.adminSecret!, 'content-type': 'application/json' },
    body: JSON.stringify({ network_name: lab }),
  });
  const { token } = (await answer.json()) as { token: string };
  // The demo token's claims, signed with a key of our own: well formed, and refused.
  const other = await new SignJWT({ ...decodeJwt(fx.sim.token), network_name: 'retired' })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new Uint8Array(32).fill(7));
  writeConfig(fx.config.path, {
    profiles: {
      [home]: { api_url: fx.sim.url, token: fx.sim.token },
      [minted]: { api_url: fx.sim.url, token },
      [refused]: { api_url: fx.sim.url, token: other },
    },
  });
  return { lab };
}
