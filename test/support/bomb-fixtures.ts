import { crc32, deflateSync } from 'node:zlib';

/**
 * Hostile files that are small on the wire and huge once decoded, for the tests that prove Firma
 * refuses them without stalling: made here, deterministically, rather than committed as binaries.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit greyscale PNG of `size`×`size` white pixels: ~109 KB for 30000², 112 MB decoded. */
export function pngBomb(size = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(size / 8); // filter byte + packed pixels
  const idat = deflateSync(Buffer.alloc(row * size), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

export function pngBombDataUrl(size?: number): string {
  return `data:image/png;base64,${pngBomb(size).toString('base64')}`;
}
