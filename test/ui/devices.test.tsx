// The Devices pane (3) on the whole app against the simulator: its states, its dialogs,
// and what a user does there (add codes, share a device, copy a code).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.ts';
import { startStores } from '../../src/store/index.ts';
import { MONO_THEME } from '../../src/ui/theme.ts';
import { lateClient, neverClient } from './fakes.ts';
import {
  addDemoAdoption,
  isolateStateFolder,
  type Rendered,
  type RenderOptions,
  renderApp,
} from './render.tsx';

const silentClient = neverClient();

let app: Rendered | undefined;
// `y` writes the code to netdeck's state folder: kept out of the real home.
const copies = isolateStateFolder('netdeck-devices-');
afterEach(async () => {
  await app?.unmount();
  app = undefined;
});

/** The one file `y` writes, overwritten by each copy. */
function copiedFile(): string {
  expect(readdirSync(join(copies.path, 'netdeck'))).toEqual(['copied.txt']);
  return copies.copyFile;
}

async function open(options: RenderOptions = {}): Promise<Rendered> {
  app = await renderApp({ cols: 120, rows: 40, pane: 'devices', ...options });
  return app;
}

/** Adds the first of the demo's live adoption codes: it is pending then. */
async function addAdoption() {
  const live = await addDemoAdoption(app!);
  await app!.waitFor('Pending adoption (1)');
  return live;
}

/** The pane's line for a device, by its name. */
const lineOf = (frame: string, name: string) => frame.split('\n').find((line) => line.includes(name));

describe('Devices pane states', () => {
  it('data: the three lists with name, client id, network and state', async () => {
    const { waitFor, frame } = await open();
    await waitFor('Shared by this network (3)');
    expect(frame()).toContain('Pending adoption (0)');
    expect(frame()).toContain('Shared with this network (2)');
    expect(frame()).toContain('waiting for a guest');
    expect(frame()).toContain('3 Devices 5');
    expect(frame()).toMatchSnapshot();
  });

  it('narrow: 80 columns shorten the client ids, nothing wraps', async () => {
    const { waitFor, frame } = await open({ cols: 80, rows: 24 });
    await waitFor('Shared by this network (3)');
    expect(frame()).toContain('pending, owner confirms');
    expect(
      frame()
        .split('\n')
        .every((line) => line.length <= 80),
    ).toBe(true);
    expect(frame()).toMatchSnapshot();
  });

  it('draws server strings without their control characters', async () => {
    const { waitFor, frame, press, client } = await open();
    await waitFor('Shared by this network (3)');
    const line = lineOf(frame(), 'waiting for a guest') ?? '';
    const clientId = line.match(/[0-9a-f-]{36}/)?.[0] ?? '';
    // A name as another client could have set it, escape sequences and all.
    await client.createShareCode({
      client_id: clientId,
      device_name: 'evil\u001b[2J\u001b]0;owned\u0007 box',
    });
    await press('r');
    await waitFor('evil box');
    expect(app!.stdout.frames.at(-1)).not.toContain('\u001b]0;owned');
  });

  it('a share without a name (the service keeps it blank) reads "(no name)"', async () => {
    const { waitFor, frame, press, client } = await open();
    await waitFor('Shared by this network (3)');
    const clientId = (lineOf(frame(), 'waiting for a guest') ?? '').match(/[0-9a-f-]{36}/)?.[0] ?? '';
    const { share_code } = await client.createShareCode({ client_id: clientId });
    await press('r');
    await waitFor('Shared by this network (4)');
    const outgoing = (await client.deviceAssociations()).outgoing_shared_devices?.find(
      (d) => d.code === share_code,
    );
    expect(outgoing).not.toHaveProperty('device_name');
    expect(
      frame()
        .split('\n')
        .filter((line) => line.includes(clientId) && line.includes('(no name)')),
    ).toHaveLength(1);
  });

  it('loading: a spinner while the service has not answered', async () => {
    const { frame } = await open({ client: silentClient });
    expect(frame()).toContain('loading device associations…');
    expect(frame()).toMatchSnapshot();
  });

  it('empty: a network with no associations says how to make one', async () => {
    const { client, attach } = lateClient();
    const { waitFor, frame, sim, stores } = await open({ client, start: false });
    attach(createClient({ baseUrl: sim.url, token: sim.admin.token('lonely-net').token, retries: 0 }));
    void startStores(stores);
    await waitFor('No device associations yet.');
    // Every pane's count is in the tab bar before the snapshot.
    await app!.loaded();
    expect(frame()).toContain('Press a to add an adoption or share code, or s to share one of your devices.');
    expect(frame()).toMatchSnapshot();
  });

  it('error: the service’s failure in the pane, then the lists once it answers again', async () => {
    const { waitFor, frame, press, sim, stores, clock } = await open({ start: false });
    sim.admin.setFaults({ error_rate: 1, status: 500 });
    void startStores(stores);
    await waitFor('✗ device associations: HTTP 500');
    expect(frame()).toMatchSnapshot();
    sim.admin.setFaults({});
    await clock.advance(5_000);
    await waitFor('Shared by this network (3)');
    expect(frame()).not.toContain('✗');
    // A later failure keeps the lists on screen beside the error.
    sim.admin.setFaults({ error_rate: 1, status: 503 });
    await press('r');
    await waitFor('✗ refresh failed, showing the last lists: HTTP 503');
    expect(frame()).toContain('Shared by this network (3)');
  });

  it('without a token: what is missing and how to give it, no stack trace', async () => {
    const { waitFor, frame, press } = await open({ client: createClient({ baseUrl: 'http://127.0.0.1:9' }) });
    await waitFor('none was given');
    expect(frame()).toContain("✗ Device associations need your network's token, and none was given.");
    expect(frame()).toContain('--token <jwt>  or  --token-file <path>');
    expect(frame()).toContain('NETDECK_TOKEN=<jwt>  or  NETDECK_TOKEN_FILE=<path>');
    expect(frame()).not.toMatch(/at .*\.ts:\d+/);
    await press('a');
    await press(
      ...'abandon ability able about above absent'.split(' ').flatMap((w) => [...w, 'space']),
      'enter',
    );
    await waitFor("Adding a code needs your network's token");
    expect(frame()).toContain('config.json');
  });
});

