import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { pngBomb } from '../../../../test/support/bomb-fixtures.js';
import {
  jpegDeclaring,
  jpegWithExif,
  SIGNATURE_JPEG,
  signaturePng,
} from '../../../../test/support/signature-images.js';
import { ImageRejectedError, normalizeSignatureImage, readJpegHeader } from './signature-image.js';

const rejects = (promise: Promise<unknown>, reason: string, pattern: RegExp) =>
  assert.rejects(
    promise,
    (e: unknown) => e instanceof ImageRejectedError && e.reason === reason && pattern.test(e.message),
  );

test('an uploaded JPEG comes out as a PNG of the same pixels, its metadata gone', async () => {
  const withExif = jpegWithExif('SECRET-GPS-48.85N');
  assert.deepEqual(readJpegHeader(withExif), { width: 120, height: 48 });
  const out = await normalizeSignatureImage({ bytes: withExif, format: 'jpeg', reencode: true });
  assert.deepEqual([out.width, out.height], [120, 48]);
  const png = PNG.sync.read(Buffer.from(out.png));
  assert.deepEqual([png.width, png.height], [120, 48]);
  const text = Buffer.from(out.png).toString('latin1');
  assert.ok(!text.includes('SECRET-GPS') && !text.includes('Exif') && !text.includes('ICC_PROFILE'));
  // The white corner stays white and the stroke dark: the pixels, not noise.
  assert.ok(png.data[0]! > 230 && png.data[3] === 255);
  assert.ok([...png.data].some((v, i) => i % 4 === 0 && v < 80));
});

test('an uploaded PNG is re-encoded; a drawn one is only checked and kept as sent', async () => {
  const source = signaturePng(60, 30);
  const withText = Buffer.concat([
    source.subarray(0, source.length - 12),
    textChunk('Author', 'Someone'),
    source.subarray(source.length - 12),
  ]);
  const uploaded = await normalizeSignatureImage({ bytes: withText, format: 'png', reencode: true });
  assert.ok(!Buffer.from(uploaded.png).toString('latin1').includes('Someone'));
  assert.deepEqual([uploaded.width, uploaded.height], [60, 30]);
  const drawn = await normalizeSignatureImage({ bytes: source, format: 'png', reencode: false });
  assert.ok(Buffer.from(drawn.png).equals(source));
});

test('garbage, a truncated file and the wrong format are refused as invalid', async () => {
  await rejects(
    normalizeSignatureImage({ bytes: Buffer.from('hello'), format: 'png', reencode: true }),
    'IMAGE_INVALID',
    /PNG/,
  );
  await rejects(
    normalizeSignatureImage({ bytes: Buffer.from('hello'), format: 'jpeg', reencode: true }),
    'IMAGE_INVALID',
    /JPEG/,
  );
  await rejects(
    normalizeSignatureImage({ bytes: signaturePng(), format: 'jpeg', reencode: true }),
    'IMAGE_INVALID',
    /JPEG/,
  );
  await rejects(
    normalizeSignatureImage({ bytes: SIGNATURE_JPEG.subarray(0, 400), format: 'jpeg', reencode: true }),
    'IMAGE_INVALID',
    /JPEG/,
  );
  const png = signaturePng();
  await rejects(
    normalizeSignatureImage({ bytes: png.subarray(0, 60), format: 'png', reencode: true }),
    'IMAGE_INVALID',
    /PNG/,
  );
});

test('huge declared images are refused from their headers, before any decoding', async () => {
  await rejects(
    normalizeSignatureImage({ bytes: pngBomb(30_000), format: 'png', reencode: true }),
    'IMAGE_DIMENSIONS',
    /pixels/,
  );
  await rejects(
    normalizeSignatureImage({ bytes: jpegDeclaring(60_000, 60_000), format: 'jpeg', reencode: true }),
    'IMAGE_DIMENSIONS',
    /pixels/,
  );
  // Within each side's limit but too many pixels in all.
  await rejects(
    normalizeSignatureImage({ bytes: jpegDeclaring(3999, 3999), format: 'jpeg', reencode: true }),
    'IMAGE_DIMENSIONS',
    /million pixels/,
  );
  await rejects(
    normalizeSignatureImage({ bytes: signaturePng(1, 40), format: 'png', reencode: true }),
    'IMAGE_DIMENSIONS',
    /between 2/,
  );
});

function textChunk(key: string, value: string): Buffer {
  const data = Buffer.from(`${key}\0${value}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  // pngjs checks CRCs: compute it over type and data.
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
