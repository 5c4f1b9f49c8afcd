// Devices' words without Ink: what its view (src/ui/panes/devices/devices-view.ts) says on
// the status line, in place of the lists, under them and in a row's detail, and why each
// key cannot act now; every key it names is the user's.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import type { DeviceAssociations, NetworkClients } from '../../src/contract/schemas.ts';
import { NO_VIEW } from '../../src/store/list-sort-filter.ts';
import { rowFilter } from '../../src/store/row-filter.ts';
import { DEFAULT_STALE_MS } from '../../src/store/stale-clients.ts';
import { keyNamesOf } from '../../src/ui/keys/key-names.ts';
import { keymap } from '../../src/ui/keys/keymap.ts';
import { remapKeys } from '../../src/ui/keys/remap.ts';
import {
  type DevicesPaneState,
  devicesReasons,
  devicesView,
} from '../../src/ui/panes/devices/devices-view.ts';

const keys = keyNamesOf(keymap);
const NOW = Date.parse('2026-01-01T00:00:00Z');
const OWN = '0b9f4d1e-1c2a-4e8b-9f00-5a6b7c8d9e01';
const CODE = 'abandon ability able about above absent';

const data: DeviceAssociations = {
  pending_adoption_devices: [
    { code: 'able about above absent abandon ability', device_name: 'new tv', duration_minutes: 15 },
  ],
  incoming_shared_devices: [],
  outgoing_shared_devices: [
    { code: CODE, device_name: 'attic router', client_id: OWN, network_name: 'far-net', pending: true },
  ],
};
const clients: NetworkClients = {
  clients: [
    {
      client_id: OWN,
      device_id: 'd0000000-0000-4000-8000-000000000001',
      device_name: 'attic router',
      auth_time: new Date(NOW - 12 * 86_400_000).toISOString(),
    },
  ],
};

/** The lists loaded with a pending adoption, a share a guest added, one own device; a token given. */
function state(over: Partial<DevicesPaneState> = {}): DevicesPaneState {
  return {
    data,
    fetchedAt: NOW,
    asOf: NOW,
    loading: false,
    view: NO_VIEW,
    clients,
    staleOn: false,
    stale: { periodMs: DEFAULT_STALE_MS, marked: new Set() },
    hasToken: true,
    ...over,
  };
}

const why = (s: DevicesPaneState, action: keyof ReturnType<typeof devicesReasons>, names = keys) =>
  devicesReasons(s, names)[action]?.why;
const view = (s: DevicesPaneState, width = 120) => devicesView(s, keys, { width, listHeight: 20 });

