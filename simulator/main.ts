// `netdeck sim`: run the simulator until SIGINT/SIGTERM. The CLI parses the flags.
import { createSimulator, type Simulator, type SimulatorOptions } from './index.ts';

export interface SimulatorCommandOptions extends SimulatorOptions {
  verbose?: boolean;
  /** Runs once the simulator listens, before the banner (the CLI writes --token-file here). */
  started?: (simulator: Simulator) => void;
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
  const { verbose, started, ...simulatorOptions } = options;
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
  process.stdout.write(`${bannerLines(simulator).join('\n')}\n`);

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await simulator.close();
  process.exitCode = 0;
  // Nothing should be left holding the event loop; if something is, do not hang on it.
  setTimeout(() => process.exit(0), 2_000).unref();
}
