import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { MemorySource } from './byte-source.js';
import type { PdfString } from './pdf-objects.js';
import {
  appendToArrayText,
  NeedMoreBytes,
  PdfDict,
  PdfName,
  PdfParser,
  PdfRef,
  rewriteDict,
  textString,
} from './pdf-objects.js';
import { SealError } from './seal-error.js';
import { decodeStream, undoPngPredictor } from './stream-filters.js';
import { readXref } from './xref.js';

const parse = (text: string): unknown => new PdfParser(Buffer.from(text, 'latin1')).parseValue();

void test('parses references, numbers, names, strings and nesting', () => {
  const value = parse(
    '<< /Kids [1 0 R 2 3 4 0 R -5 .5 +7] /N#20a /x#41 /S (a\\(b\\)c (nested) \\101\\n\\\r\nend) /H <48 65 6c6c 6F7> /B true /Z null % comment\n>>',
  );
  assert.ok(value instanceof PdfDict);
  assert.deepEqual(value.get('Kids'), [new PdfRef(1, 0), 2, 3, new PdfRef(4, 0), -5, 0.5, 7]);
  assert.deepEqual(value.get('N a'), new PdfName('xA'));
  assert.equal((value.get('S') as PdfString).bytes.toString('latin1'), 'a(b)c (nested) A\nend');
  assert.equal((value.get('H') as PdfString).bytes.toString('latin1'), 'Hellop');
  assert.equal(value.get('B'), true);
  assert.equal(value.get('Z'), null);
  assert.equal(value.raw('Kids')?.toString(), '[1 0 R 2 3 4 0 R -5 .5 +7]');
});

void test('a window that ends inside an object asks for more bytes', () => {
  assert.throws(() => new PdfParser(Buffer.from('<< /A 1 0'), 0, false).parseValue(), NeedMoreBytes);
  assert.throws(() => new PdfParser(Buffer.from('[1 2'), 0, false).parseValue(), NeedMoreBytes);
  assert.deepEqual(new PdfParser(Buffer.from('[1 2]'), 0, false).parseValue(), [1, 2]);
});

void test('rewriting a dictionary keeps untouched values byte for byte', () => {
  const dict = parse('<</Type/Page/Annots[7 0 R]/Odd (x\\051y)/Num 0.10>>') as PdfDict;
  const rewritten = rewriteDict(
    dict,
    new Map<string, string | Buffer | null>([
      ['Annots', appendToArrayText(dict.raw('Annots')!, '9 0 R')],
      ['Num', null],
      ['New', '/Yes'],
    ]),
  );
  assert.equal(rewritten.toString('latin1'), '<< /Type /Page /Annots [7 0 R 9 0 R] /Odd (x\\051y) /New /Yes >>');
  const reparsed = parse(rewritten.toString('latin1')) as PdfDict;
  assert.deepEqual(reparsed.get('Annots'), [new PdfRef(7, 0), new PdfRef(9, 0)]);
});

void test('text strings: ASCII literal with escapes, anything else UTF-16BE', () => {
  assert.equal(textString('a (b) \\c'), '(a \\(b\\) \\\\c)');
  assert.equal(textString('é'), '<FEFF00E9>');
});

void test('PNG predictors decode every filter type', () => {
  // Two rows of three bytes: row 1 with Sub (1), row 2 with Paeth (4).
  const encoded = Buffer.from([1, 10, 5, 5, 4, 1, 1, 1]);
  // Sub: 10, 15, 20. Paeth on row 2 with up = [10,15,20]: first byte predicts up (10) → 11, then 16, 21.
  assert.deepEqual([...undoPngPredictor(encoded, 3, 1)], [10, 15, 20, 11, 16, 21]);
  const upAndAverage = Buffer.from([2, 1, 2, 3, 3, 2, 2, 2]);
  // Up on row 1 (nothing above): 1,2,3. Average on row 2: 2+floor((0+1)/2)=2, 2+floor((2+2)/2)=4, 2+floor((4+3)/2)=5.
  assert.deepEqual([...undoPngPredictor(upAndAverage, 3, 1)], [1, 2, 3, 2, 4, 5]);
});

void test('Flate streams with a predictor decode; unknown filters are refused', () => {
  const dict = parse('<< /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 2 >> >>') as PdfDict;
  assert.deepEqual([...decodeStream(dict, deflateSync(Buffer.from([2, 1, 2, 2, 1, 1])))], [1, 2, 2, 3]);
  const lzw = parse('<< /Filter /LZWDecode >>') as PdfDict;
  assert.throws(
    () => decodeStream(lzw, Buffer.alloc(1)),
    (error: unknown) => error instanceof SealError && error.reason === 'UNSUPPORTED_PDF',
  );
});

void test('an xref chain whose /Prev loops back is read once, not forever', () => {
  const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';
  const tableAt = body.length;
  const pdf = `${body}xref\n0 2\n0000000000 65535 f\r\n0000000009 00000 n\r\ntrailer\n<< /Size 2 /Root 1 0 R /Prev ${tableAt} >>\nstartxref\n${tableAt}\n%%EOF\n`;
  const xref = readXref(new MemorySource(Buffer.from(pdf, 'latin1')));
  assert.equal(xref.trailers.length, 1);
  assert.deepEqual(xref.entries.get(1), { kind: 'offset', offset: 9, gen: 0 });
  assert.equal(xref.lastSectionKind, 'table');
});
