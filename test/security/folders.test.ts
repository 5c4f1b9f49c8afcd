// The folders netdeck writes or deletes in (logins, config, state and copy file, compile
// cache) get one check (src/safe-folders.ts): a real folder of the user running netdeck,
// writable by no one else, on a path no one else can change; a missing one is made only
// inside a folder of that user's own or a sticky shared one. Played as any user where it
// can be: another owner is root's chown (those cases say they need root), or a check run
// for another user id than the one running the test.
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStateFile, statePath, writeStateFile } from '../../src/cli/console/state-file.ts';
import { loginPath, removeLogin, saveLogin } from '../../src/cli/profile/login-store.ts';
import { openCacheFolder } from '../../src/cli/runtime/compile-cache.ts';
import { existingOwnFolder, makeOwnFolder, UnsafeFolderError } from '../../src/safe-folders.ts';
import { copyCode } from '../../src/ui/clipboard.ts';
import { run } from '../cli/harness.ts';
import { scratchDir } from '../scratch-dir.ts';

const uid = process.getuid!();
const AS_ROOT = uid === 0;
/** A user id that is neither root nor the one running the tests. */
const OTHER_USER = 4242;
const modeOf = (path: string) => lstatSync(path).mode & 0o777;

/** A folder with a file in it that netdeck must never touch (root's, in the attack). */
function victimFolder(dir: string, name: string, content = 'do not touch\n') {
  const folder = join(dir, 'victim');
  mkdirSync(folder, { mode: 0o700 });
  writeFileSync(join(folder, name), content);
  return {
    folder,
    untouched: () => {
      expect(readdirSync(folder)).toEqual([name]);
      expect(readFileSync(join(folder, name), 'utf8')).toBe(content);
    },
  };
}

