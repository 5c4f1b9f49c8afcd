// GET /device/adopt-code/<code>/qr.png (no auth, any code: nothing is looked up): the
// code's link as a QR code, medium error correction, 256 x 256 pixels, dark blue on
// white, a quiet zone of four modules (server: model/device_association_model.go
// DeviceAdoptCodeQR, qrPngBytes; go-qrcode's PNG).
import { encode } from 'uqr';
import { codeLink } from '../../src/contract/code-link.ts';
import { twoColourPng } from './png.ts';

const ROUTE = /^\/device\/adopt-code\/([^/]+)\/qr\.png$/;
const SIZE = 256;
const QUIET_MODULES = 4;
const FOREGROUND = [29, 49, 80] as const;
const BACKGROUND = [255, 255, 255] as const;

/** The code a request path names, if it is this route's (the path is decoded already). */
export function adoptQrCode(path: string): string | undefined {
  return ROUTE.exec(path)?.[1];
}

/** The PNG of the code's link. */
export function adoptQrPng(code: string): Buffer {
  const { data, size } = encode(codeLink(code), { ecc: 'M', border: 0 });
  const modules = size + 2 * QUIET_MODULES;
  const scale = Math.max(1, Math.floor(SIZE / modules));
  const offset = Math.floor((SIZE - modules * scale) / 2) + QUIET_MODULES * scale;
  const dark = (x: number, y: number) => {
    const col = Math.floor((x - offset) / scale);
    const row = Math.floor((y - offset) / scale);
    return x >= offset && y >= offset && col < size && row < size && data[row][col];
  };
  return twoColourPng(SIZE, dark, [FOREGROUND, BACKGROUND]);
}
