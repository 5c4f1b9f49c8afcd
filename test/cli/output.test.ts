// Tables, colour decisions and hostile server strings.
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/output/io.ts';
import { createStyle, wantsColour } from '../../src/cli/output/style.ts';
import { renderTable, widthOf } from '../../src/cli/output/table.ts';
import { createOutput, type OutputFlags } from '../../src/cli/output/writer.ts';
import { startFixture } from '../api/fixture.ts';
import { run } from './harness.ts';

const plain = createStyle({ isTTY: false }, {});

describe('renderTable', () => {
  it('aligns columns two spaces apart, numbers to the right, no trailing spaces', () => {
    const lines = renderTable(
      [{ header: 'NAME' }, { header: 'COUNT', align: 'right' }, { header: 'NOTE' }],
      [
        ['Zürich', '7', ''],
        ['São Paulo', '1,234', 'big'],
      ],
      plain,
    );
    expect(lines).toEqual(['NAME       COUNT  NOTE', 'Zürich         7', 'São Paulo  1,234  big']);
  });

  it('measures wide characters by the cells they take (netdeck clients with "tv 📺 box", "客厅盒子")', () => {
    const lines = renderTable(
      [{ header: 'DEVICE' }, { header: 'MODE' }],
      [
        ['tv 📺 box', 'public'],
        ['客厅盒子', 'public'],
        ['attic', 'public'],
      ],
      plain,
    );
    // Every MODE starts in the same terminal column.
    const modeAt = lines.map((line) =>
      widthOf(line.slice(0, line.lastIndexOf(line.endsWith('MODE') ? 'MODE' : 'public'))),
    );
    expect(new Set(modeAt).size).toBe(1);
    expect(lines[1]).toBe('tv 📺 box  public');
    expect(lines[2]).toBe('客厅盒子   public');
  });

  it('measures coloured cells by their visible width', () => {
    const colour = createStyle({ isTTY: true }, {});
    expect(colour.colour).toBe(true);
    const lines = renderTable(
      [{ header: 'STATE' }, { header: 'X' }],
      [
        [colour.good('online'), 'a'],
        ['off', ''],
      ],
      colour,
    );
    expect(lines.map((line) => widthOf(line))).toEqual([9, 9, 3]);
    expect(lines[1]).toBe(`${colour.good('online')}  a`);
  });
});

describe('wantsColour', () => {
  it('only on a terminal, never with NO_COLOR set (any value) or TERM=dumb', () => {
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
    expect(wantsColour({}, {})).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: 'false' })).toBe(false);
    // An empty NO_COLOR does not count (no-color.org).
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(wantsColour({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });
});

describe('hostile strings from the server', () => {
  it('a device name with escape sequences reaches the table without them', async () => {
    const fixture = await startFixture(() => ({
      body: {
        incoming_shared_devices: [
          {
            device_name: '\u001b]0;pwned\u0007\u001b[2Jevil\r\nname',
            network_name: 'x\u001b[31m',
            client_id: 'c',
          },
        ],
      },
    }));
    try {
      const result = await run(['devices'], {
        env: {
          NETDECK_API_URL: fixture.url,
          NETDECK_TOKEN: 'token-value-123456',
          XDG_CONFIG_HOME: '/nonexistent',
        },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
      expect(result.stdout).toMatch(/evil +name/);
      expect(result.stdout).not.toContain('pwned');
    } finally {
      await fixture.close();
    }
  });
});

describe("the writer's outcome and hint", () => {
  const writer = (flags: OutputFlags) => {
    const written = { stdout: '', stderr: '' };
    const io: CliIo = {
      stdout: { write: (chunk: string) => (written.stdout += chunk) },
      stderr: { write: (chunk: string) => (written.stderr += chunk) },
      env: {},
    };
    return { out: createOutput(io, flags), written };
  };

  it('says what an action did in a sentence or in lines, the service’s answer with --json', () => {
    const text = writer({});
    text.out.outcome({ id: 7 }, ['Logged in.', 'profile  default']);
    expect(text.written.stdout).toBe('Logged in.\nprofile  default\n');
    const json = writer({ json: true });
    json.out.outcome({ id: 7 }, 'Logged in.');
    expect(JSON.parse(json.written.stdout)).toEqual({ id: 7 });
  });

  it('a hint (what to do next) is a note for people: left out with --json and --quiet', () => {
    for (const [flags, shown] of [
      [{}, true],
      [{ csv: true }, true],
      [{ json: true }, false],
      [{ quiet: true }, false],
    ] as const) {
      const { out, written } = writer(flags);
      out.hint('confirm it with: netdeck devices confirm CODE');
      expect(written.stderr, JSON.stringify(flags)).toBe(
        shown ? 'netdeck: confirm it with: netdeck devices confirm CODE\n' : '',
      );
      expect(written.stdout).toBe('');
    }
  });
});
