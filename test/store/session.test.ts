import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../../src/store/session.ts';

describe('session store', () => {
  it('takes the network name from the token and keeps the pane chosen (none at first)', async () => {
    const token = await new SignJWT({ network_id: 'n1', network_name: 'acme' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('k'.repeat(32)));
    const session = createSessionStore({ target: { kind: 'api', url: 'https://x' }, token });
    expect(session.getState().networkName).toBe('acme');
    expect(session.getState().activePane).toBeUndefined();
    session.getState().setFocus('box');
    session.getState().setPane('providers');
    expect(session.getState()).toMatchObject({ activePane: 'providers', focus: undefined });
  });

  it('a notice (what y or e did) is the pane’s: another pane does not show it', () => {
    const session = createSessionStore({ target: { kind: 'demo', seed: 1 } });
    session.getState().setPane('providers');
    session.getState().notify('wrote 196 providers to /tmp/x.jsonl');
    expect(session.getState().notice?.text).toMatch(/^wrote 196/);
    session.getState().setPane('devices');
    expect(session.getState().notice).toBeUndefined();
  });

  it('stacks dialogs (the last opened on top) and toggles the help overlay', () => {
    const session = createSessionStore({ target: { kind: 'demo', seed: 1 } });
    expect(session.getState().networkName).toBeUndefined();
    session.getState().openDialog('add');
    session.getState().openDialog('share');
    session.getState().openDialog('add');
    expect(session.getState().dialogs).toEqual(['share', 'add']);
    session.getState().closeDialog();
    expect(session.getState().dialogs).toEqual(['share']);
    session.getState().toggleHelp();
    expect(session.getState().overlay).toBe('help');
    session.getState().toggleHelp();
    expect(session.getState().overlay).toBeUndefined();
  });
});
