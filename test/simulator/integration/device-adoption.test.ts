// Adoption by the device over sockets (reference-operators.md section 6): the four routes
// need no token; an owner adds the code with /device/add; the device confirms naming the
// network and gets a client token that works; it may withdraw its code until then. The
// QR code route draws the code's link. Both eras answer as today.
import { inflateSync } from 'node:zlib';
import { encode } from 'uqr';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeToken } from '../../../src/api/auth.ts';
import { codeLink } from '../../../src/contract/code-link.ts';
import { ERAS } from '../../../src/contract/eras.ts';
import { BUSINESS_TEXT } from '../../../src/contract/messages.ts';
import { STRICT_SHAPES } from '../../contract/shapes.ts';
import { raw, type SimHarness, startSim } from './harness.ts';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const INVALID = { error: { message: BUSINESS_TEXT.invalidCode } };
const INVALID_ADOPT = { error: { message: BUSINESS_TEXT.invalidAdoptCode } };

/** POST without a token unless one is given (a device has none); JSON of a 200. */
async function post(path: string, body: unknown, token?: string) {
  const answer = await raw(h!.sim, 'POST', path, body, token);
  return { status: answer.status, json: answer.status === 200 ? JSON.parse(answer.text) : undefined };
}

async function makeCode(name = 'attic pi', spec = 'netdeck/test') {
  const { json } = await post('/device/create-adopt-code', { device_name: name, device_spec: spec });
  return json as { adopt_code: string; adopt_secret: string; duration_minutes: number; share_code: string };
}
const status = async (code: string) => (await post('/device/adopt-status', { adopt_code: code })).json;
const pendingCodes = async () =>
  ((await h!.client.deviceAssociations()).pending_adoption_devices ?? []).map((d) => d.code);

describe.each(ERAS)('adoption by the device (%s era)', (era) => {
  it('code, owner adds it, the device confirms: a client token that works, the device in the network', async () => {
    h = await startSim({ era });
    const shapes = STRICT_SHAPES[era];
    const made = await makeCode();
    expect(shapes.createAdoptCode!.safeParse(made).success).toBe(true);
    expect(made.duration_minutes).toBe(15);
    const first = await status(made.adopt_code);
    expect(first).toEqual({ pending: true });
    expect(shapes.adoptStatus!.safeParse(first).success).toBe(true);

    const added = await h.client.addDevice({ code: made.adopt_code });
    expect(added).toMatchObject({ code_type: 'adopt', device_name: 'attic pi' });
    expect(await pendingCodes()).toContain(made.adopt_code);
    expect(await status(made.adopt_code)).toEqual({ pending: true, associated_network_name: 'demo' });

    const confirm = (fields: object) =>
      post('/device/confirm-adopt', {
        adopt_code: made.adopt_code,
        adopt_secret: made.adopt_secret,
        associated_network_name: 'demo',
        ...fields,
      });
    expect((await confirm({ adopt_secret: 'ab'.repeat(128) })).json).toEqual(INVALID);
    expect((await confirm({ associated_network_name: 'Demo' })).json).toEqual(INVALID);
    const confirmed = (await confirm({})).json;
    expect(shapes.confirmAdopt!.safeParse(confirmed).success).toBe(true);
    const token = confirmed.by_client_jwt as string;
    const claims = decodeToken(token)!.claims;
    expect(claims).toMatchObject({ network_name: 'demo', network_id: h.sim.engine.demoNetwork.id });
    // The token works on an authenticated route, as the new client of the owner's network.
    const mine = await h.clientFor(token).networkClients();
    const listed = mine.clients?.find((c) => c.client_id === claims.client_id);
    expect(listed).toMatchObject({
      description: 'attic pi',
      device_name: 'attic pi',
      device_spec: 'netdeck/test',
    });
    expect(listed?.connections).toBeUndefined();
    expect(await pendingCodes()).not.toContain(made.adopt_code);
    expect(await status(made.adopt_code)).toEqual({ associated_network_name: 'demo' });
    // Once: confirmed codes are neither confirmed again nor withdrawn.
    expect((await confirm({})).json).toEqual(INVALID);
    expect(
      (
        await post('/device/remove-adopt-code', {
          adopt_code: made.adopt_code,
          adopt_secret: made.adopt_secret,
        })
      ).json,
    ).toEqual(INVALID);
  });

  it('withdrawn by the device: gone for the owner and the device alike; a wrong secret withdraws nothing', async () => {
    h = await startSim({ era });
    const made = await makeCode();
    const remove = (secret: string) =>
      post('/device/remove-adopt-code', { adopt_code: made.adopt_code, adopt_secret: secret });
    expect((await remove('00')).json).toEqual(INVALID);
    expect((await remove(made.adopt_secret)).json).toEqual({});
    expect(STRICT_SHAPES[era].removeAdoptCode!.safeParse({}).success).toBe(true);
    expect(await status(made.adopt_code)).toEqual(INVALID_ADOPT);
    await expect(h.client.addDevice({ code: made.adopt_code })).rejects.toMatchObject({
      message: BUSINESS_TEXT.invalidCode,
    });
    // Withdrawn after an owner added it: it leaves the owner's pending list.
    const second = await makeCode('closet');
    await h.client.addDevice({ code: second.adopt_code });
    expect(await pendingCodes()).toContain(second.adopt_code);
    expect(
      (
        await post('/device/remove-adopt-code', {
          adopt_code: second.adopt_code,
          adopt_secret: second.adopt_secret,
        })
      ).json,
    ).toEqual({});
    expect(await pendingCodes()).not.toContain(second.adopt_code);
    expect(
      (await post('/device/remove-adopt-code', { adopt_code: 'no such code', adopt_secret: 'x' })).json,
    ).toEqual(INVALID);
  });
});

