import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { inflateSync } from 'node:zlib';

import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

import { subsettableFontBytes } from '../fonts.js';
import { useNativeDeflateForPdfLib } from './native-deflate.js';

void test('pdf-lib deflates with native zlib: same content back, a font subset and object streams included', async () => {
  const pako = createRequire(createRequire(import.meta.url).resolve('pdf-lib'))('pako') as {
    deflate(input: Uint8Array, options?: unknown): Uint8Array;
  };
  useNativeDeflateForPdfLib();
  const input = new TextEncoder().encode('BT /F1 12 Tf 72 712 Td (Hello) Tj ET\n'.repeat(200));
  assert.deepEqual(new Uint8Array(inflateSync(pako.deflate(input))), input);
  // Calls with options (none from pdf-lib) still go to pako itself.
  assert.deepEqual(new Uint8Array(inflateSync(pako.deflate(input, { level: 9 }))), input);

  const doc = await PDFDocument.create();
  doc.registerFontkit((await import('@pdf-lib/fontkit')).default);
  const font = await doc.embedFont(subsettableFontBytes('regular'), { subset: true });
  doc.addPage().drawText('Native deflate', { font, size: 12 });
  const ref = doc.context.register(doc.context.flateStream(input));
  const saved = await doc.save({ useObjectStreams: true });
  const back = await PDFDocument.load(saved);
  const stream = back.context.lookup(ref);
  assert.ok(stream instanceof PDFRawStream);
  assert.equal(stream.dict.get(PDFName.of('Filter'))?.toString(), '/FlateDecode');
  assert.deepEqual(decodePDFRawStream(stream).decode(), input);
  assert.equal(back.getPageCount(), 1);
});
