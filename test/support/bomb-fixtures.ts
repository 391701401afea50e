import { pipeline } from 'node:stream/promises';
import { crc32, createDeflate, deflateSync } from 'node:zlib';

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
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pngBombDataUrl(size?: number): string {
  return `data:image/png;base64,${pngBomb(size).toString('base64')}`;
}

/** Deflates `size` zero bytes without ever holding them: one zero chunk fed to zlib repeatedly. */
async function deflateZeros(size: number): Promise<Buffer> {
  const chunk = Buffer.alloc(Math.min(size, 8 * 1024 * 1024));
  async function* zeros() {
    for (let left = size; left > 0; left -= chunk.length) yield chunk.subarray(0, Math.min(left, chunk.length));
  }
  const out: Buffer[] = [];
  await pipeline(zeros(), createDeflate({ level: 9 }), async (deflated: AsyncIterable<Buffer>) => {
    for await (const piece of deflated) out.push(piece);
  });
  return Buffer.concat(out);
}

/** Assembles a classic-xref PDF from object bodies (numbered from 1), catalog first. */
function assemble(objects: (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n'),
    ]);
    offsets.push(offset);
    parts.push(bytes);
    offset += bytes.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

const PAGE_OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
];

function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * A one-page PDF with an object stream deflated twice: a few kilobytes on the wire, `inflated`
 * bytes once both layers are undone (the review's 5.7 KB file reached 3 GiB).
 */
export async function objectStreamBombPdf(inflated = 512 * 1024 * 1024): Promise<Buffer> {
  const twice = deflateSync(await deflateZeros(inflated), { level: 9 });
  return assemble([...PAGE_OBJECTS, stream('/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode]', twice)]);
}

/** A one-page PDF whose object stream (one layer) inflates to `inflated` bytes. */
export async function singleLayerBombPdf(inflated = 256 * 1024 * 1024): Promise<Buffer> {
  return assemble([
    ...PAGE_OBJECTS,
    stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', await deflateZeros(inflated)),
  ]);
}

/** A valid one-page PDF with an array nested `depth` deep (1 KB for 300). */
export function deeplyNestedPdf(depth = 300): Buffer {
  return assemble([
    ...PAGE_OBJECTS.slice(0, 2),
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Extra 4 0 R >>',
    `${'['.repeat(depth)}${']'.repeat(depth)}`,
  ]);
}
