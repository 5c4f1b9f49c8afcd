// Logging in, engine only: the demo and unverified users, the attempt limits, auth codes
// and refresh, with a signer that names the network it signs for.
import { describe, expect, it } from 'vitest';
import type { RequestContext, SimError } from '../../../simulator/engine/index.ts';
import { MINUTE, rig } from './helpers.ts';

const context = (address = '10.0.0.1'): RequestContext => ({
  address,
  sign: (network, clientId) => `token:${network.name}${clientId ? `:${clientId}` : ''}`,
});

function status(run: () => unknown): { status: number; message: string } | undefined {
  try {
    run();
  } catch (caught) {
    return { status: (caught as SimError).status, message: (caught as SimError).message };
  }
  return undefined;
}

describe('login with a password', () => {
  it('logs the demo user in to the demo network', () => {
    const { engine } = rig({ era: 'current' });
    const { email, password } = engine.codes().demo_user;
    expect(email).toBe('demo@netdeck.example');
    expect(password).toMatch(/^\S{8,}$/);
    expect(
      engine.handle(
        'authLoginWithPassword',
        { user_auth: `  ${email.toUpperCase()} `, password },
        undefined,
        context(),
      ),
    ).toEqual({ network: { by_jwt: 'token:demo' } });
  });

  it('says which step is wrong: user auth, password, verification, unknown user', () => {
    const { engine } = rig({ era: 'current' });
    const { password } = engine.codes().demo_user;
    const login = (user_auth: string, secret = password) =>
      engine.handle('authLoginWithPassword', { user_auth, password: secret }, undefined, context());
    expect(login('not an address')).toEqual({ error: { message: 'Invalid user auth.' } });
    expect(login('demo@netdeck.example', 'wrong')).toEqual({
      error: { message: 'Invalid user or password.' },
    });
    expect(login('unverified@netdeck.example')).toEqual({
      verification_required: { user_auth: 'unverified@netdeck.example' },
      network: { name: 'unverified-network' },
    });
    expect(status(() => login('nobody@netdeck.example'))).toEqual({
      status: 500,
      message: 'User does not exist.',
    });
  });

  it('refuses the 5th attempt of an address for a user in 5 minutes with a 503; a success clears it', async () => {
    const { engine, advance } = rig({ era: 'current' });
    const { email, password } = engine.codes().demo_user;
    const login =
      (secret: string, address = '10.0.0.1') =>
      () =>
        engine.handle(
          'authLoginWithPassword',
          { user_auth: email, password: secret },
          undefined,
          context(address),
        );
    for (let k = 0; k < 4; k++)
      expect(login('wrong')()).toEqual({ error: { message: 'Invalid user or password.' } });
    const limited = { status: 503, message: 'User auth attempts exceeded limits.' };
    expect(status(login(password))).toEqual(limited);
    // Another address is not limited, and its success does not clear the first one's window.
    expect(login(password, '10.0.0.2')()).toEqual({ network: { by_jwt: 'token:demo' } });
    // Refused attempts are recorded too: an address that keeps trying stays refused.
    await advance(4 * MINUTE);
    for (let k = 0; k < 5; k++) expect(status(login(password))).toEqual(limited);
    await advance(4 * MINUTE);
    expect(status(login(password))).toEqual(limited);
    await advance(5 * MINUTE);
    expect(login(password)()).toEqual({ network: { by_jwt: 'token:demo' } });
    // The success cleared the window: four more failures are allowed.
    for (let k = 0; k < 4; k++) expect(login('wrong')()).toHaveProperty('error');
  });

  it('refuses the 300th attempt for one user in 30 minutes, whatever the address', () => {
    const { engine } = rig({ era: 'current' });
    const { email, password } = engine.codes().demo_user;
    for (let k = 0; k < 299; k++)
      engine.handle(
        'authLoginWithPassword',
        { user_auth: email, password: 'x' },
        undefined,
        context(`10.1.${k >> 8}.${k & 255}`),
      );
    expect(
      status(() =>
        engine.handle(
          'authLoginWithPassword',
          { user_auth: email, password },
          undefined,
          context('10.9.9.9'),
        ),
      ),
    ).toEqual({ status: 503, message: 'User auth attempts exceeded limits.' });
  });
});

