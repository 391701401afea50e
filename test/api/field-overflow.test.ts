import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument } from '../helpers/documents.js';
import { CONSENT, tokenOf, valueFor, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig, pdfToText } from '../support/pdf-tools.js';

/**
 * A value never loses characters when it is burned in, however small its box: it shrinks to the
 * 6 pt floor, wraps, and then runs past the box (issue 33: dates sealed as `2026-11-28…`).
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
