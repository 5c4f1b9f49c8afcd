// `npm run picture`: the README's picture of the console (docs/console.svg). The seeded
// demo at 120x40 with the wall clock standing still (scripts/picture-clock.cjs), run
// through the end-to-end harness's pseudo-terminal and headless xterm; the screen's cells
// (characters, colours, bold, dim, inverse) become an SVG. Same code, same picture:
// test/docs/picture.test.ts makes it again and compares.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IBufferCell, Terminal } from '@xterm/headless';
import { ROOT, spawnNetdeck } from '../test/e2e/harness.ts';

const COLS = 120;
const ROWS = 40;
/** The moment the picture shows (any fixed time would do). */
const TIME = '2026-01-01T12:00:00Z';
/** What the picture shows, for those who cannot see it. */
const TITLE = "netdeck's console in the demo: Discover, Germany opened to its regions and cities";
export const PICTURE_PATH = join(ROOT, 'docs', 'console.svg');

const CELL_W = 8.4;
const CELL_H = 17;
const FONT = 14;
const BACKGROUND = '#1e1e1e';
const FOREGROUND = '#d4d4d4';
/** The 16 ANSI colours (VS Code's dark theme), then xterm's 6x6x6 cube and grey ramp. */
const ANSI = [
  '#000000',
  '#cd3131',
  '#0dbc79',
  '#e5e510',
  '#2472c8',
  '#bc3fbc',
  '#11a8cd',
  '#e5e5e5',
  '#666666',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#ffffff',
];
const hex = (n: number) => n.toString(16).padStart(2, '0');
const rgb = (value: number) => `#${hex((value >> 16) & 255)}${hex((value >> 8) & 255)}${hex(value & 255)}`;

function paletteColour(index: number): string {
  if (index < 16) return ANSI[index];
  if (index < 232) {
    const level = (k: number) => (k === 0 ? 0 : 55 + 40 * k);
    const n = index - 16;
    return `#${hex(level(Math.floor(n / 36)))}${hex(level(Math.floor(n / 6) % 6))}${hex(level(n % 6))}`;
  }
  const grey = 8 + 10 * (index - 232);
  return `#${hex(grey)}${hex(grey)}${hex(grey)}`;
}

function colours(cell: IBufferCell): { fg: string; bg: string | undefined } {
  let fg = cell.isFgDefault()
    ? FOREGROUND
    : cell.isFgRGB()
      ? rgb(cell.getFgColor())
      : paletteColour(cell.getFgColor());
  let bg = cell.isBgDefault()
    ? undefined
    : cell.isBgRGB()
      ? rgb(cell.getBgColor())
      : paletteColour(cell.getBgColor());
  if (cell.isInverse()) [fg, bg] = [bg ?? BACKGROUND, fg];
  return { fg, bg };
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The terminal's screen as SVG: a rectangle per run of one background, a text per run of one style. */
function screenSvg(terminal: Terminal): string {
  const buffer = terminal.buffer.active;
  const width = Math.ceil(terminal.cols * CELL_W + 16);
  const height = Math.ceil(terminal.rows * CELL_H + 16);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(TITLE)}</title>`,
    `<rect width="100%" height="100%" rx="6" fill="${BACKGROUND}"/>`,
    `<g transform="translate(8 8)" font-family="ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="${FONT}" xml:space="preserve">`,
  ];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    if (!line) continue;
    const top = y * CELL_H;
    let run: { x: number; text: string; style: string; bg: string | undefined; cells: number } | undefined;
    const flush = () => {
      if (!run) return;
      if (run.bg)
        out.push(
          `<rect x="${(run.x * CELL_W).toFixed(1)}" y="${top}" width="${(run.cells * CELL_W).toFixed(1)}" height="${CELL_H}" fill="${run.bg}"/>`,
        );
      if (run.text.trim())
        out.push(
          `<text x="${(run.x * CELL_W).toFixed(1)}" y="${top + FONT}" textLength="${(run.cells * CELL_W).toFixed(1)}" ${run.style}>${escapeXml(run.text)}</text>`,
        );
      run = undefined;
    };
    for (let x = 0; x < terminal.cols; x++) {
      const cell = line.getCell(x);
      if (!cell || cell.getWidth() === 0) continue; // the second half of a wide character
      const { fg, bg } = colours(cell);
      const style = [
        `fill="${fg}"`,
        cell.isBold() ? 'font-weight="bold"' : '',
        cell.isDim() ? 'opacity="0.6"' : '',
        cell.isUnderline() ? 'text-decoration="underline"' : '',
      ]
        .filter(Boolean)
        .join(' ');
      const chars = cell.getChars() || ' ';
      if (run && run.style === style && run.bg === bg) {
        run.text += chars;
        run.cells += cell.getWidth();
      } else {
        flush();
        run = { x, text: chars, style, bg, cells: cell.getWidth() };
      }
    }
    flush();
  }
  out.push('</g>', '</svg>', '');
  return out.join('\n');
}

/** The demo's console as the picture shows it: Discover with Germany opened. */
export async function takePicture(): Promise<string> {
  const session = await spawnNetdeck({
    cols: COLS,
    rows: ROWS,
    env: {
      NODE_OPTIONS: `--require ${join(ROOT, 'scripts', 'picture-clock.cjs')}`,
      NETDECK_PICTURE_TIME: TIME,
      // 256 colours as most terminals have them, whatever the terminal that runs this.
      COLORTERM: undefined,
      FORCE_COLOR: '2',
    },
  });
  try {
    await session.waitFor(/row 1 of \d+ · \d+ places with providers/, 60_000);
    // Every tab's count in (they load one after another).
    await session.waitFor(/3 Devices \d+ +4 My providers \d+ +5 Network +6 Account \d+/, 20_000);
    await session.keys('down', 'right');
    await session.waitFor(/country ▾ Germany[\s\S]*\n +city +Berlin /, 20_000);
    await session.waitFor(/row 2 of \d+ · \d+ places with providers/, 10_000);
    await session.waitForGone(/loading/, 10_000);
    // Nothing more to come: the same screen for half a second (a loaded machine draws late).
    for (let last = ''; last !== session.screen(); ) {
      last = session.screen();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return screenSvg(session.terminal);
  } finally {
    await session.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(PICTURE_PATH, await takePicture());
  console.log(`wrote ${PICTURE_PATH}`);
}