describe('login lookup', () => {
  it('tells which methods a user has, and counts the lookups toward the limit', () => {
    const { engine } = rig({ era: 'current' });
    const look = (user_auth: string) => engine.handle('authLogin', { user_auth }, undefined, context());
    expect(look('Demo@Netdeck.example')).toEqual({
      auth_allowed: ['email', 'password'],
      user_auth: 'demo@netdeck.example',
    });
    expect(look('someone@else.example')).toEqual({ user_auth: 'someone@else.example' });
    expect(look('(650) 253-0000')).toEqual({ user_auth: '+16502530000' });
    expect(look('???')).toEqual({ error: { message: 'Invalid email or phone number.' } });
    expect(engine.handle('authLogin', { seedphrase: 'a b c' }, undefined, context())).toEqual({
      error: { message: 'unknown seedphrase' },
    });
    expect(engine.handle('authLogin', { seedphrase: '' }, undefined, context())).toEqual({
      error: { message: 'Invalid login credentials.' },
    });
    for (let k = 0; k < 3; k++) look('demo@netdeck.example');
    expect(status(() => look('demo@netdeck.example'))?.status).toBe(503);
  });
});

describe('auth codes', () => {
  it('a code logs in as the network that made it, for its uses and its minutes', async () => {
    const { engine, demo, advance } = rig({ era: 'current' });
    const created = engine.handle('authCodeCreate', { duration_minutes: 5, uses: 2 }, demo);
    expect(created).toMatchObject({ duration_minutes: 5, uses: 2 });
    expect(created.auth_code).toMatch(/^[A-Za-z0-9_-]{683}=$/);
    const use = (auth_code = created.auth_code) =>
      engine.handle('authCodeLogin', { auth_code }, undefined, context());
    expect(use()).toEqual({ by_jwt: 'token:demo' });
    expect(use()).toEqual({ by_jwt: 'token:demo' });
    expect(use()).toEqual({ error: { message: 'Invalid auth code.' } });
    const short = engine.handle('authCodeCreate', {}, demo);
    expect(short).toMatchObject({ duration_minutes: 1, uses: 1 });
    await advance(MINUTE);
    expect(use(short.auth_code)).toEqual({ error: { message: 'Invalid auth code.' } });
    expect(engine.world.authCodes.size).toBe(0);
  });

  it('caps minutes at 1440 and uses at 100, and a network at 500 live codes', () => {
    const { engine, demo } = rig({ era: 'current' });
    expect(engine.handle('authCodeCreate', { duration_minutes: 1e9, uses: 1e6 }, demo)).toMatchObject({
      duration_minutes: 1440,
      uses: 100,
    });
    for (let k = 1; k < 500; k++) engine.handle('authCodeCreate', {}, demo);
    expect(engine.handle('authCodeCreate', {}, demo)).toEqual({
      error: { auth_code_limit_exceeded: true, message: 'Auth code limit exceeded.' },
    });
  });

  it('gives roles only to a network session', () => {
    const { engine, demo } = rig({ era: 'current' });
    const client = { ...demo, clientId: engine.world.providers.ids.id(0) };
    expect(engine.handle('authCodeCreate', { roles: ['admin'] }, client)).toEqual({
      error: { message: 'Roles and principal can only be assigned by a network session.' },
    });
    expect(engine.handle('authCodeCreate', { roles: ['admin'] }, demo)).toHaveProperty('auth_code');
  });
});

describe('refresh', () => {
  it('renews a client token; a network token gets an error; the seed era has no such route', () => {
    const { engine, demo } = rig({ era: 'current' });
    const clientId = engine.world.providers.ids.id(0);
    expect(engine.handle('authRefresh', undefined, { ...demo, clientId }, context())).toEqual({
      by_jwt: `token:demo:${clientId}`,
    });
    expect(engine.handle('authRefresh', undefined, demo, context())).toEqual({
      error: { message: 'Client ID is required for token refresh.' },
    });
    const seed = rig({ era: 'seed' });
    expect(status(() => seed.engine.handle('authRefresh', undefined, seed.demo, context()))).toEqual({
      status: 404,
      message: '404 page not found',
    });
  });
});
