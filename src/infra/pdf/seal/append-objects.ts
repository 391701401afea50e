import { randomBytes } from 'node:crypto';
import { MemorySource } from './byte-source.js';
import { writeIncrementalUpdate, type UpdateObject } from './incremental-update.js';
import { PdfRef, PdfString } from './pdf-objects.js';
import { PdfReader } from './pdf-reader.js';

/**
 * Appends objects (new, or new versions of existing ones) to a document as one incremental update,
 * so every byte of `base`, and every signature over it, stays as it was. The writer is the seal's:
 * the new cross-reference section has the kind of the document's last one and chains to it.
 */
export function appendObjects(base: Buffer, objects: readonly UpdateObject[], minimumSize: number): Buffer {
  const reader = PdfReader.open(new MemorySource(base));
  const { xref } = reader;
  const previousId = reader.resolve(reader.trailerValue('ID'));
  const firstId =
    Array.isArray(previousId) && previousId[0] instanceof PdfString && previousId[0].bytes.length > 0
      ? previousId[0].bytes
      : randomBytes(16);
  const nextFreeNum = Math.max(xref.size, minimumSize, ...objects.map((o) => o.num + 1));
  const lastByte = base[base.length - 1];
  const update = writeIncrementalUpdate(base.length, lastByte === 0x0a || lastByte === 0x0d, objects, {
    kind: xref.lastSectionKind,
    prev: xref.startxref,
    nextFreeNum,
    root: reader.trailerRaw('Root')!,
    info: reader.trailerValue('Info') instanceof PdfRef ? reader.trailerRaw('Info') : undefined,
    id: [firstId, randomBytes(16)],
  });
  return Buffer.concat([base, update.bytes]);
}

/**
 * The document's cross-reference size: the first object number no revision uses. A parser that
 * skips object and xref streams (pdf-lib) would otherwise hand out their numbers to new objects.
 */
export function crossReferenceSize(pdf: Buffer): number {
  return PdfReader.open(new MemorySource(pdf)).xref.size;
}
