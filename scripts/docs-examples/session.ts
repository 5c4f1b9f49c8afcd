// One page's examples run as one shell session would run them, in order: a fresh home,
// the page's own seed-1 simulator on a clock that stands still (`netdeck sim --start-time
// … --speed 0 --key-file …`, in process), NETDECK_API_URL and NETDECK_TOKEN pointing at it,
// TZ=UTC, NO_COLOR=1. Time moves only where a line says `sleep N` (or asks the admin route):
// then the simulator ticks and whatever runs in the background (`&`, until `kill %N` or the
// page's end) polls. What a line prints is written back with the home as /home/me and each
// port as the page wrote it.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Simulator } from '../../simulator/index.ts';
import { ManualClock } from '../../src/clock.ts';
import {
  ADMIN_SECRET,
  freePortLike,
  makeHome,
  SIGNING_KEY_HEX,
  SIM_PORT,
  SIM_PROXY_PORTS,
  START_TIME,
  WRITTEN_HOME,
  writeKeyFile,
} from './fixed.ts';
import type { ExampleBlock } from './pages.ts';
import { type PageWorld, runNetdeck, runProgram, type Streams, startSimulator } from './programs.ts';
import { type QuietWatch, watchQuiet } from './quiet.ts';
import { expandWord, parseLine, ShellLineError, type SimpleCommand, type Word } from './shell-line.ts';
import { WrittenPorts } from './written-ports.ts';

/** A command that has done nothing this long (real time) before it ended waits for time that never comes. */
const STILL_LIMIT_MS = 10_000;
/** How long a job started in the background may take to say its first words before the next line runs. */
const FIRST_WORDS_MS = 10_000;

/** What a block marked `without NETDECK_API_URL and NETDECK_TOKEN` does not export. */
const API_VARIABLES = ['NETDECK_API_URL', 'NETDECK_TOKEN'];

interface Job {
  stop: AbortController;
  done: Promise<unknown>;
  ended: boolean;
}

export class PageSession {
  /** The session's variables; the exported ones are every program's environment. */
  private readonly vars: Map<string, string>;
  private readonly exported: Set<string>;
  private readonly ports = new WrittenPorts();
  /** What runs in the background, `%1` first, as a shell numbers its jobs. */
  private readonly jobs: Job[] = [];
  private status = 0;
  /** What the line that runs now has printed (background commands print into it too). */
  private screen = '';
  private printed = 0;

  private constructor(
    private readonly home: { path: string; remove(): void },
    private readonly world: PageWorld,
    simulator: Simulator,
    private readonly simulatorEnded: Promise<void>,
    private readonly stopSimulator: AbortController,
    private readonly cleanup: () => void,
    private readonly quiet: QuietWatch,
    proxyPorts: { http: number; socks: number },
  ) {
    this.ports.set(SIM_PORT, Number(new URL(simulator.url).port));
    this.ports.set(SIM_PROXY_PORTS.http, proxyPorts.http);
    this.ports.set(SIM_PROXY_PORTS.socks, proxyPorts.socks);
    this.vars = new Map([
      ['HOME', home.path],
      ['PATH', process.env.PATH ?? '/usr/bin:/bin'],
      ['LANG', 'C.UTF-8'],
      ['TZ', 'UTC'],
      ['NO_COLOR', '1'],
      ['NETDECK_API_URL', simulator.url],
      ['NETDECK_TOKEN', simulator.token],
    ]);
    this.exported = new Set(this.vars.keys());
  }

  static async open(): Promise<PageSession> {
    process.env.TZ = 'UTC';
    const home = makeHome();
    const key = writeKeyFile();
    const quiet = watchQuiet();
    const stop = new AbortController();
    const cwd = process.cwd();
    try {
      const { simulator, ended, proxyPorts } = await pageSimulator(home.path, key.path, stop.signal);
      if (!(simulator.clock instanceof ManualClock))
        throw new Error('the page’s simulator has a running clock');
      // Relative paths on a page (`> clients.csv`, `--token-file pi.jwt`) are in its home.
      process.chdir(home.path);
      const world = { clock: simulator.clock, signingKey: Buffer.from(SIGNING_KEY_HEX, 'hex') };
      const cleanup = () => {
        process.chdir(cwd);
        home.remove();
        key.remove();
        quiet.close();
      };
      return new PageSession(home, world, simulator, ended, stop, cleanup, quiet, proxyPorts);
    } catch (error) {
      home.remove();
      key.remove();
      quiet.close();
      throw error;
    }
  }