describe('Devices: why a key cannot act', () => {
  it('c, x, R, N, Q on a row of the wrong kind; a and s without a token', () => {
    // The cursor on the pending adoption (the first row).
    expect(why(state(), 'confirm')).toBe(
      'c confirms the guest of a share of this network: this is a pending adoption',
    );
    expect(why(state(), 'setName')).toBe(
      "Only this network's own devices can be renamed (N): this is a pending adoption",
    );
    expect(why(state(), 'remove')).toBeUndefined();
    expect(why(state(), 'qr')).toBeUndefined();
    const share = state({ selectedKey: `outgoing:${CODE}` });
    expect(why(share, 'confirm')).toBeUndefined();
    const own = state({ selectedKey: `own:${OWN}` });
    expect(why(own, 'qr')).toBe("Q shows a code: this is one of the network's own devices, which has none");
    expect(why(own, 'setName')).toBeUndefined();
    const noToken = state({ hasToken: false });
    expect(why(noToken, 'addCode')).toBe(
      "Adding a code needs your network's token, and none was given: L logs in with an auth code",
    );
    expect(why(noToken, 'remove')).toMatch(/^Removing an association needs your network's token/);
  });

  it('the stale view: associations are not shown; X and space say what they lack', () => {
    const stale = state({ staleOn: true, only: rowFilter(new Set([OWN])) });
    expect(why(stale, 'remove')).toBe('the stale view shows only the network’s own devices (O shows all)');
    expect(why(stale, 'staleRemove')).toBe('the stale clients are not known yet (r asks again)');
    expect(why(state(), 'staleRemove')).toBe('X removes stale clients: O shows them first');
    expect(why(state(), 'select')).toBe('space marks clients in the stale view (O shows it)');
    expect(why(stale, 'select')).toBeUndefined();
    const known = state({
      staleOn: true,
      only: rowFilter(new Set()),
      stale: { periodMs: DEFAULT_STALE_MS, marked: new Set(), staleIds: new Set() },
    });
    expect(why(known, 'staleRemove')).toBe('no client here is stale for 7d: nothing to remove');
  });

  it('enter opens the detail of a row; in it, the lists’ keys say they would act unseen', () => {
    expect(why(state(), 'open')).toBeUndefined();
    expect(why(state({ data: {}, clients: undefined }), 'open')).toBe('no row here: the lists are empty');
    const detail = state({ detailKey: `outgoing:${CODE}` });
    expect(why(detail, 'open')).toBe('this row is open already (esc goes back to the lists)');
    expect(why(detail, 'sort')).toBe('o sorts the lists, which are not shown here (esc goes back to them)');
    expect(why(detail, 'staleView')).toMatch(
      /^O shows the stale clients of the lists, which are not shown here/,
    );
    // The row's keys act on the detail's row.
    expect(why(detail, 'confirm')).toBeUndefined();
  });

  it("names the user's keys", () => {
    const { table } = remapKeys(keymap, { 'devices.confirm': ['C'], back: ['Z'] });
    const mine = keyNamesOf(table);
    expect(why(state(), 'confirm', mine)).toMatch(/^C confirms the guest/);
    expect(why(state({ detailKey: `outgoing:${CODE}` }), 'open', mine)).toBe(
      'this row is open already (Z goes back to the lists)',
    );
  });
});

describe('Devices: what it shows', () => {
  it('the status line: a failure, loading, where the cursor is with the keys that fit', () => {
    const error = new ApiError('http', 'HTTP 500', { status: 500 });
    expect(view(state({ error })).status).toEqual({
      kind: 'error',
      error,
      prefix: 'refresh failed, showing the last lists',
    });
    expect(view(state({ data: undefined, error })).status).toMatchObject({ prefix: 'device associations' });
    expect(view(state({ data: undefined, loading: true })).status).toEqual({
      kind: 'loading',
      label: 'loading device associations…',
    });
    expect(view(state()).status).toEqual({
      kind: 'text',
      tone: 'dim',
      text: 'row 1 of 3 · 2 associations · a adds a code · s shares · c confirms a guest · x removes · R/N rename · O stale',
    });
    expect(view(state(), 40).status).toEqual({
      kind: 'text',
      tone: 'dim',
      text: 'row 1 of 3 · 2 associations · s shares',
    });
  });

  it('in place of the lists: not loaded, none at all, nobody stale', () => {
    expect(view(state({ data: undefined, error: new Error('x') })).body).toEqual({
      kind: 'message',
      text: 'no lists yet (r retries)',
    });
    expect(view(state({ data: {}, clients: undefined })).body).toEqual({
      kind: 'empty',
      lines: [
        'No device associations yet.',
        'Press a to add an adoption or share code, or s to share one of your devices.',
      ],
    });
    const nobody = state({
      staleOn: true,
      only: rowFilter(new Set()),
      stale: { periodMs: DEFAULT_STALE_MS, marked: new Set(), staleIds: new Set() },
    });
    expect(view(nobody).body).toMatchObject({ text: expect.stringMatching(/^No device is stale for 7d/) });
    expect(view(state()).body).toEqual({ kind: 'lists' });
  });

  it('the lines: titles, rows with their state, the cursor; the line under them', () => {
    const v = view(state({ selectedKey: `outgoing:${CODE}` }));
    const texts = v.lines.map((line, i) => v.line(line, i === v.cursor));
    expect(texts[0]).toEqual({ text: 'Pending adoption (1)', tone: 'title' });
    // The clock time its code expires at: nothing on the line moves until then.
    expect(texts[1].text).toMatch(/^ {2}new tv .* pending until 00:15:00/);
    expect(texts.find((t) => t.text.startsWith('›'))?.text).toMatch(
      /attic router .* far-net .* guest added: c confirms/,
    );
    expect(v.hint).toBe(`code: ${CODE}  (y copies it, Q shows it as a QR code)`);
  });

  it('a row’s detail: every field whole, what its keys do; a row gone says so', () => {
    const v = view(state({ detailKey: `own:${OWN}` }), 60);
    expect(v.detail).toEqual({
      title: "This network's devices  ·  esc back",
      lines: [
        'device      attic router',
        'state       offline',
        `client id   ${OWN}`,
        'device id   d0000000-0000-4000-8000-000000000001',
        'last seen   12 d ago',
      ],
      hint: 'y copies the client id · N renames the device',
    });
    const share = view(state({ detailKey: `outgoing:${CODE}` }), 40).detail!;
    expect(share.lines).toContain('guest       far-net');
    // 40 columns: the code goes on over a second line.
    expect(share.lines.filter((line) => line.startsWith('code') || line.startsWith('            a'))).toEqual(
      ['code        abandon ability able about', '            above absent'],
    );
    expect(share.hint).toBe(
      'y copies the code · Q shows it as a QR code · c confirms the guest · x removes it · R renames it · N renames the device',
    );
    expect(view(state({ detailKey: 'outgoing:gone' })).detail).toMatchObject({
      title: 'No longer in the lists  ·  esc back',
    });
  });
});
