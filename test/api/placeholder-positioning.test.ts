import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { CUIL_A, CUIL_B, createDocument } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfToText } from '../support/pdf-tools.js';
import { taggedPdf, type ExpectedBox } from '../support/tagged-pdf.js';

/**
 * Documenso's placeholder positioning: a field in envelope/field/create-many gives
 * `placeholder: "{{signature}}"` (any text of the PDF) instead of coordinates and lands on that
 * text's box, the first occurrence or every one with `matchAll`; the occurrences used are hidden in
 * the stored PDF. Tags without `rN` on upload are such anchors: no field, left in the PDF.
 */

interface WireField {
  id: number;
  type: string;
  recipientId: number;
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
}

function near(field: WireField, box: ExpectedBox, size?: { width: number; height: number }) {
  assert.equal(field.page, box.page);
  for (const k of ['positionX', 'positionY'] as const)
    assert.ok(Math.abs(field[k] - box[k]) <= 1, `${k}: ${field[k]} vs ${box[k]}`);
  assert.ok(Math.abs(field.width - (size?.width ?? box.width)) <= 1, `width ${field.width} vs ${box.width}`);
  assert.ok(Math.abs(field.height - (size?.height ?? box.height)) <= 1, `height ${field.height} vs ${box.height}`);
}

const signer = (name: string, email: string, cuil: string) => ({ name, email, role: 'SIGNER', cuil });
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

