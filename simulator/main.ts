// `netdeck sim`: run the simulator until SIGINT/SIGTERM. The CLI parses the flags.
import { createSimulator, type Simulator, type SimulatorOptions } from './index.ts';

export interface SimulatorCommandOptions extends SimulatorOptions {
  verbose?: boolean;
  /** Runs once the simulator listens, before the banner (the CLI writes --token-file here). */
  started?: (simulator: Simulator) => void;
  /** Where the banner goes (default: stdout). */
  print?: (text: string) => void;
  /**
   * Stops the simulator (default: SIGINT or SIGTERM). A caller that gives one runs it in
   * a process of its own (npm run docs-examples), which it is not this command's to end.
   */
  stop?: AbortSignal;
}

/**
 * What `netdeck sim` prints, one item per line, in this order (scripts and tests parse it):
 * the lines design.md fixes, then where the proxies listen (issue 34) and what they are not.
 */
export function bannerLines(simulator: Simulator): string[] {
  const lines = [`listening on ${simulator.url}`, `token: ${simulator.token}`];
  if (simulator.adminSecret !== undefined) lines.push(`admin secret: ${simulator.adminSecret}`);
  const { email, password } = simulator.demo.codes().demo_user;
  lines.push(`demo user: ${email} ${password}`);
  lines.push(`export NETDECK_API_URL=${simulator.url} NETDECK_TOKEN=${simulator.token}`);
  const { host, httpPort, socksPort } = simulator.proxies;
  lines.push(
    `proxies: http://${host}:${httpPort} socks5h://${host}:${socksPort} (a proxy's traffic leaves from this machine, not from the place it was made for; no HTTPS proxy, no WireGuard traffic)`,
  );
  return lines;
}

/** Starts the simulator, prints where it listens and its demo token; resolves once it has shut down. */
export async function runSimulatorCommand(options: SimulatorCommandOptions): Promise<void> {
  const { verbose, started, print, stop, ...simulatorOptions } = options;
  const simulator = await createSimulator({
    ...simulatorOptions,
    log: verbose ? (line) => process.stderr.write(`${line}\n`) : simulatorOptions.log,
    // What the service would have e-mailed (a sign-up's code, a reset link): always said.
    mailed: simulatorOptions.mailed ?? ((line) => process.stderr.write(`${line}\n`)),
  });
  try {
    started?.(simulator);
  } catch (error) {
    await simulator.close();
    throw error;
  }
  (print ?? ((text) => process.stdout.write(text)))(`${bannerLines(simulator).join('\n')}\n`);

  if (stop) {
    if (!stop.aborted)
      await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
    await simulator.close();
    return;
  }
  await new Promise<void>((resolve) => {
    const stopped = () => {
      process.off('SIGINT', stopped);
      process.off('SIGTERM', stopped);
      resolve();
    };
    process.on('SIGINT', stopped);
    process.on('SIGTERM', stopped);
  });
  await simulator.close();
  process.exitCode = 0;
  // Nothing should be left holding the event loop; if something is, do not hang on it.
  setTimeout(() => process.exit(0), 2_000).unref();
}
