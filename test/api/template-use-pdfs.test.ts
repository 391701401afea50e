import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, CUIL_B, createDocument, multipartBody, typicalPayload } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { formPdf, textPdf } from '../support/form-fixtures.js';
import { pdfsig, pdfToText } from '../support/pdf-tools.js';
import { wordBoxes } from '../support/poppler.js';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';

/**
 * A document from a template with other PDFs than the template's own: `formValues` filled into
 * the template's form, a replacement by documentDataId (`customDocumentDataId`,
 * `customDocumentData`), or a file sent to `/envelope/use`. Fields stay where the template put them.
 */

/** A 2-page TEMPLATE on a PDF with a form; each signer has a text field on page 1 and a signature on page 2. */
async function createFormTemplate(client: HttpClient) {
  const field = (type: string, page: number, positionX: number, positionY: number) => ({
    type,
    identifier: 'alta.pdf',
    page,
    positionX,
    positionY,
    width: 30,
    height: 6,
  });
  const res = await client.post('/api/v2/envelope/create', {
    body: multipartBody(
      {
        title: 'Alta (plantilla)',
        type: 'TEMPLATE',
        recipients: [
          {
            email: '',
            name: 'Titular',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [field('TEXT', 1, 10, 85), field('SIGNATURE', 2, 10, 80)],
          },
          {
            email: '',
            name: 'Garante',
            role: 'SIGNER',
            cuil: CUIL_B,
            fields: [field('TEXT', 1, 55, 85), field('SIGNATURE', 2, 55, 80)],
          },
        ],
      },
      [{ field: 'files', bytes: await formPdf({ pages: 2 }), name: 'alta.pdf' }],
    ),
  });
  if (res.status !== 200) throw new Error(`template create: ${res.status} ${JSON.stringify(res.body)}`);
  const envelope = (await client.get(`/api/v2/envelope/${res.body.id as string}`)).body;
  return {
    envelopeId: envelope.id as string,
    templateId: Number((envelope.secondaryId as string).replace('template_', '')),
    itemId: envelope.envelopeItems[0].id as string,
    recipients: (envelope.recipients as { id: number; name: string }[]).map((r, i) => ({
      id: r.id,
      email: `${r.name.toLowerCase()}@example.com`,
      name: r.name,
      cuil: i === 0 ? CUIL_A : CUIL_B,
    })),
  };
}

/** The documentDataId of a new document's PDF (document/create answers it on the document). */
async function documentDataOf(client: HttpClient, pdf: Uint8Array): Promise<string> {
  const created = await createDocument(client, typicalPayload(), pdf);
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const doc = await client.get(`/api/v2/document/${created.body.id}`);
  return doc.body.documentDataId as string;
}