  /**
   * Runs a block's commands in order: what each printed, line by line, as the page writes
   * it. What runs in the background goes on into the next blocks (`kill %N` stops it).
   */
  async runBlock(block: ExampleBlock): Promise<string[][]> {
    for (const name of API_VARIABLES) {
      if (block.noApi) this.exported.delete(name);
      else if (this.vars.has(name)) this.exported.add(name);
    }
    const outputs: string[] = [];
    for (const command of block.commands) {
      this.screen = '';
      try {
        await this.runLine(command.line);
      } catch (error) {
        throw new Error(
          `${block.page} block ${block.number} (line ${block.line}): $ ${command.line}: ${(error as Error).message}`,
        );
      }
      outputs.push(this.screen);
    }
    return outputs.map((text) => linesOf(this.shown(text)));
  }

  /** Stops what still runs (what it says then is no line's), the page's simulator, and removes the home. */
  async close(): Promise<void> {
    try {
      await this.stopJobs(this.jobs.filter((job) => !job.ended));
      this.stopSimulator.abort();
      await this.simulatorEnded;
    } finally {
      this.cleanup();
    }
  }

  private async runLine(line: string): Promise<void> {
    for (const step of parseLine(line)) {
      if ((step.when === 'ok' && this.status !== 0) || (step.when === 'failed' && this.status === 0))
        continue;
      if (step.background) await this.startJob(step.pipeline);
      else this.status = await this.untilDone(this.runPipeline(step.pipeline));
      await this.quiet.quiet(() => this.printed, `after "${line}", what runs`);
    }
  }

  /** The commands of a pipe one after another, each one's output the next one's input. */
  private async runPipeline(pipeline: SimpleCommand[], output = this.toScreen): Promise<number> {
    let input: string | undefined;
    let status = 0;
    for (const [i, command] of pipeline.entries()) {
      let piped = '';
      const toNext = (text: string) => {
        piped += text;
      };
      const stdout = i === pipeline.length - 1 ? output : toNext;
      status = await this.runCommand(command, input, stdout, new AbortController().signal);
      input = piped;
    }
    return status;
  }

