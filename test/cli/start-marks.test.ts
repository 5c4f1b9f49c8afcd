// The start marks bench/tui-start.ts reads (src/cli/console/start-marks.ts): recorded and written
// only when NETDECK_START_MARKS names a file.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMark, writeStartMarks } from '../../src/cli/console/start-marks.ts';

const folder = mkdtempSync(join(tmpdir(), 'netdeck-marks-'));

afterEach(() => {
  delete process.env.NETDECK_START_MARKS;
  performance.clearMarks();
});

describe('start marks', () => {
  it('are written to NETDECK_START_MARKS in the order they came, in ms from the start', () => {
    const file = join(folder, 'on.json');
    process.env.NETDECK_START_MARKS = file;
    startMark('first');
    startMark('second');
    writeStartMarks();
    const marks: [string, number][] = JSON.parse(readFileSync(file, 'utf8'));
    expect(marks.map(([name]) => name)).toEqual(['first', 'second']);
    expect(marks[0][1]).toBeGreaterThan(0);
    expect(marks[1][1]).toBeGreaterThanOrEqual(marks[0][1]);
  });

  it('record nothing without it', () => {
    startMark('unseen');
    expect(() => writeStartMarks()).not.toThrow();
    expect(performance.getEntriesByName('unseen')).toHaveLength(0);
  });
});
