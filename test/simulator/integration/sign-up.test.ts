// Issue 34: sign-up and recovery as the server answers them (2c9e92b4: model/network_model.go
// NetworkCheck, NetworkCreate, controller/auth_controller.go, model/auth_model.go AuthVerify,
// AuthPasswordSet, controller/network_controller.go NetworkRemove): a network made in the
// world and verified with the code the service would e-mail (the admin route, the demo's
// access), a password reset by its link's code, a network deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness;
const mailed: string[] = [];
beforeAll(async () => {
  h = await startSim({ mailed: (line) => mailed.push(line) });
});
afterAll(() => h.close());

const post = (path: string, body: unknown, token?: string) => raw(h.sim, 'POST', path, body, token);
const json = async (path: string, body: unknown, token?: string) =>
  JSON.parse((await post(path, body, token)).text);
const SIGN_UP = {
  user_name: 'fresh-network',
  user_auth: 'New.User@Example.com',
  password: 'a long password',
  network_name: 'fresh-network',
  terms: true,
};
const lastMail = async () => JSON.parse((await raw(h.sim, 'GET', '/__sim/mail')).text).mail.at(-1);

describe('sign-up', () => {
  it('network-check: false for a name that fails the checks or is one edit from a network’s; always 200', async () => {
    for (const [name, available] of [
      ['fresh-network', true],
      ['demo', false],
      ['has_underscore', false],
      ['x'.repeat(51), false],
    ] as const)
      expect(await json('/auth/network-check', { network_name: name }), name).toEqual({ available });
    // Within one edit of the demo network's name index ("demo"): "demos" is taken.
    expect(await json('/auth/network-check', { network_name: 'demos' })).toEqual({ available: false });
  });

  it('network-create refuses as the service does, each a 500 with its message, in its order', async () => {
    for (const [body, text] of [
      [
        { ...SIGN_UP, terms: false, network_name: 'x' },
        'The terms of service and privacy policy must be accepted.',
      ],
      [{ ...SIGN_UP, network_name: 'abc' }, 'Network name must have at least 5 characters'],
      [
        { ...SIGN_UP, network_name: 'no_underscores' },
        'Network name must contain only lowercase letters, numbers, and dashes',
      ],
      [{ ...SIGN_UP, network_name: 'demos' }, 'Network name not available'],
      [{ ...SIGN_UP, user_auth: 'not an address' }, 'Invalid email or phone number.'],
      [{ ...SIGN_UP, user_auth: 'demo@netdeck.example' }, 'Account might already exist. Please start over.'],
    ] as const)
      expect(await post('/auth/network-create', body), text).toEqual({ status: 500, text: `${text}\n` });
  });

  it('makes a network, mails a code; verify with it logs in; the name is taken from then on', async () => {
    // The refusals above counted against the user auth's attempts (5 in 5 minutes): their window passes.
    await h.advance(301);
    const made = await json('/auth/network-create', { ...SIGN_UP, verify_use_numeric: true });
    expect(made).toEqual({
      network: { network_id: expect.any(String), network_name: 'fresh-network' },
      verification_required: { user_auth: 'new.user@example.com' },
    });
    const mail = await lastMail();
    expect(mail).toMatchObject({
      user_auth: 'new.user@example.com',
      kind: 'verify',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(mailed.at(-1)).toBe(`mail to new.user@example.com: verification code ${mail.code}`);
    expect(h.sim.demo.verifyCode('NEW.USER@example.com')).toBe(mail.code);
    // Not verified yet: the login says so.
    const login = await json('/auth/login-with-password', {
      user_auth: SIGN_UP.user_auth,
      password: SIGN_UP.password,
    });
    expect(login.verification_required).toEqual({ user_auth: 'new.user@example.com' });
    expect(await json('/auth/verify', { user_auth: SIGN_UP.user_auth, verify_code: '000000x' })).toEqual({
      error: { message: 'Invalid code.' },
    });
    const verified = await json('/auth/verify', {
      user_auth: SIGN_UP.user_auth,
      verify_code: ` ${mail.code} `,
    });
    const token = verified.network.by_jwt as string;
    const user = JSON.parse((await raw(h.sim, 'GET', '/network/user', undefined, token)).text);
    expect(user.network_user.network_name).toBe('fresh-network');
    // A new network has the day's free grant.
    const balance = JSON.parse((await raw(h.sim, 'GET', '/subscription/balance', undefined, token)).text);
    expect(balance.balance_byte_count).toBeGreaterThan(0);
    expect(await json('/auth/network-check', { network_name: 'fresh-network' })).toEqual({
      available: false,
    });
  });

  it('verify-send: a new code for a known user (older ones void), `Invalid login.` (500) for anyone else', async () => {
    expect(await post('/auth/verify-send', { user_auth: 'nobody@example.com' })).toEqual({
      status: 500,
      text: 'Invalid login.\n',
    });
    expect(await json('/auth/verify-send', { user_auth: 'unverified@netdeck.example' })).toEqual({
      user_auth: 'unverified@netdeck.example',
    });
    const first = (await lastMail()).code;
    expect(first).toMatch(/^[0-9a-f]{8}$/);
    await json('/auth/verify-send', { user_auth: 'unverified@netdeck.example' });
    expect(
      await json('/auth/verify', { user_auth: 'unverified@netdeck.example', verify_code: first }),
    ).toEqual({
      error: { message: 'Invalid code.' },
    });
  });
});

describe('recovery', () => {
  it('password-reset tells who has an account; password-set with the link’s code refuses every older token', async () => {
    expect(await post('/auth/password-reset', { user_auth: 'nobody@example.com' })).toEqual({
      status: 500,
      text: 'Invalid login.\n',
    });
    expect(await post('/auth/password-reset', { user_auth: 'not an address' })).toEqual({
      status: 500,
      text: 'Invalid user auth.\n',
    });
    const email = 'demo@netdeck.example';
    expect(await json('/auth/password-reset', { user_auth: email })).toEqual({ user_auth: email });
    const mail = await lastMail();
    expect(mail).toMatchObject({ kind: 'password-reset', code: expect.stringMatching(/^[0-9a-f]{128}$/) });
    expect(mailed.at(-1)).toBe(`mail to ${email}: password reset link https://ur.io/?resetCode=${mail.code}`);
    const old = h.sim.token;
    await h.advance(2);
    expect(await post('/auth/password-set', { reset_code: mail.code, password: 'new password' })).toEqual({
      status: 200,
      text: '{}',
    });
    expect((await raw(h.sim, 'GET', '/network/user', undefined, old)).status).toBe(401);
    // Once only.
    expect(await post('/auth/password-set', { reset_code: mail.code, password: 'again' })).toEqual({
      status: 500,
      text: 'Invalid login.\n',
    });
    const login = await json('/auth/login-with-password', { user_auth: email, password: 'new password' });
    expect((await raw(h.sim, 'GET', '/network/user', undefined, login.network.by_jwt)).status).toBe(200);
  });

  it('network-delete: the network and its tokens go, an API key too; its name is free again', async () => {
    const token = h.sim.admin.token('doomed-network').token;
    const key = JSON.parse((await post('/account/api-key', { name: 'k' }, token)).text).api_key;
    expect(await json('/auth/network-check', { network_name: 'doomed-network' })).toEqual({
      available: false,
    });
    expect(await post('/auth/network-delete', undefined, key)).toEqual({ status: 200, text: '{}' });
    for (const credential of [token, key])
      expect((await raw(h.sim, 'GET', '/network/user', undefined, credential)).status).toBe(401);
    expect(await json('/auth/network-check', { network_name: 'doomed-network' })).toEqual({
      available: true,
    });
  });
});
