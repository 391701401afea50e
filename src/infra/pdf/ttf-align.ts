/**
 * Works around a subsetting bug in @pdf-lib/fontkit 1.1.1: its TrueType subsetter copies each
 * glyph's bytes as they are and, for small subsets, writes a short-format `loca` table, which
 * stores offsets divided by two. Fonts whose glyph records have odd lengths (Noto Sans and
 * Caveat as shipped have hundreds) then get wrong offsets and most glyphs render blank, while
 * text extraction still looks fine.
 *
 * `alignGlyphs` rewrites a TrueType font so every glyph record is padded with zeros to a
 * multiple of four bytes (readers ignore bytes after a glyph's data), with a long-format
 * `loca`. Everything else is copied unchanged; checksums are recomputed.
 */

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

function checksum(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  const whole = bytes.length & ~3;
  for (let i = 0; i < whole; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (whole < bytes.length) {
    let last = 0;
    for (let i = whole; i < whole + 4; i++) last = (last << 8) | (i < bytes.length ? bytes[i]! : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

const pad4 = (n: number): number => (n + 3) & ~3;

export function alignGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const sfntVersion = view.getUint32(0);
  if (sfntVersion !== 0x00010000 && sfntVersion !== 0x74727565 /* 'true' */) return font; // not TrueType outlines
  const numTables = view.getUint16(4);
  const records: TableRecord[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(font[at]!, font[at + 1]!, font[at + 2]!, font[at + 3]!);
    records.push({ tag, offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const table = (tag: string) => records.find((r) => r.tag === tag);
  const head = table('head');
  const maxp = table('maxp');
  const loca = table('loca');
  const glyf = table('glyf');
  if (!head || !maxp || !loca || !glyf) return font;

  const longLoca = view.getInt16(head.offset + 50) === 1;
  const numGlyphs = view.getUint16(maxp.offset + 4);
  const offsets: number[] = [];
  for (let i = 0; i <= numGlyphs; i++) {
    offsets.push(longLoca ? view.getUint32(loca.offset + i * 4) : view.getUint16(loca.offset + i * 2) * 2);
  }
  if (offsets.every((o) => o % 4 === 0) && longLoca) return font;

  // New glyf: each record padded to 4 bytes; new long loca.
  let glyfLength = 0;
  for (let i = 0; i < numGlyphs; i++) glyfLength += pad4(Math.max(0, offsets[i + 1]! - offsets[i]!));
  const newGlyf = new Uint8Array(glyfLength);
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const locaView = new DataView(newLoca.buffer);
  let cursor = 0;
  for (let i = 0; i < numGlyphs; i++) {
    locaView.setUint32(i * 4, cursor);
    const length = Math.max(0, offsets[i + 1]! - offsets[i]!);
    newGlyf.set(font.subarray(glyf.offset + offsets[i]!, glyf.offset + offsets[i]! + length), cursor);
    cursor += pad4(length);
  }
  locaView.setUint32(numGlyphs * 4, cursor);

  const contents = new Map<string, Uint8Array>();
  for (const r of records) contents.set(r.tag, font.slice(r.offset, r.offset + r.length));
  contents.set('glyf', newGlyf);
  contents.set('loca', newLoca);
  const newHead = contents.get('head')!;
  const headView = new DataView(newHead.buffer, newHead.byteOffset, newHead.byteLength);
  headView.setInt16(50, 1); // indexToLocFormat: long
  headView.setUint32(8, 0); // checkSumAdjustment, recomputed below

  const tags = records.map((r) => r.tag).sort();
  const headerLength = 12 + tags.length * 16;
  let total = headerLength;
  for (const tag of tags) total += pad4(contents.get(tag)!.length);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12), 0); // sfnt version and search parameters (table count unchanged)
  let offset = headerLength;
  let headOffset = 0;
  tags.forEach((tag, i) => {
    const data = contents.get(tag)!;
    const at = 12 + i * 16;
    for (let c = 0; c < 4; c++) out[at + c] = tag.charCodeAt(c);
    outView.setUint32(at + 4, checksum(data));
    outView.setUint32(at + 8, offset);
    outView.setUint32(at + 12, data.length);
    out.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += pad4(data.length);
  });
  outView.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}
