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
});
