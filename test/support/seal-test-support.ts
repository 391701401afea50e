/**
 * Fixtures and external checkers shared by the seal tests. The checkers are independent
 * implementations (poppler's pdfsig, qpdf, openssl): the seal is judged by what they say.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';

export function makeTempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `firma-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const WORDS = 'agreement party signature clause witness hereby document term payment notice consent record'.split(' ');

/** A text PDF from pdf-lib: object streams and a cross-reference stream, unless told otherwise. */
export async function makeTextPdf(
  pages: number,
  options: { useObjectStreams?: boolean; linesPerPage?: number } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < (options.linesPerPage ?? 30); line++) {
      const text = Array.from({ length: 10 }, (_, i) => WORDS[(p * 7 + line * 3 + i) % WORDS.length]).join(' ');
      page.drawText(text, { x: 50, y: 800 - line * 24, size: 11, font });
    }
  }
  return doc.save({ useObjectStreams: options.useObjectStreams ?? true });
}

/** Pages painting raw, incompressible image data: a scan-sized file from a few pages. */
export async function makeLargePdf(pages: number, bytesPerPage: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const side = Math.ceil(Math.sqrt(bytesPerPage / 3));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Scan', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(595, 0, 0, 842, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}

/** One page whose /Annots is an indirect array holding a link annotation. */
export async function makePdfWithIndirectAnnots(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Indirect annotations', { x: 50, y: 700 });
  const link = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [50, 50, 150, 80],
      Border: [0, 0, 0],
      A: { S: 'URI', URI: 'https://example.org/' },
    }),
  );
  page.node.set(PDFName.of('Annots'), doc.context.register(doc.context.obj([link])));
  return doc.save();
}

/** A form with a filled text field: the catalog already has an (indirect) /AcroForm. */
export async function makePdfWithTextField(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const field = doc.getForm().createTextField('applicant.name');
  field.setText('Ada Lovelace');
  field.addToPage(page, { x: 50, y: 600, width: 200, height: 24 });
  return doc.save();
}

/**
 * A hybrid-reference file written by hand: a classic table for old readers plus /XRefStm for
 * the page, which lives in an object stream the table does not mention.
 */
export function makeHybridPdf(): Buffer {
  const parts: string[] = [];
  const offsets: Record<number, number> = {};
  let length = 0;
  const add = (text: string): void => {
    parts.push(text);
    length += Buffer.byteLength(text, 'latin1');
  };
  const object = (num: number, body: string): void => {
    offsets[num] = length;
    add(`${num} 0 obj\n${body}\nendobj\n`);
  };
  add('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  // A nested page tree: the first page is two /Kids levels down.
  object(2, '<< /Type /Pages /Kids [8 0 R] /Count 1 >>');
  object(8, '<< /Type /Pages /Parent 2 0 R /Kids [3 0 R] /Count 1 >>');
  const content = 'BT /F1 24 Tf 72 700 Td (Hybrid reference file) Tj ET';
  object(4, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  object(6, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const page =
    '<< /Type /Page /Parent 8 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>';
  const header = '3 0 ';
  object(
    5,
    `<< /Type /ObjStm /N 1 /First ${header.length} /Length ${header.length + page.length} >>\nstream\n${header}${page}\nendstream`,
  );
  // Cross-reference stream covering object 3 only (type 2: in object stream 5, index 0).
  const xrefStreamData = Buffer.from([2, 0, 5, 0]);
  offsets[7] = length;
  add(
    `7 0 obj\n<< /Type /XRef /Size 9 /W [1 2 1] /Index [3 1] /Length ${xrefStreamData.length} >>\nstream\n${xrefStreamData.toString('latin1')}\nendstream\nendobj\n`,
  );
  const tableOffset = length;
  const entry = (num: number): string => `${String(offsets[num]).padStart(10, '0')} 00000 n\r\n`;
  add(
    `xref\n0 3\n0000000000 65535 f\r\n${entry(1)}${entry(2)}4 5\n${entry(4)}${entry(5)}${entry(6)}${entry(7)}${entry(8)}`,
  );
  add(`trailer\n<< /Size 9 /Root 1 0 R /XRefStm ${offsets[7]} >>\nstartxref\n${tableOffset}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

export function qpdf(args: string[]): void {
  execFileSync('qpdf', args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Rewrites `input` with qpdf's options (e.g. --object-streams=disable for classic tables). */
export function qpdfVariant(dir: string, name: string, input: Uint8Array, args: string[]): Buffer {
  const inPath = join(dir, `${name}.in.pdf`);
  const outPath = join(dir, `${name}.pdf`);
  writeFileSync(inPath, input);
  qpdf([...args, inPath, outPath]);
  return readFileSync(outPath);
}

export interface PdfsigReport {
  output: string;
  signatures: { type?: string; validation?: string; fieldName?: string; total: boolean }[];
}

export function pdfsig(path: string): PdfsigReport {
  const result = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  const signatures = output
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      type: /Signature Type: (.+)$/m.exec(block)?.[1]?.trim(),
      validation: /Signature Validation: (.+)$/m.exec(block)?.[1]?.trim(),
      fieldName: /Signature Field Name: (.+)$/m.exec(block)?.[1]?.trim(),
      total: /Total document signed/.test(block) && !/Not total document signed/.test(block),
    }));
  return { output, signatures };
}

/** qpdf --check: exit 0 is clean, 3 means warnings, 2 errors. */
export function qpdfCheck(path: string): { clean: boolean; output: string } {
  const result = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  return { clean: result.status === 0 && /No syntax or stream encoding errors found/.test(output), output };
}

/** The CMS of the last signature in `pdf`, read back through its /ByteRange. */
export function extractLastCms(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at));
  if (!match) throw new Error('no /ByteRange');
  const gapStart = Number(match[2]);
  const gapEnd = Number(match[3]);
  const padded = Buffer.from(text.slice(gapStart + 1, gapEnd - 1), 'hex');
  // The zeros after the CMS are padding: its outer SEQUENCE length says where it ends.
  const lengthBytes = padded[1]! & 0x80 ? padded[1]! & 0x7f : 0;
  let length = lengthBytes ? 0 : padded[1]!;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + padded[2 + i]!;
  return padded.subarray(0, 2 + lengthBytes + length);
}

export function opensslCmsPrint(dir: string, cms: Buffer): string {
  const path = join(dir, `cms-${Date.now()}-${Math.random().toString(16).slice(2)}.der`);
  writeFileSync(path, cms);
  return execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', path], { encoding: 'utf8' });
}
