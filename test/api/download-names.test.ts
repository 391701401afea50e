import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** The name a client following RFC 6266/8187 saves the file under (what `curl -OJ` and browsers do). */
function savedName(header: string | null): string {
  assert.ok(header && /^[\x20-\x7e]+$/.test(header), `an ASCII header: ${header}`);
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  assert.ok(encoded, header);
  return decodeURIComponent(encoded);
}

for (const database of testDatabases()) {
  describe(`download file names keep accented titles whole (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server.close());

    test('v2 document and item downloads and the signer’s copy carry the exact UTF-8 name', async () => {
      const title = 'Contrato de Locación — Núñez';
      const doc = await createPendingDocument(server.api, typicalPayload({ title }));
      const original = await server.api.get(`/api/v2/document/${doc.documentId}/download?version=original`);
      assert.equal(original.status, 200);
      assert.equal(savedName(original.headers.get('content-disposition')), `${title}.pdf`);
      assert.match(original.headers.get('content-disposition')!, /filename="Contrato de Locacion _ Nunez\.pdf"/);

      const envelope = await server.api.get(`/api/v2/envelope/${doc.envelopeId}`);
      const item = envelope.body.envelopeItems[0] as { id: string };
      const pending = await server.api.get(`/api/v2/envelope/item/${item.id}/download?version=pending`);
      assert.equal(pending.status, 200);
      assert.equal(savedName(pending.headers.get('content-disposition')), `${title}_pending.pdf`);

      const token = tokenOf([...doc.urls.values()][0]!);
      const signer = await server.anon.get(`/api/v2/signing/${token}/item/${item.id}`);
      assert.equal(signer.status, 200);
      assert.equal(savedName(signer.headers.get('content-disposition')), `${title}.pdf`);
    });

    test('path separators, reserved and control characters never reach the name', async () => {
      const doc = await createPendingDocument(server.api, typicalPayload({ title: '../a/b\\c:d*e?\u0007f' }));
      const res = await server.api.get(`/api/v2/document/${doc.documentId}/download?version=original`);
      assert.equal(savedName(res.headers.get('content-disposition')), '_a_b_c_d_e_f.pdf');
    });
  });
}