  /**
   * Starts a job and waits for its first words (or its end): a command that runs on says
   * first what it does (listening on…, watching…), and what it loads before that (a module
   * under vitest comes through a pipe, not a file) shows as nothing under way.
   */
  private async startJob(pipeline: SimpleCommand[]): Promise<void> {
    const [command] = pipeline;
    if (
      pipeline.length !== 1 ||
      command.words[0]?.map((part) => ('text' in part ? part.text : '?')).join('') !== 'netdeck'
    )
      throw new ShellLineError('only a netdeck command runs in the background (&) in the examples');
    const stop = new AbortController();
    const job: Job = { stop, done: Promise.resolve(), ended: false };
    job.done = this.runCommand(command, undefined, this.toScreen, stop.signal)
      .catch((error) => this.toScreen(`${(error as Error).message}\n`))
      .finally(() => {
        job.ended = true;
      });
    this.jobs.push(job);
    this.status = 0;
    const printed = this.printed;
    const until = Date.now() + FIRST_WORDS_MS;
    while (this.printed === printed && !job.ended && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Stops the jobs as Ctrl-C stops a command, and waits for them to end. */
  private async stopJobs(jobs: Job[]): Promise<void> {
    if (!jobs.length) return;
    for (const job of jobs) job.stop.abort(new Error('stopped'));
    await this.untilDone(Promise.all(jobs.map((job) => job.done)));
  }

  /** `kill %N`: the Nth job started on the page. */
  private async kill(args: string[]): Promise<number> {
    const number = /^%(\d+)$/.exec(args[0] ?? '')?.[1];
    const job = number ? this.jobs[Number(number) - 1] : undefined;
    if (!job || args.length !== 1)
      throw new ShellLineError('kill takes one job, %1 for the first started on the page');
    if (job.ended) {
      this.toScreen(`kill: %${number}: no such job\n`);
      return 1;
    }
    await this.stopJobs([job]);
    return 0;
  }

  private async runCommand(
    command: SimpleCommand,
    stdin: string | undefined,
    stdout: (text: string) => void,
    stop: AbortSignal,
  ): Promise<number> {
    const words = await this.ports.toActual(
      await Promise.all(command.words.map((word) => this.expand(word))),
    );
    const assignments = await Promise.all(
      command.assignments.map(async ({ name, value }) => [
        name,
        (await this.ports.toActual([await this.expand(value)]))[0],
      ]),
    );
    if (!words.length) {
      for (const [name, value] of assignments) this.vars.set(name, value);
      return 0;
    }
    const [program, ...args] = words;
    const streams: Streams = {
      stdout,
      stderr: this.toScreen,
      stdin,
      env: { ...this.programEnv(), ...Object.fromEntries(assignments) },
    };
    await this.redirect(command, streams);
    switch (program) {
      case 'netdeck':
        return runNetdeck(args, streams, this.world, stop);
      case 'echo':
        streams.stdout(`${args.join(' ')}\n`);
        return 0;
      case 'export':
        for (const arg of args) {
          const [name, ...value] = arg.split('=');
          if (value.length) this.vars.set(name, value.join('='));
          this.exported.add(name);
        }
        return 0;
      case 'unset':
        for (const name of args) {
          this.vars.delete(name);
          this.exported.delete(name);
        }
        return 0;
      case 'kill':
        return this.kill(args);
      case 'sleep':
        await this.sleep(Number(args[0]));
        return 0;
      default:
        return runProgram(words, streams, this.home.path);
    }
  }

  /** `>`, `>>`, `2>`, `2>&1` and `<`, in the order a shell applies them. */
  private async redirect(command: SimpleCommand, streams: Streams): Promise<void> {
    for (const { fd, to, append } of command.redirects) {
      if (to === '&1') {
        streams.stderr = streams.stdout;
        continue;
      }
      const path = resolve(this.home.path, await this.expand(to));
      if (fd === 0) {
        streams.stdin = readFileSync(path, 'utf8');
        continue;
      }
      let sink = (_text: string) => {};
      if (path !== '/dev/null') {
        if (!append) writeFileSync(path, '');
        sink = (text) => appendFileSync(path, text);
      }
      if (fd === 1) streams.stdout = sink;
      else streams.stderr = sink;
    }
  }

  /**
   * `sleep N`: the page's clock moves N seconds. While something runs in the background it
   * moves a second at a time, each second's polls answered before the next, as in real time.
   */
  private async sleep(seconds: number): Promise<void> {
    if (!(seconds >= 0)) throw new ShellLineError('sleep wants a number of seconds');
    const ms = seconds * 1000;
    if (this.jobs.every((job) => job.ended)) {
      await this.world.clock.advance(ms);
      return;
    }
    for (let passed = 0; passed < ms; passed += 1000) {
      await this.world.clock.advance(Math.min(1000, ms - passed));
      await this.quiet.quiet(() => this.printed, `sleep ${seconds}: what runs`);
    }
  }

  /**
   * `work` to its end; it fails when nothing has happened for a while before it ended (no
   * request, no output): a command in the foreground that waits for time, which stands
   * still until a line moves it.
   */
  private async untilDone<T>(work: Promise<T>): Promise<T> {
    let ended = false;
    const watched = work.finally(() => {
      ended = true;
    });
    let seen = this.printed;
    let stillSince = Date.now();
    while (!ended) {
      await Promise.race([watched, new Promise((resolve) => setTimeout(resolve, 50))]);
      if (this.quiet.busy() || this.printed !== seen) stillSince = Date.now();
      seen = this.printed;
      if (!ended && Date.now() - stillSince > STILL_LIMIT_MS)
        throw new Error(
          'waits for time to pass, which stands still: run it in the background (&) and move the clock with `sleep N`',
        );
    }
    return watched;
  }

  private readonly toScreen = (text: string): void => {
    this.screen += text;
    this.printed += text.length;
  };

  private expand(word: Word): Promise<string> {
    return expandWord(word, {
      variable: (name) => (name === '?' ? String(this.status) : (this.vars.get(name) ?? '')),
      command: async (line) => {
        let printed = '';
        for (const step of parseLine(line))
          if (!step.background)
            await this.runPipeline(step.pipeline, (text) => {
              printed += text;
            });
        return printed;
      },
      home: this.home.path,
    });
  }

  private programEnv(): Record<string, string | undefined> {
    return Object.fromEntries([...this.exported].map((name) => [name, this.vars.get(name)]));
  }

  /** What a line printed as the page shows it: the home as /home/me, each port as written. */
  private shown(text: string): string {
    return this.ports.shown(text.replaceAll(this.home.path, WRITTEN_HOME));
  }
}

/**
 * The page's simulator: `netdeck sim` on a free port, seed 1, a still clock at START_TIME,
 * the fixed key; its proxies on free ports of their own, each shown as the page writes it.
 */
async function pageSimulator(home: string, keyFile: string, stop: AbortSignal) {
  for (let tries = 1; ; tries++) {
    const port = await freePortLike(SIM_PORT);
    const proxyPorts = {
      http: await freePortLike(SIM_PROXY_PORTS.http),
      socks: await freePortLike(SIM_PROXY_PORTS.socks),
    };
    const argv = ['--port', String(port), '--start-time', START_TIME, '--speed', '0'];
    argv.push('--admin-secret', ADMIN_SECRET, '--key-file', keyFile);
    argv.push('--http-proxy-port', String(proxyPorts.http), '--socks-proxy-port', String(proxyPorts.socks));
    try {
      const started = await startSimulator(
        argv,
        { stdout: () => {}, stderr: () => {}, env: { HOME: home } },
        stop,
      );
      return { ...started, proxyPorts };
    } catch (error) {
      // Another program may take the free port before the simulator does.
      if (tries >= 3) throw error;
    }
  }
}

function linesOf(text: string): string[] {
  if (!text) return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
