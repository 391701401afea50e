import type { XrefSectionKind } from './xref.js';

export interface UpdateObject {
  num: number;
  gen: number;
  /** The object's value as PDF source text, without the `obj`/`endobj` wrapper. */
  body: Buffer;
}

export interface UpdateTrailer {
  kind: XrefSectionKind;
  /** startxref of the document being updated: the new section's /Prev. */
  prev: number;
  /** First object number not used by the document nor by `objects`. */
  nextFreeNum: number;
  root: Buffer;
  info?: Buffer;
  id: [Buffer, Buffer];
}

export interface IncrementalUpdate {
  /** Bytes to append to the document, verbatim. */
  bytes: Buffer;
  /** Offset within `bytes` of each object's body, by object number. */
  bodyOffsets: Map<number, number>;
}

/**
 * Serialises objects followed by a cross-reference section and trailer that chain to the
 * previous ones through /Prev. The section has the same kind as the document's last one:
 * a file that uses xref streams may keep objects in object streams, which a classic table
 * could not point at for readers that only follow the newest section's kind.
 */
export function writeIncrementalUpdate(
  baseLength: number,
  baseEndsWithEol: boolean,
  objects: readonly UpdateObject[],
  trailer: UpdateTrailer,
): IncrementalUpdate {
  const parts: Buffer[] = [];
  let length = 0;
  const push = (part: Buffer | string): void => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  if (!baseEndsWithEol) push('\n');

  const offsets = new Map<number, { offset: number; gen: number }>();
  const bodyOffsets = new Map<number, number>();
  for (const object of objects) {
    offsets.set(object.num, { offset: baseLength + length, gen: object.gen });
    push(`${object.num} ${object.gen} obj\n`);
    bodyOffsets.set(object.num, length);
    push(object.body);
    push('\nendobj\n');
  }

  const trailerEntries =
    `/Root ${trailer.root.toString('latin1')}` +
    (trailer.info ? ` /Info ${trailer.info.toString('latin1')}` : '') +
    ` /ID [<${trailer.id[0].toString('hex')}> <${trailer.id[1].toString('hex')}>] /Prev ${trailer.prev}`;
  const sectionOffset = baseLength + length;
  if (trailer.kind === 'table') {
    push(classicTable(offsets));
    push(`trailer\n<< /Size ${trailer.nextFreeNum} ${trailerEntries} >>\n`);
  } else {
    const streamNum = trailer.nextFreeNum;
    offsets.set(streamNum, { offset: sectionOffset, gen: 0 });
    const { data, index, widths } = xrefStreamData(offsets);
    push(`${streamNum} 0 obj\n`);
    push(
      `<< /Type /XRef /Size ${streamNum + 1} /W [${widths.join(' ')}] /Index [${index.join(' ')}] ${trailerEntries} /Length ${data.length} >>\nstream\n`,
    );
    push(data);
    push('\nendstream\nendobj\n');
  }
  push(`startxref\n${sectionOffset}\n%%EOF\n`);
  return { bytes: Buffer.concat(parts, length), bodyOffsets };
}

/** Runs of consecutive object numbers, each run one subsection. */
function subsections(offsets: Map<number, unknown>): number[][] {
  const runs: number[][] = [];
  for (const num of [...offsets.keys()].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && run.at(-1) === num - 1) run.push(num);
    else runs.push([num]);
  }
  return runs;
}

function classicTable(offsets: Map<number, { offset: number; gen: number }>): string {
  let table = 'xref\n';
  for (const run of subsections(offsets)) {
    table += `${run[0]} ${run.length}\n`;
    for (const num of run) {
      const { offset, gen } = offsets.get(num)!;
      // Each entry is exactly 20 bytes, so the EOL must be two characters.
      table += `${String(offset).padStart(10, '0')} ${String(gen).padStart(5, '0')} n\r\n`;
    }
  }
  return table;
}

function xrefStreamData(offsets: Map<number, { offset: number; gen: number }>): {
  data: Buffer;
  index: number[];
  widths: number[];
} {
  let maxOffset = 0;
  let maxGen = 0;
  for (const { offset, gen } of offsets.values()) {
    maxOffset = Math.max(maxOffset, offset);
    maxGen = Math.max(maxGen, gen);
  }
  const offsetWidth = Math.max(4, bytesFor(maxOffset));
  const genWidth = Math.max(1, bytesFor(maxGen));
  const entryWidth = 1 + offsetWidth + genWidth;
  const data = Buffer.alloc(offsets.size * entryWidth);
  const index: number[] = [];
  let at = 0;
  for (const run of subsections(offsets)) {
    index.push(run[0]!, run.length);
    for (const num of run) {
      const { offset, gen } = offsets.get(num)!;
      data[at] = 1;
      writeUint(data, at + 1, offsetWidth, offset);
      writeUint(data, at + 1 + offsetWidth, genWidth, gen);
      at += entryWidth;
    }
  }
  return { data, index, widths: [1, offsetWidth, genWidth] };
}

function bytesFor(value: number): number {
  let count = 1;
  while (value >= 256 ** count) count++;
  return count;
}

function writeUint(target: Buffer, at: number, width: number, value: number): void {
  for (let i = width - 1; i >= 0; i--) {
    target[at + i] = value % 256;
    value = Math.floor(value / 256);
  }
}
