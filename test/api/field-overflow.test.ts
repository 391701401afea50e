import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { CUIL_A, createDocument } from '../helpers/documents.js';
import { CONSENT, tokenOf, valueFor, waitForStatus } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig, pdfToText } from '../support/pdf-tools.js';

/**
 * A value never loses characters when it is burned in, however small its box: it shrinks to the
 * 6 pt floor, wraps, and then runs past the box (issue 33: dates sealed as `2026-11-28…`), unless
 * the sender asked for `fieldMeta.overflow: "crop"` (issue 35), the one mode that clips to the box.
 */

const LONG_TEXT = 'Avenida General Bartolomé Mitre 1234, piso 7, departamento B, Ciudad Autónoma de Buenos Aires';

/** The text without its whitespace: wrapping moves line breaks, never characters. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

for (const database of testDatabases()) {
  describe(`values larger than their box are burned in whole (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
    });
    after(() => server.close());

    test('a long date, name and text in boxes far smaller than them are in the sealed PDF in full', async () => {
      const tiny = { pageNumber: 1, width: 4, height: 1 };
      const payload = {
        title: 'Cajas chicas',
        meta: { dateFormat: 'EEEE, MMMM dd, yyyy hh:mm a' },
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana María García Fernández de la Torre',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [
              { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 85, width: 30, height: 8 },
              { type: 'DATE', ...tiny, pageX: 10, pageY: 20 },
              { type: 'NAME', ...tiny, pageX: 10, pageY: 40 },
              { type: 'TEXT', ...tiny, pageX: 10, pageY: 60, fieldMeta: { type: 'text', fontSize: 14 } },
            ],
          },
        ],
      };
      const created = await createDocument(server.api, payload);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const token = tokenOf((sent.body.recipients as { signingUrl: string }[])[0]!.signingUrl);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      const burned: string[] = [];
      for (const f of view.body.fields as { id: number; type: string; fieldMeta: unknown }[]) {
        const json = f.type === 'TEXT' ? { value: LONG_TEXT } : valueFor(f);
        const res = await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        if (f.type !== 'SIGNATURE') burned.push(res.body.customText as string);
      }
      assert.equal(burned.length, 3);
      assert.ok(
        burned.some((v) => /^[A-Z][a-z]+day, [A-Z][a-z]+ \d\d, \d{4} \d\d:\d\d [AP]M$/.test(v)),
        `a long date: ${JSON.stringify(burned)}`,
      );
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      await waitForStatus(server.api, created.body.id as number, ['COMPLETED']);

      const final = await server.api.get(`/api/v2/document/${created.body.id}/download`);
      assert.equal(final.status, 200);
      assert.match(pdfsig(final.bytes), /Signature is Valid/);
      const text = pdfToText(final.bytes);
      assert.doesNotMatch(text, /…/, 'nothing is cut with an ellipsis');
      for (const value of burned)
        assert.ok(squeezed(text).includes(squeezed(value)), `"${value}" is in the sealed PDF in full`);
    });
  });
}

const MODES = ['auto', 'horizontal', 'vertical', 'crop'] as const;
/** One long value per mode, told apart by its first word. */
const valueIn = (mode: string) => `${mode} ${LONG_TEXT}`;
/** A4, as onePagePdf; boxes in percent of it. */
const A4 = { width: 595, height: 842 };
const boxOf = (i: number) => ({ pageNumber: 1, pageX: 10, pageY: 10 + i * 15, width: 20, height: 2 });

/** The decoded content streams of the PDF's first page, in order. */
async function pageContent(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const contents = doc.getPages()[0]!.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref);
      return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';
    })
    .join('\n');
}

