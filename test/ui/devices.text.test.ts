// Countdown text, the read-aloud layout of a share code, and `y`'s clipboard sequence and file.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from '../../src/format/numbers.ts';
import { COPY_FILE, copyCode, osc52 } from '../../src/ui/clipboard.ts';
import { readAloudLines, wordsPerLine } from '../../src/ui/panes/devices/code-text.ts';

const CODE = 'abandon ability able about above absent';

describe('devices pane text', () => {
  it('counts down in minutes and seconds, rounding up', () => {
    expect(formatTimeLeft(15 * 60_000)).toBe('15:00');
    expect(formatTimeLeft(845_000)).toBe('14:05');
    expect(formatTimeLeft(400)).toBe('0:01');
    expect(formatTimeLeft(-5)).toBe('0:00');
  });

  it('sets a code out numbered and letter-spaced, as many words to a line as fit', () => {
    expect(wordsPerLine(CODE, 80)).toBe(3);
    expect(wordsPerLine(CODE, 40)).toBe(2);
    expect(wordsPerLine(CODE, 10)).toBe(1);
    expect(readAloudLines(CODE, 2)).toEqual([
      '1  A B A N D O N    2  A B I L I T Y',
      '3  A B L E          4  A B O U T',
      '5  A B O V E        6  A B S E N T',
    ]);
  });

  it('copies with OSC 52 (base64) and writes the code to the private copy file whose path it gives', () => {
    const written: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'netdeck-copy-'));
    const result = copyCode(CODE, { write: (data) => written.push(data), dir });
    expect(written).toEqual([`\u001b]52;c;${Buffer.from(CODE).toString('base64')}\u0007`]);
    expect(osc52('x')).toBe('\u001b]52;c;eA==\u0007');
    const path = result.ok ? result.path : '';
    expect(path).toBe(join(dir, COPY_FILE));
    expect(readFileSync(path, 'utf8')).toBe(`${CODE}\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('still copies to the clipboard when the file cannot be written, and says so', () => {
    const written: string[] = [];
    // A folder inside a regular file: no one (root neither) can make it.
    const file = join(mkdtempSync(join(tmpdir(), 'netdeck-copy-')), 'a-file');
    writeFileSync(file, '');
    const result = copyCode(CODE, { write: (data) => written.push(data), dir: join(file, 'folder') });
    expect(written).toHaveLength(1);
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.message).toContain(join(file, 'folder', COPY_FILE));
  });
});