describe('adding a code', () => {
  it('an adoption code from the live codes: pending, counting down, gone when confirmed or expired', async () => {
    const { waitFor, frame, press, type, sim, clock } = await open();
    await waitFor('Shared by this network');
    const live = sim.admin.codes().adopt_codes[0];
    await press('a');
    expect(frame()).toContain('Codes to try (demo simulator)');
    expect(frame()).toContain(live.code);
    expect(frame()).toMatchSnapshot('add-code dialog');
    // Any spacing and case.
    await type(`  ${live.code.toUpperCase().replaceAll(' ', '   ')}`);
    await press('enter');
    await waitFor('✓ Adoption added');
    expect(frame()).toContain(`✓ Adoption added: "${live.device_name}" is pending; it has 15:00 to confirm.`);
    await press('esc');
    await waitFor('Pending adoption (1)');
    expect(lineOf(frame(), live.device_name)).toContain('pending until 00:15:00');
    // No countdown: the line stays as it is while time passes.
    await clock.advance(30_000);
    expect(lineOf(frame(), live.device_name)).toContain('pending until 00:15:00');
    // Its row under pending adoptions (a confirmed device joins this network's devices).
    const pendingLine = () =>
      frame()
        .split('\n')
        .find((line) => line.includes(live.device_name) && line.includes('pending until'));
    let minutes = 0;
    while (pendingLine() && minutes < 16) {
      await clock.advance(60_000);
      minutes++;
    }
    expect(pendingLine()).toBeUndefined();
    expect(frame()).toContain('Pending adoption (0)');
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('a pending adoption removed with x: the event log says the user removed it, and no confirmation', async () => {
    const { waitFor, press, stores } = await open();
    await waitFor('Shared by this network');
    const live = await addAdoption();
    await press('g', 'x');
    await waitFor('Remove it?');
    await press('y');
    await waitFor('✓ Removed.');
    await press('esc');
    await waitFor('Pending adoption (0)');
    const said = stores.events.last().map((event) => event.message);
    expect(said).toContain(`you removed the association of "${live.device_name}"`);
    expect(said.filter((message) => message.includes('confirmed its adoption'))).toEqual([]);
  });

  it('a share code of another network: the device, its owner network, listed as incoming', async () => {
    const { waitFor, frame, press, sim } = await open();
    await waitFor('Shared with this network (2)');
    const live = sim.admin.codes().share_codes[0];
    await press('a');
    // ↓ walks the codes to try; the fifth is the first share code.
    const index = sim.admin.codes().adopt_codes.length;
    await press(...Array.from({ length: index + 1 }, () => 'down'));
    expect(frame()).toContain(`Code: ${live.code}`);
    await press('enter');
    await waitFor('✓ Share added');
    expect(frame()).toContain(`✓ Share added: "${live.device_name}" of network ${live.network_name}`);
    await press('esc');
    await waitFor('Shared with this network (3)');
    const line = lineOf(frame(), live.device_name) ?? '';
    expect(line).toContain(live.network_name.slice(0, 20));
    expect(line).toContain('pending, owner confirms');
  });

  it('a malformed code is told apart before sending; an unknown one shows the service’s message; the text stays', async () => {
    const { waitFor, frame, press, type, sim } = await open();
    await waitFor('Shared by this network');
    await press('a');
    await type('hello wrold');
    await press('enter');
    expect(frame()).toContain('✗ A code has 6 words; this has 2 words.');
    expect(frame()).toContain('Code: hello wrold');
    await press('ctrl-u');
    await type('abandon ability able about above absnt');
    await press('enter');
    expect(frame()).toContain('✗ "absnt" is not a code word (BIP-39 English list); check the spelling.');
    expect(sim.engine.world.addAttempts.size).toBe(0);

    await press('backspace', 'backspace');
    await type('ent');
    await press('enter');
    await waitFor('✗ Invalid code.');
    expect(frame()).toContain('Code: abandon ability able about above absent');
    expect(frame()).not.toContain('10 add attempts');
    expect(frame()).toMatchSnapshot('add-code dialog, service refused');
  });

  it('after repeated refusals it adds that the service allows 10 attempts per 30 minutes', async () => {
    const { waitFor, frame, press, type } = await open();
    await waitFor('Shared by this network');
    await press('a');
    await type('abandon ability able about above absent');
    await press('enter');
    await waitFor('✗ Invalid code.');
    await press('enter');
    await waitFor(() => app!.stores.devices.getState().addFailures === 2);
    expect(frame()).not.toContain('10 add attempts per 30 minutes');
    await press('enter');
    await waitFor('10 add attempts per 30 minutes');
    expect(frame()).toContain('The service allows 10 add attempts per 30 minutes, failed ones included');
  });
});

describe('sharing a device', () => {
  it('starts at the device selected in the pane', async () => {
    const { waitFor, frame, press, stores } = await open();
    await waitFor('Shared by this network (3)');
    // The pane's last row: one of the network's own devices.
    await press('G');
    const selected = stores.devices.getState().selectedKey ?? '';
    const row = lineOf(frame(), '›') ?? '';
    await press('s');
    await waitFor("Which of this network's 10 devices?");
    const { share } = stores.devices.getState();
    const device = share.devices?.[share.cursor];
    expect(share.cursor).toBeGreaterThan(0);
    expect(selected).toContain(device?.client_id ?? 'none');
    expect(row).toContain(device?.device_name ?? 'none');
    expect(lineOf(frame(), '›')).toContain(device?.device_name ?? 'none');
  });

  it('pick a device, keep the prefilled name, read the code, find it under outgoing shares, copy it', async () => {
    const { waitFor, frame, press, stdout } = await open();
    await waitFor('Shared by this network (3)');
    await press('s');
    await waitFor("Which of this network's 10 devices?");
    expect(frame()).toMatchSnapshot('share dialog, pick');
    await press('down', 'down', 'enter');
    const { share } = app!.stores.devices.getState();
    // Devices are listed, and the share named, by their device names (GET /network/clients).
    const name = share.devices?.[2].device_name ?? '';
    expect(name).toMatch(/\S/);
    expect(frame()).toContain(`Name: ${name}`);
    expect(frame()).toMatchSnapshot('share dialog, name');
    await press('enter');
    await waitFor('Share code for');
    const code = app!.stores.devices.getState().share.code ?? '';
    expect(frame()).toContain(`Share code for "${name}"`);
    // Large enough to read aloud: numbered, capitals, letter-spaced, boxed.
    const [first] = code.split(' ');
    expect(frame()).toContain(`1  ${first.toUpperCase().split('').join(' ')}`);
    expect(frame()).toContain('╔');
    // The lists reload after the share: the snapshot once the tab counts it.
    await waitFor('3 Devices 6');
    expect(frame()).toMatchSnapshot('share dialog, code');

    await press('y');
    await waitFor('Sent to the terminal clipboard (OSC 52) — also written to');
    const file = copiedFile();
    expect(frame()).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe(`${code}\n`);
    expect(stdout.frames).toContain(`\u001b]52;c;${Buffer.from(code).toString('base64')}\u0007`);

    await press('enter');
    await waitFor('Shared by this network (4)');
    expect(
      frame()
        .split('\n')
        .find((line) => line.includes(name) && line.includes('waiting for a guest')),
    ).toBeDefined();
  });

  it('a prefilled name can be replaced; esc goes back to the list, then closes', async () => {
    const { waitFor, frame, press, type } = await open();
    await waitFor('Shared by this network (3)');
    await press('s');
    await waitFor("Which of this network's");
    await press('enter');
    const first = app!.stores.devices.getState().share.devices?.[0].device_name ?? '';
    expect(frame()).toContain(`Name: ${first}`);
    await press('esc');
    expect(frame()).toContain("Which of this network's");
    await press('enter', 'ctrl-u');
    await type('attic router');
    await press('enter');
    await waitFor('Share code for "attic router"');
    await press('esc');
    await waitFor('Shared by this network (4)');
    expect(lineOf(frame(), 'attic router')).toContain('waiting for a guest');
  });

  it('y in the pane copies the selected row’s code and says where the file is', async () => {
    const { waitFor, frame, press } = await open();
    await waitFor('Shared by this network (3)');
    await press('g');
    const code = frame().match(/code: (.+?) {2}\(y copies it/)?.[1] ?? '';
    expect(code.split(' ')).toHaveLength(6);
    await press('y');
    await waitFor('Sent to the terminal clipboard (OSC 52) — also written to');
    expect(frame()).toContain(copiedFile());
    expect(readFileSync(copiedFile(), 'utf8')).toBe(`${code}\n`);
  });
});

describe('acting on a row: confirm, rename, remove, device names, QR code', () => {
  /** Puts the cursor on the row whose line holds `text`. */
  async function select(text: string) {
    const { press, frame } = app!;
    await press('g');
    for (let k = 0; k < 40 && !(lineOf(frame(), text) ?? '').startsWith('›'); k++) await press('j');
    expect(lineOf(frame(), text)).toMatch(/^›/);
  }

  it('a share created in the console, added by a guest, confirmed by the owner (c), renamed (R), removed (x)', async () => {
    const { waitFor, frame, press, type, clock } = await open({ sim: { era: 'current' } });
    await waitFor('Shared by this network (3)');
    await press('s');
    await waitFor("Which of this network's");
    await press('enter', 'ctrl-u');
    await type('lab box');
    await press('enter');
    await waitFor('Share code for "lab box"');
    const code = app!.stores.devices.getState().share.code!;
    await press('esc');
    await waitFor('Shared by this network (4)');
    expect(lineOf(frame(), 'lab box')).toContain('waiting for a guest');

    // A guest network of the simulated world adds the code within minutes...
    const { engine } = app!.sim;
    const demo = { networkId: engine.demoNetwork.id, networkName: engine.demoNetwork.name };
    const addedBy = () => engine.handle('shareStatus', { share_code: code }, demo).associated_network_name;
    for (let minute = 0; minute < 10 && !addedBy(); minute++) await clock.advance(60_000);
    expect(addedBy()).toBeDefined();
    await press('r');
    await waitFor(() => lineOf(frame(), 'lab box')?.includes('guest added: c confirms') ?? false);
    // ... and it waits for the owner: c asks share-status, then confirm-share on y.
    await select('lab box');
    await press('c');
    await waitFor('Let ');
    const guest = app!.stores.devices.getState().action?.guest ?? '';
    expect(frame()).toContain(`Network ${guest} added the share code of "lab box".`);
    expect(frame()).toMatchSnapshot('confirm dialog');
    await press('y');
    await waitFor(`✓ Confirmed: ${guest} can use it.`);
    await press('enter');
    await waitFor(() => lineOf(frame(), 'lab box')?.includes('confirmed') ?? false);

    await press('R');
    await waitFor('Rename the association');
    expect(frame()).toContain(code);
    expect(frame()).toMatchSnapshot('rename dialog');
    await press('ctrl-u');
    await type('front desk');
    await press('enter');
    await waitFor('✓ Renamed to "front desk".');
    await press('esc');
    await waitFor(() => lineOf(frame(), 'front desk')?.includes('confirmed') ?? false);

    await press('x');
    await waitFor('Remove it?');
    expect(frame()).toContain(`Code: ${code}`);
    expect(frame()).toMatchSnapshot('remove dialog');
    await press('n');
    expect(lineOf(frame(), 'front desk')).toBeDefined();
    await press('x');
    await waitFor('Remove it?');
    await press('y');
    await waitFor('✓ Removed.');
    await press('esc');
    await waitFor('Shared by this network (3)');
    // Gone from the lists (the footer's toast says what was done).
    expect(frame().split('\n').slice(0, -1).join('\n')).not.toContain('front desk');
  });

  it('N renames one of the network’s devices by its device id; its name shows everywhere', async () => {
    const { waitFor, frame, press, type } = await open({ sim: { era: 'current' } });
    await waitFor("This network's devices (10)");
    await press('G');
    expect(frame()).toMatch(/device id: [0-9a-f-]{36} {2}\(N renames the device\)/);
    await press('N');
    await waitFor('Rename the device');
    await press('ctrl-u');
    await type('attic router');
    await press('enter');
    await waitFor('✓ The device is now "attic router".');
    await press('esc');
    await waitFor(() => lineOf(frame(), 'attic router')?.includes('online') ?? false);
  });

  it('Q shows the selected share code as a QR code of the link the apps encode', async () => {
    const { waitFor, frame, press } = await open();
    await waitFor('Shared by this network (3)');
    await select('waiting for a guest');
    const code = frame().match(/code: (.+?) {2}\(y copies it/)?.[1] ?? '';
    await press('Q');
    await waitFor('Share code as a QR code');
    expect(frame()).toContain(`https://app.bringyour.com/?add=${code.replaceAll(' ', '+')}`);
    expect(frame()).toMatch(/█▀▀▀▀▀█|██ ▄▄▄▄▄ █/);
    expect(frame()).toMatchSnapshot('QR code');
    await press('esc');
    await waitFor('Shared by this network (3)');
  });

  it('Q from the palette on a pending adoption calls its code an adoption code', async () => {
    const { waitFor, frame, press, type } = await open();
    await waitFor('Shared by this network');
    const live = await addAdoption();
    await select(live.device_name);
    await press(':');
    await type('qr code');
    await waitFor(/^› show the code as a QR code/m);
    await press('enter');
    await waitFor('Adoption code as a QR code');
    expect(frame()).not.toContain('Share code');
    expect(frame()).not.toContain('other network');
  });

  it('Q in the mono theme gives the link and the words: its ASCII could not be scanned', async () => {
    const { waitFor, frame, press } = await open({ theme: MONO_THEME });
    await waitFor('Shared by this network (3)');
    await select('waiting for a guest');
    await press('Q');
    await waitFor('No QR code in the mono theme');
    expect(frame()).toContain('https://app.bringyour.com/?add=');
    expect(frame()).not.toMatch(/[█▀▄]/);
  });
});

describe('a row’s detail (enter)', () => {
  it('shows the row whole: its name, code, client id, device id and network uncut; y copies; esc goes back', async () => {
    const { waitFor, frame, press, stores } = await open({ sim: { era: 'current' } });
    await waitFor('Shared with this network (2)');
    // A device shared with this network: its owner's network named, a code and a client id.
    await press('g', 'j', 'enter');
    const { detailKey, data } = stores.devices.getState();
    const shared = data!.incoming_shared_devices!.find((d) => detailKey === `incoming:${d.code}`)!;
    await waitFor('Shared with this network  ·  esc back');
    expect(frame()).toMatch(new RegExp(`^device {6}${shared.device_name}$`, 'm'));
    expect(frame()).toMatch(new RegExp(`^code {8}${shared.code}$`, 'm'));
    expect(frame()).toMatch(new RegExp(`^client id {3}${shared.client_id}$`, 'm'));
    expect(frame()).toMatch(new RegExp(`^owner {7}${shared.network_name}$`, 'm'));
    expect(frame()).toContain('y copies the code · Q shows it as a QR code · x removes it · R renames it');
    expect(frame()).toMatchSnapshot('detail');
    // The lists' keys say why they do nothing here; the row's keys act on it.
    await press('o');
    expect(frame().split('\n').at(-1)).toBe(
      'o sorts the lists, which are not shown here (esc goes back to them)',
    );
    await press('y');
    await waitFor('Sent to the terminal clipboard (OSC 52) — also written to');
    expect(readFileSync(copiedFile(), 'utf8')).toBe(`${shared.code}\n`);
    await press('esc');
    await waitFor('Shared by this network (3)');
    expect(stores.devices.getState().detailKey).toBeUndefined();
  });

  it('at 60x15 a device with a long name: the name whole over several lines, which scroll', async () => {
    const { waitFor, frame, press, stores, client } = await open({
      cols: 60,
      rows: 15,
      sim: { era: 'current' },
    });
    await waitFor('Shared by this network (3)');
    await press('G');
    const own = stores.clients
      .getState()
      .data!.clients!.find((c) => stores.devices.getState().selectedKey === `own:${c.client_id}`)!;
    const name =
      'the router in the attic above the garage, behind the water tank, next to the old skis and the box of letters from the summer of the long drought, under the window that never quite shuts, where the wifi reaches the shed and the far end of the garden';
    await client.setDeviceName({ device_id: own.device_id, device_name: name });
    await press('r');
    await waitFor(() => stores.clients.getState().data!.clients!.some((c) => c.device_name === name));
    await press('enter');
    await waitFor("This network's devices  ·  esc back");
    expect(frame()).toContain('device      the router in the attic above the garage, behind');
    expect(frame()).toContain('            the water tank, next to the old skis and the box');
    expect(frame()).toContain('↓ more');
    expect(frame()).toMatchSnapshot('detail, narrow');
    await press('G');
    await waitFor('↑ more');
    expect(frame()).toContain(`device id   ${own.device_id}`);
    expect(
      frame()
        .split('\n')
        .every((line) => line.length <= 60),
    ).toBe(true);
  });
});

describe('Devices as a long list', () => {
  it('G then g brings every section title back; a scrollbar shows where the list is', async () => {
    const { waitFor, frame, press } = await open({ cols: 80, rows: 24 });
    await waitFor('Shared by this network (3)');
    const bar = () =>
      frame()
        .split('\n')
        .slice(4, 4 + 16)
        .map((line) => line.padEnd(80).at(79))
        .join('');
    expect(bar()).toMatch(/^█+│+$/);
    await press('G');
    await waitFor("This network's devices (10)");
    expect(bar()).toMatch(/^│+█+$/);
    await press('g');
    await waitFor('Pending adoption (0)');
    expect(frame()).toContain('Shared with this network (2)');
    expect(bar()).toMatch(/^█+│+$/);
  });
});

describe('keys on the wrong kind of row', () => {
  it('c, x, R and Q on one of the network’s own devices, N on a share given to it: nothing opens, the footer says why', async () => {
    const { waitFor, frame, press, stores } = await open({ sim: { era: 'current' } });
    await waitFor("This network's devices (10)");
    await press('G');
    const footer = () => frame().split('\n').at(-1) ?? '';
    for (const [key, why] of [
      ['c', /^c confirms the guest of a share of this network: this is one of the network's own devices$/],
      ['x', /^x removes an adoption or a share: this is one of the network's own devices$/],
      ['R', /^R renames an adoption or a share \(N a device\): this is one of the network's own devices$/],
      ['Q', /^Q shows a code: this is one of the network's own devices, which has none$/],
    ] as const) {
      await press(key);
      await waitFor(() => why.test(footer()));
      expect(stores.session.getState().dialogs).toEqual([]);
      expect(stores.devices.getState().action).toBeUndefined();
    }
    await press('g', 'j');
    await press('N');
    await waitFor(() => footer().endsWith('renamed (N): this device was shared with this network'));
    expect(stores.session.getState().dialogs).toEqual([]);
  });
});

describe('QR codes at every size', () => {
  /** The QR code's lines on screen (its quiet zone is a run of full blocks). */
  const qrRows = (frame: string) =>
    frame.split('\n').filter((line) => /^ *[█▀▄][█▀▄ ]{28,}[█▀▄] *$/.test(line)).length;

  it('Q in the pane fits 80x24 (the terminal it used to say was too small) and says exactly what 67x19 lacks', async () => {
    const { waitFor, frame, press, resize } = await open({ cols: 80, rows: 24 });
    await waitFor('Shared by this network (3)');
    await press('j', 'j', 'j');
    expect(frame()).toMatch(/^› +Jarret's laptop .*waiting for a guest/m);
    await press('Q');
    await waitFor('https://app.bringyour.com/?add=');
    expect(qrRows(frame())).toBeGreaterThanOrEqual(17);
    expect(frame()).not.toContain('needed');
    await resize(67, 19);
    // The dialog wraps the sentence: read it as one line.
    const flat = () =>
      frame()
        .replace(/[│╭╮╰╯─]/g, '')
        .replace(/\s+/g, ' ');
    const says =
      /The QR code needs a terminal of (\d+) columns and (\d+) rows; this one has 67 columns and 19 rows\./;
    await waitFor(() => says.test(flat()));
    const [, columns, rows] = flat().match(says) ?? [];
    expect(Number(columns)).toBeLessThanOrEqual(67);
    expect(Number(rows)).toBeGreaterThan(19);
    // Exactly: a terminal that size draws it.
    await resize(67, Number(rows));
    await waitFor(() => qrRows(frame()) > 0);
    await resize(67, Number(rows) - 1);
    await waitFor('The QR code needs a terminal of');
  });

  it('Q in the share dialog fits 80x24 and says what 67x19 lacks, instead of doing nothing', async () => {
    const { waitFor, frame, press, resize } = await open({ cols: 80, rows: 24 });
    await waitFor('Shared by this network (3)');
    await press('s');
    await waitFor("Which of this network's");
    await press('enter', 'enter');
    await waitFor('Share code for');
    await press('Q');
    await waitFor(() => qrRows(frame()) >= 17);
    await resize(67, 19);
    await waitFor(() =>
      frame()
        .replace(/[│\s]+/g, ' ')
        .includes('this one has 67 columns and 19 rows'),
    );
    await press('Q');
    await waitFor('Share code for');
  });
});
