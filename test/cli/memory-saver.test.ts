// V8's memory-saving heuristics come on when a command's start is done, with one full
// collection, and go off before the process ends (src/cli/runtime/memory-saver.ts): what it asks
// of V8, when, and that a real Node does it quietly.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type MemorySaverOptions, memorySaver } from '../../src/cli/runtime/memory-saver.ts';
import { ROOT } from '../e2e/harness.ts';
import { run, tempDir } from './harness.ts';

function saver(execArgv: string[] = []) {
  const asked: string[] = [];
  const options: MemorySaverOptions = {
    execArgv,
    setFlags: (flags) => asked.push(flags),
    collect: () => asked.push('collect'),
  };
  return { asked, memory: memorySaver(options) };
}

describe('memorySaver', () => {
  it('turns the heuristics on and collects once, however often the start is said done', () => {
    const { asked, memory } = saver(['--max-semi-space-size=4', '--v8-pool-size=1']);
    memory.save();
    memory.save();
    expect(asked).toEqual(['--optimize-for-size', 'collect']);
    memory.restore();
    expect(asked).toEqual(['--optimize-for-size', 'collect', '--no-optimize-for-size']);
  });

  it('ends without a word to V8 when it never saved, and saves nothing after the end', () => {
    const { asked, memory } = saver();
    memory.restore();
    memory.save();
    memory.restore();
    expect(asked).toEqual([]);
  });

  it('leaves the heuristics alone when node was told which to use', () => {
    for (const execArgv of [['--optimize-for-size'], ['--no-optimize-for-size'], ['--optimize_for_size']]) {
      const { asked, memory } = saver(execArgv);
      memory.save();
      memory.restore();
      expect(asked, execArgv.join(' ')).toEqual([]);
    }
  });
});

describe('memorySaver in a real Node', () => {
  it('collects the old generation, leaves no gc behind and prints nothing', () => {
    const module = join(ROOT, 'src/cli/runtime/memory-saver.ts');
    const script = `
      const { memorySaver } = await import(${JSON.stringify(module)});
      const v8 = await import('node:v8');
      const old = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
      let garbage = [];
      for (let i = 0; i < 300000; i++) garbage.push({ i, text: 'row ' + i });
      const before = old();
      garbage = undefined;
      const memory = memorySaver({ execArgv: [] });
      memory.save();
      console.log(JSON.stringify({ freedMb: Math.round((before - old()) / 2 ** 20), gc: typeof globalThis.gc }));
      memory.restore();`;
    const run = spawnSync(
      process.execPath,
      ['--max-semi-space-size=4', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout);
    expect(result.gc).toBe('undefined');
    // The rows took ~20 MB of the old generation.
    expect(result.freedMb).toBeGreaterThan(10);
  });
});

describe('the commands and memorySaver', () => {
  const said = () => {
    const saved: string[] = [];
    return { saved, memory: { save: () => saved.push('save') } };
  };

  it('a command saves memory as its action begins; help and a usage error never do', async () => {
    const { saved, memory } = said();
    await run(['--help'], { deps: { memory } });
    await run(['no-such-command'], { deps: { memory } });
    expect(saved).toEqual([]);
    expect((await run(['completion', 'bash'], { deps: { memory } })).code).toBe(0);
    expect(saved).toEqual(['save']);
  });

  it('the console saves memory after its first frame, not before', async () => {
    const { saved, memory } = said();
    const config = tempDir();
    let before: number | undefined;
    const result = await run([], {
      env: { XDG_CONFIG_HOME: config.path, XDG_STATE_HOME: config.path },
      tty: true,
      deps: {
        memory,
        runTui: async (options) => {
          before = saved.length;
          options.onFirstFrame?.();
          await new Promise((resolve) => setImmediate(resolve));
          return 0;
        },
      },
    });
    config.cleanup();
    expect(result.code).toBe(0);
    expect({ before, after: saved }).toEqual({ before: 0, after: ['save'] });
  });
});