describe('logout and login: the logins folder', () => {
  const home = () => {
    const dir = scratchDir();
    const xdg = join(dir, 'xdg');
    mkdirSync(join(xdg, 'netdeck'), { recursive: true, mode: 0o700 });
    return { dir, xdg, logins: join(xdg, 'netdeck', 'logins'), env: { HOME: dir, XDG_CONFIG_HOME: xdg } };
  };

  it('logout removes nothing through a logins folder that is a link', async () => {
    const { dir, logins, env } = home();
    const victim = victimFolder(dir, 'default.json');
    symlinkSync(victim.folder, logins);
    const result = await run(['logout'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `will not write in ${logins}: it is a link (netdeck writes only in a real folder: remove the link)`,
    );
    victim.untouched();
  });

  it('login keeps nothing through a logins folder that is a link', () => {
    const { dir, xdg, logins } = home();
    const victim = victimFolder(dir, 'default.json');
    symlinkSync(victim.folder, logins);
    const path = loginPath(join(xdg, 'netdeck'), 'default');
    expect(() => saveLogin(path, { apiUrl: 'http://x', token: 'a.b.c' })).toThrow(/: it is a link/);
    victim.untouched();
  });

  it.each(['777', '770'])(
    'logout removes nothing from a logins folder others may write to (mode %s)',
    async (mode) => {
      const { logins, env } = home();
      mkdirSync(logins);
      chmodSync(logins, Number.parseInt(mode, 8));
      writeFileSync(join(logins, 'default.json'), '{}');
      const result = await run(['logout'], { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `will not write in ${logins}: other users can write to it (mode ${mode}; run: chmod go-w ${logins})`,
      );
      expect(existsSync(join(logins, 'default.json'))).toBe(true);
    },
  );

  it.runIf(AS_ROOT)('(as root) logout removes nothing from a logins folder of another user', async () => {
    const { logins, env } = home();
    mkdirSync(logins, { mode: 0o700 });
    writeFileSync(join(logins, 'default.json'), '{}');
    chownSync(logins, OTHER_USER, OTHER_USER);
    const result = await run(['logout'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `will not write in ${logins}: it belongs to another user (uid ${OTHER_USER})`,
    );
    expect(existsSync(join(logins, 'default.json'))).toBe(true);
  });

  it('a folder of this user is used as before: login keeps, logout removes', () => {
    const { xdg } = home();
    const path = loginPath(join(xdg, 'netdeck'), 'default');
    saveLogin(path, { apiUrl: 'http://x', token: 'a.b.c' });
    expect(modeOf(join(xdg, 'netdeck', 'logins'))).toBe(0o700);
    expect(removeLogin(path)).toBe(true);
    expect(removeLogin(path)).toBe(false);
  });
});

describe('config set: the config folder', () => {
  it('writes no config file through a config folder that is a link (exit 2, nothing written)', async () => {
    const dir = scratchDir();
    const victim = victimFolder(dir, 'config.json', '{}\n');
    mkdirSync(join(dir, 'xdg'));
    symlinkSync(victim.folder, join(dir, 'xdg', 'netdeck'));
    const result = await run(['config', 'set', 'mouse', 'false'], {
      env: { HOME: dir, XDG_CONFIG_HOME: join(dir, 'xdg') },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `will not write in ${join(dir, 'xdg', 'netdeck')}: it is a link (netdeck writes only in a real folder: remove the link); nothing written`,
    );
    victim.untouched();
  });
});

describe("the console's state file and the copy file", () => {
  it('state.json is not written through a state folder that is a link', () => {
    const dir = scratchDir();
    const victim = victimFolder(dir, 'state.json');
    mkdirSync(join(dir, 'state'), { mode: 0o700 });
    symlinkSync(victim.folder, join(dir, 'state', 'netdeck'));
    const path = statePath({ XDG_STATE_HOME: join(dir, 'state') });
    expect(writeStateFile(path, { pane: 'devices' })).toBe(false);
    victim.untouched();
  });

  it('the copy file is not written through a folder that is a link', () => {
    const dir = scratchDir();
    const victim = victimFolder(dir, 'copied.txt');
    symlinkSync(victim.folder, join(dir, 'netdeck'));
    const written: string[] = [];
    const result = copyCode('abandon ability', {
      write: (data) => written.push(data),
      dir: join(dir, 'netdeck'),
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(
      /Sent to the terminal clipboard \(OSC 52\); could not write .*: it is a link/,
    );
    // The terminal's clipboard still got it.
    expect(written).toHaveLength(1);
    victim.untouched();
  });

  it('the state folder is made 0700 when missing, and used when it is this user’s', () => {
    const dir = scratchDir();
    const path = statePath({ XDG_STATE_HOME: join(dir, 'state') });
    expect(writeStateFile(path, { pane: 'devices' })).toBe(true);
    expect(modeOf(join(dir, 'state'))).toBe(0o700);
    expect(modeOf(join(dir, 'state', 'netdeck'))).toBe(0o700);
    expect(readStateFile(path)).toEqual({ pane: 'devices' });
  });
});

describe('nothing is made in a folder of another user (root with a user’s HOME)', () => {
  it('makes nothing, not even ~/.cache, in a home the running user does not own', () => {
    // The home is this test's; netdeck runs as another user there.
    const home = join(scratchDir(), 'home');
    mkdirSync(home, { mode: 0o755 });
    expect(openCacheFolder({ env: {}, uid: OTHER_USER, home: () => home })).toBeUndefined();
    const state = join(home, '.local', 'state', 'netdeck');
    expect(() => makeOwnFolder(state, { uid: OTHER_USER })).toThrow(UnsafeFolderError);
    // Above it or where it would be made: the home is root's when the tests run as root.
    expect(() => makeOwnFolder(state, { uid: OTHER_USER })).toThrow(`will not write in ${state}: ${home}`);
    expect(() => makeOwnFolder(state, { uid: OTHER_USER })).toThrow(`belongs to another user (uid ${uid})`);
    expect(readdirSync(home)).toEqual([]);
  });

  it.runIf(AS_ROOT)(
    '(as root) the console, its copy file and the cache make nothing in a user’s home',
    () => {
      const home = join(scratchDir(), 'home');
      mkdirSync(home, { mode: 0o755 });
      chownSync(home, OTHER_USER, OTHER_USER);
      expect(openCacheFolder({ env: {}, uid, home: () => home })).toBeUndefined();
      expect(writeStateFile(statePath({ HOME: home }), { pane: 'devices' })).toBe(false);
      expect(copyCode('x', { write: () => {}, dir: join(home, '.local', 'state', 'netdeck') }).ok).toBe(
        false,
      );
      expect(readdirSync(home)).toEqual([]);
    },
  );

  it('makes its own folder 0700 in a sticky shared folder such as /tmp', () => {
    const shared = scratchDir();
    chmodSync(shared, 0o1777);
    const folder = makeOwnFolder(join(shared, 'cache', 'netdeck'));
    expect(folder).toBe(join(shared, 'cache', 'netdeck'));
    expect(modeOf(join(shared, 'cache'))).toBe(0o700);
    expect(modeOf(folder)).toBe(0o700);
  });

  it('refuses a folder under one that others may change (not sticky)', () => {
    const shared = scratchDir();
    chmodSync(shared, 0o777);
    expect(() => makeOwnFolder(join(shared, 'netdeck'))).toThrow(
      `will not write in ${join(shared, 'netdeck')}: ${shared} above it can be changed by other users (mode 777; run: chmod go-w ${shared})`,
    );
    expect(readdirSync(shared)).toEqual([]);
  });

  it('follows links above the folder once, and gives the path they lead to', () => {
    const dir = scratchDir();
    mkdirSync(join(dir, 'dotfiles'), { mode: 0o700 });
    symlinkSync(join(dir, 'dotfiles'), join(dir, 'config'));
    expect(makeOwnFolder(join(dir, 'config', 'netdeck'))).toBe(join(dir, 'dotfiles', 'netdeck'));
    expect(existingOwnFolder(join(dir, 'config', 'netdeck'))).toBe(join(dir, 'dotfiles', 'netdeck'));
    expect(existingOwnFolder(join(dir, 'config', 'missing'))).toBeUndefined();
  });

  it('says why for a file where a folder should be', () => {
    const dir = scratchDir();
    writeFileSync(join(dir, 'state'), '');
    expect(() => makeOwnFolder(join(dir, 'state', 'netdeck'))).toThrow(/cannot use the folder .*ENOTDIR/);
  });
});
