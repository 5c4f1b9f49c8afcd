// What a command runs with: its streams and environment, the seams tests replace, and
// where it records its exit code.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Simulator, SimulatorOptions } from '../../simulator/index.ts';
import type { SimulatorCommandOptions } from '../../simulator/main.ts';
import type { ClientOptions } from '../api/client.ts';
import type { Clock } from '../clock.ts';
import type { WalkBounds } from '../store/provider-walk.ts';
import type { TuiOptions } from './console/tui.tsx';
import type { CliIo } from './output/io.ts';
import type { ConfigFs } from './profile/config.ts';
import type { MemorySaver } from './runtime/memory-saver.ts';

/** Seams for tests; the binary uses the defaults. */
export interface CliDeps {
  /** Starts the demo simulator (default: simulator/index.ts's createSimulator). */
  createSimulator?: (options: SimulatorOptions) => Promise<Simulator>;
  /** Timeouts, retries, a dispatcher: merged over the defaults of a command or the console. */
  clientOptions?: Partial<ClientOptions>;
  configFs?: ConfigFs;
  runSimulatorCommand?: (options: SimulatorCommandOptions) => Promise<void>;
  runTui?: (options: TuiOptions) => Promise<number>;
  /** The bounds of `providers --all` (default WALK_BOUNDS in src/store/provider-walk.ts), lower in tests. */
  allBounds?: Partial<WalkBounds>;
  /**
   * This machine's clock (default systemClock), which the client learns the service's
   * against: `watch`, `exporter` and the console on an API run on that (long-running.ts).
   */
  clock?: Clock;
  /** Stops `watch`, `exporter` and `mcp` (default: SIGINT or SIGTERM). */
  stop?: AbortSignal;
  /** `netdeck mcp`'s transport instead of stdio (a test's in-memory one). */
  mcpTransport?: () => Transport;
  /**
   * V8's memory-saving heuristics, turned on when a command's start is done
   * (runtime/memory-saver.ts; the process's own from main.ts, none in tests).
   */
  memory?: Pick<MemorySaver, 'save'>;
}

export interface CliContext {
  io: CliIo;
  deps: CliDeps;
  /** Records the exit code of the command that ran. */
  exit(code: number): void;
}