describe('adoption by the device, what time and names do', () => {
  it('expires 15 minutes after it was made: no confirm then, the status still pending (expiry not checked), still withdrawable', async () => {
    h = await startSim();
    const made = await makeCode();
    await h.client.addDevice({ code: made.adopt_code });
    await h.advance(15 * 60);
    expect(await status(made.adopt_code)).toEqual({ pending: true, associated_network_name: 'demo' });
    expect(
      (
        await post('/device/confirm-adopt', {
          adopt_code: made.adopt_code,
          adopt_secret: made.adopt_secret,
          associated_network_name: 'demo',
        })
      ).json,
    ).toEqual(INVALID);
    expect(await pendingCodes()).not.toContain(made.adopt_code);
    expect(
      (
        await post('/device/remove-adopt-code', {
          adopt_code: made.adopt_code,
          adopt_secret: made.adopt_secret,
        })
      ).json,
    ).toEqual({});
    // An expired code nobody added cannot be added.
    const late = await makeCode();
    await h.advance(15 * 60);
    await expect(h.client.addDevice({ code: late.adopt_code })).rejects.toMatchObject({ kind: 'business' });
  });

  it('a rename of the owner network between the status and the confirm makes the confirm fail; the new name works', async () => {
    h = await startSim();
    const made = await makeCode();
    await h.client.addDevice({ code: made.adopt_code });
    const seen = (await status(made.adopt_code)).associated_network_name;
    h.sim.admin.setName({ network_id: h.sim.engine.demoNetwork.id, network_name: 'renamed-demo' });
    const confirm = (name: string) =>
      post('/device/confirm-adopt', {
        adopt_code: made.adopt_code,
        adopt_secret: made.adopt_secret,
        associated_network_name: name,
      });
    expect((await confirm(seen)).json).toEqual(INVALID);
    expect((await status(made.adopt_code)).associated_network_name).toBe('renamed-demo');
    expect((await confirm('renamed-demo')).json.by_client_jwt).toBeDefined();
  });

  it('needs no token (a bad one is not read); a null body is a 500, names past the column size too', async () => {
    h = await startSim();
    const withJunk = await post('/device/create-adopt-code', { device_name: 'x' }, 'not-a-token');
    expect(withJunk.status).toBe(200);
    expect((await post('/device/adopt-status', { adopt_code: 'x' }, 'not-a-token')).json).toEqual(
      INVALID_ADOPT,
    );
    for (const route of ['create-adopt-code', 'adopt-status', 'confirm-adopt', 'remove-adopt-code'])
      expect((await post(`/device/${route}`, null)).status, route).toBe(500);
    expect((await post('/device/create-adopt-code', { device_name: 'n'.repeat(257) })).status).toBe(500);
    expect((await post('/device/create-adopt-code', { device_spec: 's'.repeat(257) })).status).toBe(500);
    expect((await post('/device/create-adopt-code', { device_name: 7 })).status).toBe(400);
    // No name at all is fine: the service checks nothing.
    expect((await post('/device/create-adopt-code', {})).json.adopt_code).toMatch(/^[a-z]+( [a-z]+){5}$/);
  });

  it('the demo network adds a device’s code by itself when the engine is told to (the in-process demo only)', async () => {
    h = await startSim({ ownerAddsAdoptionAfterMs: 5_000 });
    const made = await makeCode();
    expect(await status(made.adopt_code)).toEqual({ pending: true });
    await h.clock.advance(5_000);
    expect(await status(made.adopt_code)).toEqual({ pending: true, associated_network_name: 'demo' });
    await h.close();
    // Without it nobody adds the code.
    h = await startSim();
    const alone = await makeCode();
    await h.advance(10 * 60);
    expect(await status(alone.adopt_code)).toEqual({ pending: true });
  });
});