for (const database of testDatabases()) {
  describe(`placeholder positioning on field create-many (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server.close());

    /** A DRAFT with two signers and anchors: {{signature}} ×2, {{initials}} on both pages (one rotated), one r1 tag. */
    async function draftWithAnchors() {
      const { bytes, boxes } = await taggedPdf([
        {
          prose: [{ text: 'Contrato', x: 50, y: 760 }],
          tags: [
            { text: '{{signature}}', x: 60, y: 120 },
            { text: '{{initials}}', x: 400, y: 60, splitAt: [3] },
            { text: '{{signature}}', x: 300, y: 120 },
            { text: '{{name, r1}}', x: 60, y: 300 },
            { text: 'Firma del locador:', x: 60, y: 400 },
          ],
        },
        { rotate: 90, tags: [{ text: '{{initials}}', x: 100, y: 100 }] },
      ]);
      const created = await createDocument(
        server.api,
        {
          title: 'Anclas',
          recipients: [signer('Ana', 'ana@example.com', CUIL_A), signer('Bruno', 'bruno@example.com', CUIL_B)],
        },
        bytes,
      );
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelope = (await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`)).body;
      return {
        id: created.body.id as number,
        envelopeId: created.body.envelopeId as string,
        envelope,
        boxes,
        recipients: envelope.recipients as { id: number }[],
      };
    }
    const original = async (id: number) =>
      pdfToText((await server.api.get(`/api/v2/document/${id}/download?version=original`)).bytes);

    test('tags without rN make no field and stay in the PDF; the rN tag becomes a field and is hidden', async () => {
      const { id, envelope } = await draftWithAnchors();
      assert.equal(envelope.fields.length, 1);
      assert.equal(envelope.fields[0].type, 'NAME');
      const text = await original(id);
      assert.equal(occurrences(text, '{{signature}}'), 2);
      assert.doesNotMatch(text, /\{\{name/);
    });

    test('first occurrence by default, every one with matchAll, width/height override, mixed with coordinates; the texts used are hidden', async () => {
      const { id, envelopeId, boxes, recipients } = await draftWithAnchors();
      const [ana, bruno] = recipients;
      const res = await server.api.post('/api/v2/envelope/field/create-many', {
        json: {
          envelopeId,
          data: [
            { type: 'SIGNATURE', recipientId: ana!.id, placeholder: '{{signature}}' },
            { type: 'INITIALS', recipientId: bruno!.id, placeholder: '{{initials}}', matchAll: true },
            { type: 'SIGNATURE', recipientId: bruno!.id, placeholder: 'Firma del locador:', width: 30, height: 6 },
            { type: 'DATE', recipientId: ana!.id, page: 1, positionX: 10, positionY: 10, width: 20, height: 4 },
          ],
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const fields = res.body.data as WireField[];
      assert.equal(fields.length, 5);
      const [signature, initials1, initials2, locador, date] = fields;
      near(signature!, boxes[0]!);
      assert.equal(signature!.recipientId, ana!.id);
      near(initials1!, boxes[1]!);
      near(initials2!, boxes[5]!);
      assert.deepEqual([initials1!.recipientId, initials2!.recipientId], [bruno!.id, bruno!.id]);
      near(locador!, boxes[4]!, { width: 30, height: 6 });
      assert.deepEqual([date!.page, date!.positionX, date!.positionY], [1, 10, 10]);

      const text = await original(id);
      assert.equal(occurrences(text, '{{signature}}'), 1, 'the second {{signature}} was not used and stays');
      assert.doesNotMatch(text, /\{\{initials\}\}|Firma del locador/);
      assert.match(text, /Contrato/);
      // The stored PDF changed in the edit's transaction, with an audit entry naming both hashes.
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: envelopeId });
      assert.deepEqual(
        verdict.checks.filter((c) => c.status === 'fail'),
        [],
      );
      const log = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log`);
      assert.equal(log.status, 200, JSON.stringify(log.body));
      const entries = log.body.data as { type: string; data: Record<string, unknown> }[];
      const hidden = entries.find((e) => e.type === 'ENVELOPE_ITEM_UPDATED');
      assert.deepEqual(hidden?.data.placeholdersHidden, ['{{signature}}', '{{initials}}', 'Firma del locador:']);

      // A text already used is no longer in the PDF.
      const again = await server.api.post('/api/v2/envelope/field/create-many', {
        json: { envelopeId, data: [{ type: 'INITIALS', recipientId: ana!.id, placeholder: '{{initials}}' }] },
      });
      assert.equal(again.status, 400, JSON.stringify(again.body));
      assert.equal(again.body.code, 'PLACEHOLDER_NOT_FOUND');
    });

    test('refusals: text not in the PDF (named), placeholder with coordinates, neither, matchAll alone, another platform, a sent envelope; nothing changes', async () => {
      const { id, envelopeId, recipients } = await draftWithAnchors();
      const ana = recipients[0]!;
      const state = async () => JSON.stringify((await server.api.get(`/api/v2/envelope/${envelopeId}`)).body);
      const before = await state();
      const textBefore = await original(id);
      const post = (data: unknown[], client = server.api) =>
        client.post('/api/v2/envelope/field/create-many', { json: { envelopeId, data } });

      const missing = await post([
        { type: 'SIGNATURE', recipientId: ana.id, placeholder: '{{signature}}' },
        { type: 'TEXT', recipientId: ana.id, placeholder: '{{domicilio}}' },
      ]);
      assert.equal(missing.status, 400, JSON.stringify(missing.body));
      assert.equal(missing.body.code, 'PLACEHOLDER_NOT_FOUND');
      assert.match(JSON.stringify(missing.body.issues), /\{\{domicilio\}\}/);
      assert.deepEqual(missing.body.issues[0].path, ['data', 1, 'placeholder']);

      for (const [entry, member] of [
        [{ placeholder: '{{signature}}', page: 1 }, 'page'],
        [{ page: 1, positionX: 1, positionY: 1, width: 1 }, 'height'],
        [{ page: 1, positionX: 1, positionY: 1, width: 1, height: 1, matchAll: true }, 'matchAll'],
        [{ placeholder: '' }, 'placeholder'],
      ] as const) {
        const res = await post([{ type: 'SIGNATURE', recipientId: ana.id, ...entry }]);
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, 'VALIDATION_ERROR');
        assert.match(JSON.stringify(res.body.issues), new RegExp(member));
      }
      const other = await server.newPlatform();
      const foreign = await post([{ type: 'SIGNATURE', recipientId: ana.id, placeholder: '{{signature}}' }], other);
      assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
      assert.equal(await state(), before, 'nothing changed');
      assert.equal(await original(id), textBefore, 'the PDF is untouched');

      // Once sent, the PDF recipients received no longer changes: refused, not placed with the text left visible.
      const ready = await post([
        { type: 'SIGNATURE', recipientId: ana.id, page: 1, positionX: 10, positionY: 10, width: 20, height: 5 },
        {
          type: 'SIGNATURE',
          recipientId: recipients[1]!.id,
          page: 1,
          positionX: 40,
          positionY: 10,
          width: 20,
          height: 5,
        },
      ]);
      assert.equal(ready.status, 200, JSON.stringify(ready.body));
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const late = await post([{ type: 'SIGNATURE', recipientId: ana.id, placeholder: '{{signature}}' }]);
      assert.equal(late.status, 400, JSON.stringify(late.body));
      assert.equal(late.body.code, 'ENVELOPE_NOT_DRAFT');
      assert.equal(occurrences(await original(id), '{{signature}}'), 2);
    });
  });
}