for (const database of testDatabases()) {
  describe(`template use with formValues and replacement PDFs (${database})`, () => {
    let server: TestServer;
    let template: Awaited<ReturnType<typeof createFormTemplate>>;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
      template = await createFormTemplate(server.api);
    });
    after(() => server.close());

    const signAndFinal = async (doc: { id: number; recipients: { token: string }[] }) => {
      for (const r of doc.recipients) {
        const signed = await signAll(server.anon, r.token);
        assert.equal(signed.status, 200, JSON.stringify(signed.body));
      }
      await waitForStatus(server.api, doc.id, ['COMPLETED']);
      const final = await server.api.get(`/api/v2/document/${doc.id}/download`);
      assert.equal(final.status, 200);
      assert.match(pdfsig(final.bytes), /Signature is Valid/);
      // Fields stay where the template put them: each signer's text on page 1, at 10% and 55% across, 85% down.
      const { pages, words } = wordBoxes(final.bytes);
      const xs = words
        .filter((w) => w.page === 1 && w.text.includes('Falsa'))
        .map((w) => Math.round((w.xMin / pages[0]!.width) * 100));
      assert.equal(xs.length, 2, 'both signers’ text is on page 1');
      assert.ok(xs.some((x) => x >= 10 && x < 40) && xs.some((x) => x >= 55 && x < 85), `text at ${xs.join(', ')}%`);
      return pdfToText(final.bytes);
    };
    const originalText = async (envelopeId: string) => {
      const envelope = await server.api.get(`/api/v2/envelope/${envelopeId}`);
      const item = envelope.body.envelopeItems[0].id as string;
      const pdf = await server.api.get(`/api/v2/envelope/item/${item}/download?version=original`);
      assert.equal(pdf.status, 200);
      return pdfToText(pdf.bytes);
    };

    test('template/use with formValues → both sign → the final PDF shows them; the template keeps its form', async () => {
      for (const nombre of ['Primera Persona', 'Segunda Persona']) {
        const res = await server.api.post('/api/v2/template/use', {
          json: {
            templateId: template.templateId,
            recipients: template.recipients,
            distributeDocument: true,
            formValues: { nombre, plan: 'mensual' },
            override: { distributionMethod: 'NONE' },
          },
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(res.body.formValues, { nombre, plan: 'mensual' });
        const text = await signAndFinal(res.body);
        assert.match(text, new RegExp(nombre));
        assert.match(text, /Formulario de alta/);
      }
    });

    test('customDocumentData by documentDataId → both sign → the final PDF is the replacement, fields where they were', async () => {
      const beta = await server.api.post('/api/v2/document/create/beta', { json: { title: 'Reemplazo' } });
      const upload = await fetch(beta.body.uploadUrl as string, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: Buffer.from(await textPdf('Texto de reemplazo', 2)),
      });
      assert.equal(upload.status, 200);
      const documentDataId = (await server.api.get(`/api/v2/document/${beta.body.document.id}`)).body.documentDataId;
      assert.match(documentDataId, /^document_data_/);
      const res = await server.api.post('/api/v2/template/use', {
        json: {
          templateId: template.templateId,
          recipients: template.recipients,
          distributeDocument: true,
          customDocumentData: [{ documentDataId, envelopeItemId: template.itemId }],
          override: { distributionMethod: 'NONE' },
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.fields.length, 4);
      const text = await signAndFinal(res.body);
      assert.match(text, /Texto de reemplazo/);
      assert.doesNotMatch(text, /Formulario de alta/);
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: res.body.envelopeId });
      assert.deepEqual(
        verdict.checks.filter((c) => c.status === 'fail'),
        [],
        'the replacement PDF is the one the audit chain names',
      );

      // The legacy customDocumentDataId replaces the first item.
      const legacy = await server.api.post('/api/v2/template/use', {
        json: { templateId: template.templateId, recipients: [], customDocumentDataId: documentDataId },
      });
      assert.equal(legacy.status, 200, JSON.stringify(legacy.body));
      assert.match(await originalText(legacy.body.envelopeId), /Texto de reemplazo/);
      // The template still has its own PDF.
      assert.match(await originalText(template.envelopeId), /Formulario de alta/);
    });

    test('refusals: too few pages, unknown item, an item twice, unknown or another platform’s documentDataId, values the replacement’s form lacks', async () => {
      const onePage = await documentDataOf(server.api, await textPdf('Una sola página'));
      const twoPages = await documentDataOf(server.api, await textPdf('Dos páginas', 2));
      const other = await server.newPlatform('tenant-b-pdfs');
      const theirs = await documentDataOf(other, await textPdf('Ajeno', 2));
      const refused = async (
        body: Record<string, unknown>,
        status: number,
        code: string,
        path: (string | number)[],
      ) => {
        const before = [await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')];
        const res = await server.api.post('/api/v2/template/use', {
          json: { templateId: template.templateId, recipients: template.recipients, distributeDocument: true, ...body },
        });
        assert.equal(res.status, status, JSON.stringify(res.body));
        assert.equal(res.body.code, code, JSON.stringify(res.body));
        assert.ok(
          res.body.issues.some((i: { path: unknown }) => JSON.stringify(i.path) === JSON.stringify(path)),
          JSON.stringify(res.body.issues),
        );
        assert.deepEqual([await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')], before);
      };
      const replace = (documentDataId: string, envelopeItemId = template.itemId) => ({
        documentDataId,
        envelopeItemId,
      });
      await refused({ customDocumentDataId: onePage }, 400, 'CUSTOM_DOCUMENT_TOO_FEW_PAGES', ['customDocumentDataId']);
      await refused({ customDocumentData: [replace(onePage)] }, 400, 'CUSTOM_DOCUMENT_TOO_FEW_PAGES', [
        'customDocumentData',
        0,
      ]);
      await refused({ customDocumentData: [replace(twoPages, 'envelope_item_nope')] }, 400, 'CUSTOM_DOCUMENT_INVALID', [
        'customDocumentData',
        0,
        'envelopeItemId',
      ]);
      await refused({ customDocumentData: [replace(twoPages), replace(twoPages)] }, 400, 'CUSTOM_DOCUMENT_INVALID', [
        'customDocumentData',
        1,
        'envelopeItemId',
      ]);
      await refused({ customDocumentData: [replace('document_data_nope')] }, 404, 'NOT_FOUND', [
        'customDocumentData',
        0,
        'documentDataId',
      ]);
      await refused({ customDocumentData: [replace(theirs)] }, 404, 'NOT_FOUND', [
        'customDocumentData',
        0,
        'documentDataId',
      ]);
      await refused({ customDocumentDataId: twoPages, formValues: { nombre: 'x' } }, 400, 'PDF_HAS_NO_FORM', [
        'formValues',
      ]);
      await refused({ formValues: { nombre: 'x', color: 'rojo' } }, 400, 'FORM_FIELD_NOT_FOUND', [
        'formValues',
        'color',
      ]);
      await refused({ formValues: { acepta: 'sí' } }, 400, 'FORM_VALUE_INVALID', ['formValues', 'acepta']);
    });

    test('/envelope/use with files: each replaces the item customDocumentData names (by file name or index), with formValues filled', async () => {
      const use = (payload: Record<string, unknown>, files: { bytes: Uint8Array; name: string }[]) =>
        server.api.post('/api/v2/envelope/use', {
          body: multipartBody(
            { envelopeId: template.envelopeId, ...payload },
            files.map((f) => ({ field: 'files', ...f })),
          ),
        });
      const replacement = await formPdf({ staticText: 'Otro formulario', pages: 2 });
      const byName = await use(
        {
          customDocumentData: [{ identifier: 'nuevo.pdf', envelopeItemId: template.itemId }],
          formValues: { nombre: 'Eva Sosa' },
          recipients: template.recipients,
          distributeDocument: true,
          override: { distributionMethod: 'NONE' },
        },
        [{ bytes: replacement, name: 'nuevo.pdf' }],
      );
      assert.equal(byName.status, 200, JSON.stringify(byName.body));
      const text = await originalText(byName.body.id);
      assert.match(text, /Otro formulario/);
      assert.match(text, /Eva Sosa/);
      const pending = (await server.api.get(`/api/v2/envelope/${byName.body.id}`)).body;
      const final = await signAndFinal({
        id: Number(String(pending.secondaryId).replace('document_', '')),
        recipients: (byName.body.recipients as { signingUrl: string }[]).map((r) => ({ token: tokenOf(r.signingUrl) })),
      });
      assert.match(final, /Eva Sosa/);

      const byIndex = await use({ customDocumentData: [{ identifier: 0, envelopeItemId: template.itemId }] }, [
        { bytes: await textPdf('Por índice', 2), name: 'x.pdf' },
      ]);
      assert.equal(byIndex.status, 200, JSON.stringify(byIndex.body));
      assert.match(await originalText(byIndex.body.id), /Por índice/);

      const before = [await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')];
      const notPdf = await use({ customDocumentData: [{ identifier: 'a.pdf', envelopeItemId: template.itemId }] }, [
        { bytes: new TextEncoder().encode('no soy un PDF'), name: 'a.pdf' },
      ]);
      assert.equal(notPdf.status, 400);
      assert.equal(notPdf.body.code, 'NOT_A_PDF');
      const unknown = await use({ customDocumentData: [{ identifier: 'b.pdf', envelopeItemId: template.itemId }] }, [
        { bytes: replacement, name: 'a.pdf' },
      ]);
      assert.equal(unknown.status, 400);
      assert.equal(unknown.body.code, 'CUSTOM_DOCUMENT_INVALID');
      const short = await use({ customDocumentData: [{ identifier: 0, envelopeItemId: template.itemId }] }, [
        { bytes: await textPdf('Corto'), name: 'c.pdf' },
      ]);
      assert.equal(short.status, 400);
      assert.equal(short.body.code, 'CUSTOM_DOCUMENT_TOO_FEW_PAGES');
      assert.deepEqual([await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')], before);
    });
  });
}
