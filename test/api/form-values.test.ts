import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { createDocument, multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { formPdf, textPdf } from '../support/form-fixtures.js';
import { pdfsig, pdfToText } from '../support/pdf-tools.js';

/**
 * `formValues`: the PDF's own AcroForm fields filled and flattened when the PDF is stored
 * (document/create, create/beta's upload, envelope/create), checked first (unknown field, wrong
 * type, no form: 400 and nothing created), answered in GET, shown on the signing page's PDF and
 * in the sealed final.
 */

const VALUES = { nombre: 'María Núñez', acepta: true, plan: 'anual', provincia: 'Salta' };

for (const database of testDatabases()) {
  describe(`formValues fill the PDF's form (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
    });
    after(() => server.close());

    test('document/create → GET answers them → the signer’s PDF shows them → both sign → the sealed final holds them', async () => {
      const created = await createDocument(server.api, typicalPayload({ formValues: VALUES }), await formPdf());
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const doc = await server.api.get(`/api/v2/document/${created.body.id}`);
      assert.deepEqual(doc.body.formValues, VALUES);
      const envelope = await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`);
      assert.deepEqual(envelope.body.formValues, VALUES);

      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const tokens = (sent.body.recipients as { role: string; signingUrl: string }[])
        .filter((r) => r.role === 'SIGNER')
        .map((r) => tokenOf(r.signingUrl));
      const item = envelope.body.envelopeItems[0].id as string;
      const seen = await server.anon.get(`/api/v2/signing/${tokens[0]}/item/${item}`);
      assert.equal(seen.status, 200);
      const seenText = pdfToText(seen.bytes);
      assert.match(seenText, /María Núñez/, 'the signing page’s PDF shows the filled form');
      assert.match(seenText, /Salta/);

      for (const token of tokens) {
        const signed = await signAll(server.anon, token);
        assert.equal(signed.status, 200, JSON.stringify(signed.body));
      }
      await waitForStatus(server.api, created.body.id, ['COMPLETED']);
      const final = await server.api.get(`/api/v2/document/${created.body.id}/download`);
      assert.equal(final.status, 200);
      const text = pdfToText(final.bytes);
      assert.match(text, /María Núñez/);
      assert.match(text, /Salta/);
      assert.match(text, /Formulario de alta/);
      assert.match(pdfsig(final.bytes), /Signature is Valid/);

      // The evidence holds: the stored (filled) PDF is the one the audit chain names.
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: created.body.envelopeId });
      const failed = verdict.checks.filter((c) => c.status === 'fail');
      assert.deepEqual(failed, [], JSON.stringify(failed));

      // A copy of the completed document is a new DRAFT: nothing of the original's completion
      // (its certificate) comes with it, so its own evidence holds too.
      const copy = await server.api.post('/api/v2/envelope/duplicate', {
        json: { envelopeId: created.body.envelopeId },
      });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      const copied = await verifyEnvelopeEvidence(server.ctx, { publicId: copy.body.id });
      assert.deepEqual(
        copied.checks.filter((c) => c.status === 'fail'),
        [],
        JSON.stringify(copied.checks),
      );
    });

    test('refusals name the field; nothing is created', async () => {
      const refused = async (formValues: unknown, pdf: Uint8Array, code: string, path: (string | number)[]) => {
        const before = [await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')];
        const res = await createDocument(server.api, typicalPayload({ formValues }), pdf);
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, code, JSON.stringify(res.body));
        assert.ok(
          res.body.issues.some((i: { path: unknown }) => JSON.stringify(i.path) === JSON.stringify(path)),
          JSON.stringify(res.body.issues),
        );
        assert.deepEqual([await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')], before);
      };
      const pdf = await formPdf();
      await refused({ nada: 'x' }, pdf, 'FORM_FIELD_NOT_FOUND', ['payload', 'formValues', 'nada']);
      await refused({ acepta: 'si' }, pdf, 'FORM_VALUE_INVALID', ['payload', 'formValues', 'acepta']);
      await refused({ plan: 'semanal' }, pdf, 'FORM_VALUE_INVALID', ['payload', 'formValues', 'plan']);
      await refused({ provincia: true }, pdf, 'FORM_VALUE_INVALID', ['payload', 'formValues', 'provincia']);
      await refused({ nombre: true }, pdf, 'FORM_VALUE_INVALID', ['payload', 'formValues', 'nombre']);
      await refused({ nombre: 'x'.repeat(41) }, pdf, 'FORM_VALUE_INVALID', ['payload', 'formValues', 'nombre']);
      await refused({ nombre: 'x' }, await onePagePdf(), 'PDF_HAS_NO_FORM', ['payload', 'formValues']);
      await refused({ nombre: 'x', otro: 1 }, pdf, 'FORM_FIELD_NOT_FOUND', ['payload', 'formValues', 'otro']);
      // A number is a text field's value; {} and null are "none".
      const numeric = await createDocument(server.api, typicalPayload({ formValues: { nombre: 42 } }), pdf);
      assert.equal(numeric.status, 200, JSON.stringify(numeric.body));
      for (const none of [{}, null]) {
        const plain = await createDocument(server.api, typicalPayload({ formValues: none }), await onePagePdf());
        assert.equal(plain.status, 200, JSON.stringify(plain.body));
      }
    });

    test('create/beta: the values wait for the upload, which they must fit; the stored PDF is filled', async () => {
      const beta = await server.api.post('/api/v2/document/create/beta', {
        json: { title: 'Alta por URL', formValues: { nombre: 'Carla Pérez', provincia: 'Cordoba' } },
      });
      assert.equal(beta.status, 200, JSON.stringify(beta.body));
      assert.deepEqual(beta.body.document.formValues, { nombre: 'Carla Pérez', provincia: 'Cordoba' });
      const put = (body: Uint8Array) =>
        fetch(beta.body.uploadUrl as string, {
          method: 'PUT',
          headers: { 'content-type': 'application/pdf' },
          body: Buffer.from(body),
        });
      const noForm = await put(await onePagePdf());
      assert.equal(noForm.status, 400);
      assert.equal(((await noForm.json()) as { code: string }).code, 'PDF_HAS_NO_FORM');
      const id = beta.body.document.id as number;
      assert.equal((await server.api.get(`/api/v2/document/${id}`)).body.envelopeItems.length, 0, 'URL kept');
      const ok = await put(await formPdf());
      assert.equal(ok.status, 200, await ok.text());
      const original = await server.api.get(`/api/v2/document/${id}/download?version=original`);
      assert.equal(original.status, 200);
      assert.match(pdfToText(original.bytes), /Carla Pérez/);
    });

    test('envelope/create: values fill the files whose form has the field; a file without a form stays as sent', async () => {
      const res = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody({ title: 'Dos archivos', type: 'DOCUMENT', formValues: { nombre: 'Diego Ruiz' } }, [
          { field: 'files', bytes: await formPdf(), name: 'alta.pdf' },
          { field: 'files', bytes: await textPdf('Anexo sin formulario'), name: 'anexo.pdf' },
        ]),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const envelope = await server.api.get(`/api/v2/envelope/${res.body.id}`);
      assert.deepEqual(envelope.body.formValues, { nombre: 'Diego Ruiz' });
      const texts: string[] = [];
      for (const item of envelope.body.envelopeItems as { id: string }[]) {
        const pdf = await server.api.get(`/api/v2/envelope/item/${item.id}/download?version=original`);
        assert.equal(pdf.status, 200, JSON.stringify(pdf.body));
        texts.push(pdfToText(pdf.bytes));
      }
      assert.ok(texts.some((t) => /Diego Ruiz/.test(t)));
      assert.ok(texts.some((t) => /Anexo sin formulario/.test(t) && !/Diego Ruiz/.test(t)));
    });
  });
}
