// `netdeck sim` (runSimulatorCommand) in a child process: what it prints, that it
// serves, logs with verbose, and shuts down cleanly on SIGTERM and SIGINT.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/run-sim.ts', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(options: object) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, JSON.stringify(options)], {
    env: { ...process.env, CI: 'false' },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = async (count: number) => {
    const deadline = Date.now() + 15_000;
    while (stdout.split('\n').length <= count) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no output: ${stdout} ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return stdout.split('\n').slice(0, count);
  };
  return { child, exited, lines, stderr: () => stderr };
}

const SMALL = { providers: 400, locations: 60, ownProviders: 4 };

describe('runSimulatorCommand', () => {
  it('prints the real bound url first, then the demo token; serves; logs with verbose; exits 0 on SIGTERM', async () => {
    const run = start({ ...SMALL, port: 0, seed: 3, verbose: true });
    const [first, second, third, fourth] = await run.lines(4);
    const url = first.match(/^listening on (http:\/\/127\.0\.0\.1:(\d+))$/);
    expect(url, first).not.toBeNull();
    expect(Number(url![2])).toBeGreaterThan(0);
    const token = second.match(/^token: (\S+)$/)?.[1];
    expect(token).toBeDefined();
    expect(decodeJwt(token!).network_name).toBe('demo');
    // The demo user, who logs in with a password (netdeck login --email).
    const [, email, password] = third.match(/^demo user: (\S+@\S+) (\S+)$/) ?? [];
    expect(email).toBe('demo@netdeck.example');
    const login = await fetch(`${url![1]}/auth/login-with-password`, {
      method: 'POST',
      body: JSON.stringify({ user_auth: email, password }),
    });
    expect(
      decodeJwt(((await login.json()) as { network: { by_jwt: string } }).network.by_jwt).network_name,
    ).toBe('demo');
    // Without --admin no secret line: the export line for a shell follows.
    expect(fourth).toBe(`export NETDECK_API_URL=${url![1]} NETDECK_TOKEN=${token}`);

    const res = await fetch(`${url![1]}/stats/providers`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const deadline = Date.now() + 5_000;
    while (!run.stderr().includes('GET /stats/providers 200') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(run.stderr()).toMatch(/GET \/stats\/providers 200 \d+\.\dms/);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expect(fetch(`${url![1]}/stats/last-90`)).rejects.toThrow();
  });

  it('stays quiet on stderr without verbose and exits 0 on SIGINT', async () => {
    const run = start({ ...SMALL, port: 0, seed: 4 });
    const [first] = await run.lines(2);
    const url = first.replace('listening on ', '');
    expect((await fetch(`${url}/stats/last-90`)).status).toBe(200);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.stderr()).not.toMatch(/GET \/stats/);
  });
});