/** Every rectangle made a clipping path (`x y w h re W n`) just before a text object. */
function clipsBeforeText(content: string): number[][] {
  const clip = /(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\s+W\s+n\s+BT\b/g;
  return [...content.matchAll(clip)].map((m) => m.slice(1, 5).map(Number));
}

for (const database of testDatabases()) {
  describe(`fieldMeta.overflow: auto, horizontal, vertical, crop (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
    });
    after(() => server.close());

    const payloadWith = (fields: unknown[]) => ({
      title: 'Desbordes',
      recipients: [
        {
          email: 'ana@example.com',
          name: 'Ana García',
          role: 'SIGNER',
          cuil: CUIL_A,
          fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 60, pageY: 85, width: 30, height: 8 }, ...fields],
        },
      ],
    });

    test('each mode is accepted, stored and answered; an unknown one is a 400 naming the member, nothing created', async () => {
      const before = await countRows(server, 'envelope');
      const refused = await createDocument(
        server.api,
        payloadWith([{ type: 'TEXT', ...boxOf(0), fieldMeta: { type: 'text', overflow: 'diagonal' } }]),
      );
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'VALIDATION_ERROR');
      assert.deepEqual(refused.body.issues[0].path.slice(-2), ['fieldMeta', 'overflow'], JSON.stringify(refused.body));
      assert.equal(await countRows(server, 'envelope'), before, 'nothing was created');

      const fields = MODES.map((overflow, i) => ({ type: 'TEXT', ...boxOf(i), fieldMeta: { type: 'text', overflow } }));
      const created = await createDocument(server.api, payloadWith(fields));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelope = (await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`)).body;
      const stored = envelope.fields
        .filter((f: { type: string }) => f.type === 'TEXT')
        .map((f: { fieldMeta: { overflow: string } }) => f.fieldMeta.overflow);
      assert.deepEqual(stored.sort(), [...MODES].sort());

      // Changing the mode of a field: a known mode is stored, an unknown one refused and nothing changes.
      const text = envelope.fields.find(
        (f: { type: string; fieldMeta: { overflow?: string } }) => f.type === 'TEXT' && f.fieldMeta.overflow === 'auto',
      );
      const update = (overflow: string) =>
        server.api.post('/api/v2/envelope/field/update-many', {
          json: { envelopeId: envelope.id, data: [{ id: text.id, type: 'TEXT', fieldMeta: { overflow } }] },
        });
      const bad = await update('sideways');
      assert.equal(bad.status, 400, JSON.stringify(bad.body));
      assert.equal(bad.body.code, 'VALIDATION_ERROR');
      assert.deepEqual(bad.body.issues[0].path.slice(-2), ['fieldMeta', 'overflow'], JSON.stringify(bad.body));
      const good = await update('crop');
      assert.equal(good.status, 200, JSON.stringify(good.body));
      const after = (await server.api.get(`/api/v2/envelope/${envelope.id}`)).body;
      assert.equal(after.fields.find((f: { id: number }) => f.id === text.id).fieldMeta.overflow, 'crop');
    });

    test('a long value in each mode is sealed as named: whole for auto, horizontal, vertical; clipped to its box for crop', async () => {
      const fields = MODES.map((overflow, i) => ({ type: 'TEXT', ...boxOf(i), fieldMeta: { type: 'text', overflow } }));
      const created = await createDocument(server.api, payloadWith(fields));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const token = tokenOf((sent.body.recipients as { signingUrl: string }[])[0]!.signingUrl);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      const boxes = new Map<string, { positionX: number; positionY: number; width: number; height: number }>();
      for (const f of view.body.fields as { id: number; type: string; fieldMeta: { overflow: string } }[]) {
        // A drawn signature: a typed one is clipped to its box too, which would blur the count below.
        const json = f.type === 'TEXT' ? { value: valueIn(f.fieldMeta.overflow) } : valueFor(f, { drawn: true });
        const res = await server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        if (f.type === 'TEXT') boxes.set(f.fieldMeta.overflow, f as never);
      }
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      await waitForStatus(server.api, created.body.id as number, ['COMPLETED']);

      const final = await server.api.get(`/api/v2/document/${created.body.id}/download`);
      assert.equal(final.status, 200);
      assert.match(pdfsig(final.bytes), /Signature is Valid/);
      const text = squeezed(pdfToText(final.bytes));
      for (const mode of ['auto', 'horizontal', 'vertical'])
        assert.ok(text.includes(squeezed(valueIn(mode))), `${mode}: the whole value is in the sealed PDF`);

      // Exactly one clip before a text object, and it is the crop field's box (in points, from the foot).
      const clips = clipsBeforeText(await pageContent(final.bytes));
      assert.equal(clips.length, 1, JSON.stringify(clips));
      const crop = boxes.get('crop')!;
      const expected = [
        (crop.positionX / 100) * A4.width,
        A4.height - ((crop.positionY + crop.height) / 100) * A4.height,
        (crop.width / 100) * A4.width,
        (crop.height / 100) * A4.height,
      ];
      clips[0]!.forEach((n, i) =>
        assert.ok(
          Math.abs(n - expected[i]!) < 0.01,
          `clip ${JSON.stringify(clips[0])} is the box ${JSON.stringify(expected)}`,
        ),
      );
    });
  });
}
