import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { wordBoxes } from '../support/poppler.js';

/**
 * Documenso's `useLegacyFieldInsertion` (issue 35): a document or template may ask for the older
 * layout its renderer keeps for documents made before the newer one — text centred in its box
 * unless textAlign says otherwise. It is stored, answered, carried to copies and documents made
 * from a template, fixed once the document is sent, and changes where the value is burned in.
 */

/** One signer, one TEXT field across the middle of the page (no textAlign: left, or centred when legacy). */
const payload = () => ({
  title: 'Disposición',
  recipients: [
    {
      email: 'ana@example.com',
      name: 'Ana García',
      role: 'SIGNER',
      cuil: CUIL_A,
      fields: [
        { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 },
        { type: 'TEXT', pageNumber: 1, pageX: 10, pageY: 30, width: 80, height: 5, fieldMeta: { type: 'text' } },
      ],
    },
  ],
});

for (const database of testDatabases()) {
  describe(`useLegacyFieldInsertion (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
    });
    after(() => server.close());

    /** Creates the document, sets the member as given, sends it, signs it; the burned-in value's box. */
    async function signedValueBox(legacy: boolean | undefined) {
      const created = await createDocument(server.api, payload());
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const documentId = created.body.id as number;
      if (legacy !== undefined) {
        const updated = await server.api.post('/api/v2/document/update', {
          json: { documentId, data: { useLegacyFieldInsertion: legacy } },
        });
        assert.equal(updated.status, 200, JSON.stringify(updated.body));
      }
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const done = await signAll(
        server.anon,
        tokenOf((sent.body.recipients as { signingUrl: string }[])[0]!.signingUrl),
      );
      assert.equal(done.status, 200, JSON.stringify(done.body));
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const final = await server.api.get(`/api/v2/document/${documentId}/download`);
      const { pages, words } = wordBoxes(final.bytes);
      const word = words.find((w) => w.page === 1 && w.text === 'Falsa');
      assert.ok(word, 'the TEXT value is burned in');
      return { documentId, left: word.xMin / pages[0]!.width };
    }

    test('the value is centred in its box in the legacy layout, at its left edge otherwise', async () => {
      const current = await signedValueBox(undefined);
      const legacy = await signedValueBox(true);
      // The box runs from 10% to 90% of the width; "Calle Falsa 123, Córdoba" is far narrower.
      assert.ok(current.left < 0.25, `left-aligned: ${current.left}`);
      assert.ok(legacy.left > 0.35, `centred: ${legacy.left}`);
      const doc = await server.api.get(`/api/v2/document/${legacy.documentId}`);
      assert.equal(doc.body.useLegacyFieldInsertion, true);
      const other = await server.api.get(`/api/v2/document/${current.documentId}`);
      assert.equal(other.body.useLegacyFieldInsertion, false);
      const found = await server.api.get('/api/v2/document?perPage=100');
      const listed = (found.body.data as { id: number; useLegacyFieldInsertion: boolean }[]).find(
        (d) => d.id === legacy.documentId,
      );
      assert.equal(listed?.useLegacyFieldInsertion, true);
    });

    test('it is fixed once the document is sent, and a copy keeps it', async () => {
      const created = await createDocument(server.api, payload());
      const documentId = created.body.id as number;
      await server.api.post('/api/v2/document/update', {
        json: { documentId, data: { useLegacyFieldInsertion: true } },
      });
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const late = await server.api.post('/api/v2/document/update', {
        json: { documentId, data: { title: 'Otra', useLegacyFieldInsertion: false } },
      });
      assert.equal(late.status, 400, JSON.stringify(late.body));
      assert.equal(late.body.code, 'ENVELOPE_NOT_DRAFT');
      assert.deepEqual(late.body.issues[0].path, ['data', 'useLegacyFieldInsertion']);
      const after = await server.api.get(`/api/v2/document/${documentId}`);
      assert.deepEqual(
        [after.body.title, after.body.useLegacyFieldInsertion],
        ['Disposición', true],
        'nothing changed',
      );
      // The same value again is no change: allowed with the rest of the update.
      const same = await server.api.post('/api/v2/document/update', {
        json: { documentId, data: { title: 'Otra', useLegacyFieldInsertion: true } },
      });
      assert.equal(same.status, 200, JSON.stringify(same.body));

      const copy = await server.api.post('/api/v2/document/duplicate', { json: { documentId } });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      const copied = await server.api.get(`/api/v2/document/${copy.body.documentId}`);
      assert.equal(copied.body.useLegacyFieldInsertion, true);
    });

    test("a template's setting goes to the documents made from it", async () => {
      const template = await createRentalTemplate(server.api);
      const updated = await server.api.post('/api/v2/template/update', {
        json: { templateId: template.templateId, data: { useLegacyFieldInsertion: true } },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal(updated.body.useLegacyFieldInsertion, true);
      const got = await server.api.get(`/api/v2/template/${template.templateId}`);
      assert.equal(got.body.useLegacyFieldInsertion, true);
      const used = await server.api.post('/api/v2/template/use', {
        json: { templateId: template.templateId, recipients: [] },
      });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      const made = await server.api.get(`/api/v2/document/${used.body.id}`);
      assert.equal(made.body.useLegacyFieldInsertion, true);
    });

    test("another platform's document is not changed", async () => {
      const created = await createDocument(server.api, payload());
      const other = await server.newPlatform();
      const res = await other.post('/api/v2/document/update', {
        json: { documentId: created.body.id, data: { useLegacyFieldInsertion: true } },
      });
      assert.equal(res.status, 404, JSON.stringify(res.body));
      const doc = await server.api.get(`/api/v2/document/${created.body.id}`);
      assert.equal(doc.body.useLegacyFieldInsertion, false);
    });
  });
}
