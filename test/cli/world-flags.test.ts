// The demo world's flags: accepted after the command as before it, a warning when an API
// is configured (they shape the demo only), and --own-providers above --providers refused
// (by the commands and by `sim`).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatorOptions } from '../../simulator/index.ts';
import { ExitCode } from '../../src/cli/output/exit-codes.ts';
import { run, type SimFixture, smallDemo, startSimFixture } from './harness.ts';

let fx: SimFixture;
beforeAll(async () => {
  fx = await startSimFixture();
});
afterAll(() => fx.close());

describe('world flags', () => {
  it('are accepted after the command name, and build that world', async () => {
    const asked: SimulatorOptions[] = [];
    const make = smallDemo();
    const deps = {
      createSimulator: (options: SimulatorOptions) => {
        asked.push(options);
        return make!(options);
      },
    };
    const after = await run(['locations', '--seed', '7', '--era', 'seed', '--json'], { deps });
    expect(after.code).toBe(ExitCode.ok);
    const before = await run(['--seed', '7', '--era', 'seed', 'locations', '--json'], { deps });
    expect(before.code).toBe(ExitCode.ok);
    expect(asked.map((o) => [o.seed, o.era])).toEqual([
      [7, 'seed'],
      [7, 'seed'],
    ]);
    expect(after.stdout).toBe(before.stdout);
  });

  it('with an API configured they are ignored with a warning naming them', async () => {
    const result = await run(['stats', 'network', '--seed', '7', '--providers', '9'], { env: fx.env });
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stderr).toMatch(
      /warning: --seed, --providers shape the demo simulator only; ignored with the API at http/,
    );
  });

  it('--own-providers above --providers is a usage error naming both', async () => {
    const result = await run(['--providers', '10', '--own-providers', '50', 'stats', 'network'], {
      deps: { createSimulator: smallDemo() },
    });
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain('--own-providers 50 is more than --providers 10');
    // netdeck sim likewise, before anything starts.
    const runSimulatorCommand = vi.fn(async () => {});
    const sim = await run(['sim', '--port', '0', '--providers', '10', '--own-providers', '50'], {
      deps: { runSimulatorCommand },
    });
    expect(sim.code).toBe(ExitCode.usage);
    expect(sim.stderr).toContain('--own-providers 50 is more than --providers 10');
    expect(runSimulatorCommand).not.toHaveBeenCalled();
  });
});
