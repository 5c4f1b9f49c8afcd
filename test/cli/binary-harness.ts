// The built binary (node dist/netdeck.cjs) as child processes, for the tests that run it:
// a command line's exit code and output, and `netdeck sim` started until its banner is out.
// Each test file makes one harness: its config folder, the children to end after each test.
import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { BINARY, ensureBuilt } from '../e2e/harness.ts';
import { tempDir } from './harness.ts';

/** `netdeck sim` on a free port with a small world: a banner in a second or two. */
export const SMALL_SIM = ['--port', '0', '--providers', '300', '--locations', '40', '--own-providers', '2'];

export interface BinaryRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function binaryHarness() {
  let config: ReturnType<typeof tempDir> | undefined;
  const children: ChildProcessWithoutNullStreams[] = [];
  const dir = () => {
    if (!config) throw new Error('binaryHarness: setUp() first');
    return config.path;
  };

  /** An environment without the machine's NETDECK_* settings. */
  function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('NETDECK_')),
    );
    return { ...env, XDG_CONFIG_HOME: dir(), NO_COLOR: '1', ...extra };
  }

  /** One command line; `input` is what a pipe on stdin sends. */
  function netdeck(args: string[], env: Record<string, string> = {}, input?: string): Promise<BinaryRun> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [BINARY, ...args],
        { env: cleanEnv(env), maxBuffer: 64 << 20 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(input ?? '');
    });
  }

  /** Runs `netdeck sim` until its whole banner is out. */
  async function startSim(args: string[]) {
    const child = spawn(process.execPath, [BINARY, 'sim', ...args], { env: cleanEnv() });
    children.push(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const deadline = Date.now() + 15_000;
    while (!/^export .*\n/m.test(out)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no banner: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The banner ends with the export line; what follows (where the proxies listen) is not its part.
    const banner = out.slice(0, out.search(/^export .*\n/m)) + out.match(/^export .*\n/m)![0];
    return {
      /** The banner: listening, token, admin secret, demo user, export. */
      out: banner,
      url: out.match(/^listening on (http:\/\/127\.0\.0\.1:\d+)$/m)![1]!,
      token: out.match(/^token: (\S+)$/m)![1]!,
      /** Ends it with SIGTERM; resolves with its exit code. */
      stop: () => {
        child.kill('SIGTERM');
        return new Promise<number | null>((resolve) => child.once('exit', resolve));
      },
    };
  }

  return {
    /** The config folder (XDG_CONFIG_HOME of every run). */
    dir,
    cleanEnv,
    netdeck,
    startSim,
    async setUp() {
      await ensureBuilt();
      config = tempDir();
    },
    tearDown: () => config?.cleanup(),
    /** A child of the test's own, ended after the test like the others. */
    track: (child: ChildProcessWithoutNullStreams) => children.push(child),
    /** Ends the children a test left running. */
    killChildren() {
      for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
