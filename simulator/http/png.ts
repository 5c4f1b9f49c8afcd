// A PNG of a two-colour picture (a QR code), as Go's image/png writes a paletted image:
// colour type 3 (a palette of the two colours), 1 bit a pixel, one zlib stream.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** `size` x `size` pixels; `on(x, y)` picks the first colour, else the second (RGB triples). */
export function twoColourPng(
  size: number,
  on: (x: number, y: number) => boolean,
  colours: readonly [readonly number[], readonly number[]],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  // bit depth 1, colour type 3 (palette), deflate, filter 0, no interlace
  header.set([1, 3, 0, 0, 0], 8);
  const rowBytes = Math.ceil(size / 8);
  const raw = Buffer.alloc((rowBytes + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (rowBytes + 1);
    // Filter type 0; palette index 0 is the first colour, so its pixels are the zero bits.
    for (let x = 0; x < size; x++) if (!on(x, y)) raw[row + 1 + (x >> 3)] |= 0x80 >> (x & 7);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from([...colours[0], ...colours[1]])),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
