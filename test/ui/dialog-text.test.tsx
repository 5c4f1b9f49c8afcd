// A dialog's paragraphs break at their spaces across the box: no line starts with the
// space it broke at (Ink's own wrapping carries it over when a break falls exactly at
// the width).
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The text inside the dialog's box, a line each (the border and its padding taken off). */
const boxLines = (frame: string) =>
  frame
    .split('\n')
    .map((line) => /│ (.*) │/.exec(line)?.[1])
    .filter((line): line is string => line !== undefined && line.trim() !== '');

describe('dialog text', () => {
  it('no wrapped line of the login dialog starts with a space, at any width', async () => {
    app = await renderApp({ cols: 60, rows: 30, pane: 'devices', loggedOut: true });
    await app.waitFor('Press L');
    await app.press('L');
    await app.waitFor('Auth code:');
    const starts: string[] = [];
    for (let cols = 60; cols <= 84; cols++) {
      await app.resize(cols, 30);
      await app.waitFor('In the web app');
      for (const line of boxLines(app.frame())) if (line.startsWith(' ')) starts.push(`${cols}: "${line}"`);
      // Every word is still there, in its order.
      expect(boxLines(app.frame()).join(' ').replace(/\s+/g, ' ')).toContain(
        'In the web app (https://ur.io/?auth) press "Copy an Auth Code", then paste it here. Or quit and run netdeck login (also with --email).',
      );
    }
    expect(starts).toEqual([]);
  });

  it('the export dialog: no line starts with a space where its words break exactly at the width', async () => {
    app = await renderApp({ cols: 60, rows: 30, pane: 'myProviders' });
    await app.waitFor('Σ total');
    await app.press('e');
    await app.waitFor('Export the providers shown');
    const words =
      "A folder, or nothing, gets a new file named for the time; a file is made new (never written over). CSV as the commands' --csv writes it; JSON Lines, one object a line.";
    // 65 columns give the box 57 cells: the first line ends exactly after "time;".
    for (const cols of [65, 60, 67, 72, 75, 80]) {
      await app.resize(cols, 30);
      await app.waitFor(() => boxLines(app!.frame()).some((line) => line.startsWith('A folder')));
      const lines = boxLines(app.frame());
      const at = lines.findIndex((line) => line.startsWith('A folder'));
      if (cols === 65) expect(lines[at].trimEnd()).toBe(words.slice(0, 57));
      // The paragraph and the outcome under it (the path's box above keeps its own indent).
      expect(
        lines.slice(at).filter((line) => line.startsWith(' ')),
        `${cols}`,
      ).toEqual([]);
      expect(lines.slice(at).join(' ').replace(/\s+/g, ' ')).toContain(words);
    }
  });
});
