// `netdeck sim`: the simulator as a local service, for a world that lasts across
// commands (every command without an API gets a fresh one).
import { type Command, Option } from 'commander';
import type { SimulatorCommandOptions } from '../../../simulator/main.ts';
import { ERAS, type Era } from '../../contract/eras.ts';
import { ExitCode } from '../output/exit-codes.ts';
import { createOutput } from '../output/writer.ts';
import { type CliContext, integerArg, numberArg, optionsOf } from './context.ts';
import { examples } from './help.ts';

export const SIM_DEFAULT_PORT = 8080;

export interface SimOptions {
  era?: Era;
  host?: string;
  port?: number;
  seed?: number;
  providers?: number;
  locations?: number;
  ownProviders?: number;
  speed?: number;
  admin?: boolean;
  latency?: number;
  errorRate?: number;
  verbose?: boolean;
}

/**
 * The simulator's world flags, shared with the interactive console's demo mode. The
 * defaults are spelled out rather than imported: importing simulator/world would load
 * Faker on every start (test/cli/program.test.ts keeps the two in step).
 */
export function addWorldOptions(command: Command): Command {
  return command
    .option('--seed <n>', 'seed of the world: same seed, same world (default 1)', integerArg({ min: 0 }))
    .option(
      '--speed <factor>',
      'simulated time runs this many times faster (default 1)',
      numberArg({ min: 0.001 }),
    )
    .option('--providers <n>', 'providers in the world (default 5000)', integerArg({ min: 1 }))
    .option('--locations <n>', 'cities in the world (default 2000)', integerArg({ min: 1 }))
    .option('--own-providers <n>', 'providers of the demo network (default 24)', integerArg({ min: 0 }))
    .addOption(
      new Option(
        '--era <era>',
        'which era of the real service to play: current (today, the default) or seed (early 2025)',
      ).choices(ERAS),
    );
}

export function simulatorOptions(options: SimOptions): SimulatorCommandOptions {
  return {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? SIM_DEFAULT_PORT,
    seed: options.seed,
    era: options.era,
    providers: options.providers,
    locations: options.locations,
    ownProviders: options.ownProviders,
    speed: options.speed,
    admin: options.admin ?? false,
    latencyMs: options.latency,
    errorRate: options.errorRate,
    verbose: options.verbose ?? false,
  };
}

export function registerSim(program: Command, context: CliContext): void {
  const command = program
    .command('sim')
    .description('run the simulated network as a local API until Ctrl-C')
    .option(
      '--host <address>',
      'address to listen on (default 127.0.0.1, reachable from this machine only; 0.0.0.0 for every interface)',
    )
    .option(
      '--port <port>',
      `port to listen on; 0 picks a free one (default ${SIM_DEFAULT_PORT})`,
      integerArg({ min: 0, max: 65535 }),
    );
  addWorldOptions(command)
    .option('--admin', 'serve the /__sim/ admin routes (reset, advance time, tokens, codes, faults)')
    .option('--latency <ms>', 'delay every answer by this many milliseconds', integerArg({ min: 0 }))
    .option(
      '--error-rate <fraction>',
      'answer this fraction of requests with a 500, 0-1',
      numberArg({ min: 0, max: 1 }),
    )
    .option('--verbose', 'log every request to stderr');
  command.addHelpText(
    'after',
    `${examples([
      ['netdeck sim', `listen on 127.0.0.1:${SIM_DEFAULT_PORT}, print the demo token`],
      ['netdeck sim --port 0 --seed 7 --speed 60 --admin', 'free port, world 7, a minute per second'],
    ])}
It prints "listening on URL" and "token: JWT"; point netdeck at it with
  NETDECK_API_URL=URL NETDECK_TOKEN=JWT netdeck devices
`,
  );
  command.action(async (_flags, cmd: Command) => {
    const options = simulatorOptions(optionsOf<SimOptions>(cmd));
    const run =
      context.deps.runSimulatorCommand ?? (await import('../../../simulator/main.ts')).runSimulatorCommand;
    try {
      await run(options);
      context.exit(ExitCode.ok);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const out = createOutput(context.io);
      out.error(
        code === 'EADDRINUSE'
          ? `port ${options.port} is in use; pick another with --port (0 picks a free one)`
          : `the simulator failed: ${(error as Error).message}`,
      );
      context.exit(ExitCode.failure);
    }
  });
}
