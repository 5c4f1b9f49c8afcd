import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

describe('frame', () => {
  it('shows header, tabs, the Discover pane with data, and footer hints', async () => {
    app = await renderApp({ cols: 120, rows: 40 });
    await app.waitFor('places with providers');
    const frame = app.frame();
    expect(frame).toContain('SIMULATOR seed 7');
    expect(frame).toContain('1 Discover');
    expect(frame.split('\n')).toHaveLength(39);
    expect(frame).toMatchSnapshot();
  });
});
