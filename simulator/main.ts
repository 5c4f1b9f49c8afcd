// `netdeck sim`: run the simulator until SIGINT/SIGTERM. The CLI parses the flags.
import { createSimulator, type SimulatorOptions } from './index.ts';

export interface SimulatorCommandOptions extends SimulatorOptions {
  verbose?: boolean;
}

/** Starts the simulator, prints where it listens and its demo token; resolves once it has shut down. */
export async function runSimulatorCommand(options: SimulatorCommandOptions): Promise<void> {
  const { verbose, ...simulatorOptions } = options;
  const simulator = await createSimulator({
    ...simulatorOptions,
    log: verbose ? (line) => process.stderr.write(`${line}\n`) : simulatorOptions.log,
  });
  const { email, password } = simulator.demo.codes().demo_user;
  process.stdout.write(
    `listening on ${simulator.url}\ntoken: ${simulator.token}\ndemo user: ${email} ${password}\n`,
  );

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