/** The pixels of a 1-bit paletted PNG as rows of palette indexes (filter type 0 only). */
function pngPixels(png: Buffer): { width: number; height: number; palette: number[]; rows: number[][] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  let width = 0;
  let height = 0;
  let palette: number[] = [];
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8)]).toEqual([1, 3, 0, 0, 0]);
    } else if (type === 'PLTE') palette = [...body];
    else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = Math.ceil(width / 8) + 1;
  const rows = Array.from({ length: height }, (_, y) => {
    expect(raw[y * stride]).toBe(0);
    return Array.from({ length: width }, (_, x) => (raw[y * stride + 1 + (x >> 3)] >> (7 - (x & 7))) & 1);
  });
  return { width, height, palette, rows };
}

describe('GET /device/adopt-code/<code>/qr.png', () => {
  it('draws the code’s link (app.bringyour.com/?add=) as a QR code, 256 px, no token, any code', async () => {
    h = await startSim();
    const code = 'abandon ability able about above absent';
    const response = await fetch(`${h.sim.url}/device/adopt-code/${encodeURIComponent(code)}/qr.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const { width, height, palette, rows } = pngPixels(Buffer.from(await response.arrayBuffer()));
    expect([width, height]).toEqual([256, 256]);
    expect(palette).toEqual([29, 49, 80, 255, 255, 255]);
    // Read the modules back at their centres: the QR code of the link, medium correction.
    const { data, size } = encode(codeLink(code), { ecc: 'M', border: 0 });
    const first = rows.findIndex((row) => row.includes(0));
    const left = rows[first].indexOf(0);
    const scale = rows[first].slice(left).indexOf(1) / 7;
    const read = data.map((row, y) =>
      row.map((_, x) => rows[first + y * scale + (scale >> 1)][left + x * scale + (scale >> 1)] === 0),
    );
    expect(read).toEqual(data);
    expect(left).toBeGreaterThanOrEqual(4 * scale);
    expect(size * scale + 8 * scale).toBeLessThanOrEqual(256);
    expect(codeLink(code)).toBe('https://app.bringyour.com/?add=abandon+ability+able+about+above+absent');
    // Another method: 405 with what the path allows.
    const posted = await raw(h.sim, 'POST', `/device/adopt-code/${encodeURIComponent(code)}/qr.png`);
    expect(posted).toEqual({ status: 405, text: 'Method not allowed.\n' });
  });
});
