// The demo user's password is as unguessable as the token signing key: the seed is public,
// so a password that follows from it lets anyone who reaches a simulator log in as the
// demo network. It follows from the key (random unless given, kept with --key-file) and
// the seed; the banner and the admin routes still show it.
import { afterEach, describe, expect, it } from 'vitest';
import { bannerLines } from '../../../simulator/main.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

const open: SimHarness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});
async function start(options: Parameters<typeof startSim>[0] = {}) {
  const h = await startSim({ seed: 1, ...options });
  open.push(h);
  return h;
}
const passwordOf = (h: SimHarness) => h.sim.admin.codes().demo_user.password;
const login = (h: SimHarness, password: string) =>
  raw(h.sim, 'POST', '/auth/login-with-password', { user_auth: 'demo@netdeck.example', password });

describe('the demo password', () => {
  it('differs between two simulators of the same seed (random keys); one cannot log in to the other', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(passwordOf(a)).not.toBe(passwordOf(b));
    const refused = await login(b, passwordOf(a));
    expect(refused).toEqual({ status: 200, text: '{"error":{"message":"Invalid user or password."}}' });
    expect(JSON.parse((await login(a, passwordOf(a))).text).network.by_jwt).toEqual(expect.any(String));
  });

  it('is the same for the same key and seed (a restart with --key-file), and another for another seed', async () => {
    const key = new Uint8Array(32).fill(9);
    const [a, b, other] = await Promise.all([
      start({ signingKey: key }),
      start({ signingKey: key }),
      start({ signingKey: key, seed: 2 }),
    ]);
    expect(passwordOf(a)).toBe(passwordOf(b));
    expect(passwordOf(other)).not.toBe(passwordOf(a));
    // A reset to another seed changes it with the world.
    a.sim.admin.reset(2);
    expect(passwordOf(a)).toBe(passwordOf(other));
  });

  it('is long and random-looking, with no space; the banner and GET /__sim/codes show it', async () => {
    const h = await start();
    const password = passwordOf(h);
    expect(password).toMatch(/^netdeck-[A-Za-z0-9_-]{22}$/);
    expect(bannerLines(h.sim)).toContain(`demo user: demo@netdeck.example ${password}`);
    expect(JSON.parse((await raw(h.sim, 'GET', '/__sim/codes')).text).demo_user).toEqual({
      email: 'demo@netdeck.example',
      password,
    });
  });
});
