// `@`: the profile dialog lists the profiles, the current one marked and under the
// cursor; enter on another switches (the console command starts again on it) or says
// why it cannot; without profiles to switch the key says so.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileSwitch } from '../../src/ui/components/profile-dialog.tsx';
import { type Rendered, renderApp } from './render.tsx';

let app: Rendered | undefined;
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

function profiles(refuse: Record<string, string> = {}): ProfileSwitch & { chosen: string[] } {
  const chosen: string[] = [];
  return {
    chosen,
    list: () => [
      { name: 'default', current: false },
      { name: 'prod', apiUrl: 'https://api.bringyour.com', current: true },
      { name: 'lab', apiUrl: 'http://127.0.0.1:8080', current: false },
    ],
    choose: (name) => {
      if (refuse[name]) return refuse[name];
      chosen.push(name);
      return undefined;
    },
  };
}

describe('switching profile (@)', () => {
  it('lists the profiles, the current one marked; enter on another switches to it', async () => {
    const switcher = profiles();
    app = await renderApp({ profiles: switcher });
    await app.waitFor('places with providers');
    await app.press('@');
    await app.waitFor('Switch profile');
    const frame = app.frame();
    expect(frame).toMatch(/ {2}default {2}the demo simulator/);
    expect(frame).toMatch(/› \* prod {5}https:\/\/api\.bringyour\.com/);
    expect(frame).toMatch(/ {2}lab {6}http:\/\/127\.0\.0\.1:8080/);
    expect(frame).toMatchSnapshot();
    await app.press('j', 'enter');
    expect(switcher.chosen).toEqual(['lab']);
  });

  it('keys typed together reach the dialog in order (k j j enter in one chunk)', async () => {
    const switcher = profiles();
    app = await renderApp({ profiles: switcher });
    await app.waitFor('places with providers');
    await app.press('@');
    await app.waitFor('Switch profile');
    await app.press('kjj\r');
    await app.waitFor(() => switcher.chosen.length > 0);
    expect(switcher.chosen).toEqual(['lab']);
  });

  it('a profile that cannot work says why and nothing changes; esc closes', async () => {
    const switcher = profiles({ default: 'no profile "default" in /home/me/.config/netdeck/config.json' });
    app = await renderApp({ profiles: switcher });
    await app.waitFor('places with providers');
    await app.press('@');
    await app.waitFor('Switch profile');
    await app.press('k', 'enter');
    await app.waitFor('✗ no profile "default" in /home/me/.config/netdeck/config.json');
    expect(switcher.chosen).toEqual([]);
    // enter on the current one closes, as esc does.
    await app.press('j', 'enter');
    await app.waitFor(() => !app!.frame().includes('Switch profile'));
    await app.press('@');
    await app.waitFor('Switch profile');
    await app.press('esc');
    await app.waitFor(() => !app!.frame().includes('Switch profile'));
    expect(switcher.chosen).toEqual([]);
  });

  it('without profiles to switch, @ says so in the footer', async () => {
    app = await renderApp();
    await app.waitFor('places with providers');
    await app.press('@');
    await app.waitFor('no profiles here');
    expect(app.frame()).not.toContain('Switch profile');
  });
});
