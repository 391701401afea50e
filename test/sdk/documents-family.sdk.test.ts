import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, onePagePdf } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { makePdf } from '../support/pdf-fixtures.js';

/**
 * The rest of the `document` family through Documenso's SDK: create/beta with its upload URL,
 * find, get-many, update, redistribute, download-beta with its link, duplicate, delete. The upload
 * PUT and the download link GET go over plain HTTP without a token, as a client does.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript against the document family (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    const putPdf = (url: string, bytes: Uint8Array) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: Buffer.from(bytes) });

    test('create/beta → PUT the PDF (fields placed) → find, get-many, update → redistribute → sign → download-beta', async () => {
      const pdf = await onePagePdf();
      const created = await sdk.documents.createV0({
        title: 'Beta contract',
        externalId: 'beta-1',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana',
            role: 'SIGNER',
            fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 }],
          },
          { email: 'carla@example.com', name: 'Carla', role: 'CC' },
        ],
        meta: { subject: 'Firmá', language: 'es' },
      });
      const documentId = created.document.id;
      assert.equal(created.document.status, 'DRAFT');
      assert.equal(created.document.title, 'Beta contract');
      assert.equal(created.document.recipients.length, 2);
      assert.deepEqual(created.document.fields, [], 'fields wait for the PDF');
      assert.deepEqual(created.document.envelopeItems, []);
      assert.match(created.uploadUrl, new RegExp(`^${server.url}/api/v2/uploads/[A-Za-z0-9_-]{40,}$`));

      // The SDK has no cuil member: set it over plain HTTP, as docs/identity-rules.md tells SDK users.
      const signer = created.document.recipients.find((r) => r.role === 'SIGNER')!;
      const cuil = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId: created.document.envelopeId, data: [{ id: signer.id, cuil: CUIL_A }] },
      });
      assert.equal(cuil.status, 200, JSON.stringify(cuil.body));

      await assert.rejects(
        sdk.documents.distribute({ documentId, meta: { distributionMethod: 'NONE' } }),
        (error: unknown) => {
          const e = error as { statusCode?: number; code?: string };
          assert.equal(e.statusCode, 400);
          assert.equal(e.code, 'ENVELOPE_HAS_NO_DOCUMENT');
          return true;
        },
      );

      const uploaded = await putPdf(created.uploadUrl, pdf);
      assert.equal(uploaded.status, 200);
      const receipt = (await uploaded.json()) as Record<string, unknown>;
      assert.equal(receipt.documentId, documentId);
      assert.equal(receipt.pageCount, 1);
      assert.equal(receipt.fieldCount, 1);
      const again = await putPdf(created.uploadUrl, pdf);
      assert.equal(again.status, 409);
      assert.equal(((await again.json()) as { code: string }).code, 'UPLOAD_ALREADY_USED');

      const doc = await sdk.documents.get({ documentId });
      assert.equal(doc.fields.length, 1);
      assert.equal(doc.fields[0]!.recipientId, signer.id);
      assert.equal(doc.envelopeItems.length, 1);

      // A template never shows in the document operations.
      const template = await server.api.post('/api/v2/envelope/create', {
        body: (() => {
          const form = new FormData();
          form.append('files', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), 't.pdf');
          form.append('payload', JSON.stringify({ title: 'Beta template', type: 'TEMPLATE' }));
          return form;
        })(),
      });
      assert.equal(template.status, 200, JSON.stringify(template.body));
      const templateDocId = (await server.api.get(`/api/v2/envelope/${template.body.id}`)).body.secondaryId.split(
        '_',
      )[1];

      const found = await sdk.documents.find({ query: 'Beta', orderByDirection: 'desc' });
      assert.deepEqual(
        found.data.map((d) => d.id),
        [documentId],
      );
      assert.equal(found.count, 1);
      assert.equal(found.data[0]!.envelopeId, created.document.envelopeId);
      assert.equal(found.data[0]!.recipients.length, 2);
      assert.equal((await sdk.documents.find({ status: 'PENDING' })).count, 0);
      assert.equal((await sdk.documents.find({ source: 'DOCUMENT', perPage: 1, page: 1 })).perPage, 1);

      const many = await sdk.document.documentGetMany({ documentIds: [documentId, Number(templateDocId), 999_999] });
      assert.deepEqual(
        many.data.map((d) => d.id),
        [documentId],
      );
      assert.equal(many.data[0]!.recipients.length, 2);

      const updated = await sdk.documents.update({
        documentId,
        data: { title: 'Beta contract v2', externalId: 'beta-2', useLegacyFieldInsertion: false },
      });
      assert.equal(updated.title, 'Beta contract v2');
      assert.equal(updated.externalId, 'beta-2');
      assert.equal(updated.id, documentId);

      const original = await sdk.document.documentDownload({ documentId, version: 'original' });
      assert.equal(original.contentType, 'application/pdf');
      assert.equal(original.filename, 'Beta contract.pdf');
      assert.match(original.downloadUrl, new RegExp(`^${server.url}/api/v2/downloads/`));
      const served = await fetch(original.downloadUrl);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'application/pdf');
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), Buffer.from(pdf));
      // The SDK declares no 409 for this operation: it surfaces as its generic API error, with the body.
      await assert.rejects(sdk.document.documentDownload({ documentId, version: 'signed' }), (error: unknown) => {
        const e = error as { statusCode?: number; body?: string };
        assert.equal(e.statusCode, 409);
        assert.equal((JSON.parse(e.body!) as { code: string }).code, 'DOCUMENT_NOT_COMPLETED');
        return true;
      });

      const distributed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
      const redistributed = await sdk.documents.redistribute({ documentId, recipients: [signer.id] });
      assert.equal(redistributed.success, true);

      const signed = await signAll(server.api, tokenOf(distributed.body.recipients[0].signingUrl));
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const final = await sdk.document.documentDownload({ documentId });
      assert.equal(final.filename, 'Beta contract_signed.pdf');
      const sealed = await fetch(final.downloadUrl);
      assert.equal(sealed.status, 200);
      const bytes = Buffer.from(await sealed.arrayBuffer());
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      assert.notDeepEqual(bytes, Buffer.from(pdf));
    });

    test('update stores meta', async () => {
      const created = await sdk.documents.createV0({ title: 'Meta' });
      await sdk.documents.update({ documentId: created.document.id, meta: { subject: 'Nuevo asunto' } });
      assert.equal((await sdk.documents.get({ documentId: created.document.id })).documentMeta.subject, 'Nuevo asunto');
    });

    test('duplicate → delete, through the SDK', async () => {
      const created = await sdk.documents.createV0({
        title: 'To copy',
        recipients: [{ email: 'ana@example.com', name: 'Ana', role: 'SIGNER' }],
      });
      assert.equal((await putPdf(created.uploadUrl, await onePagePdf())).status, 200);
      const copy = await sdk.documents.duplicate({ documentId: created.document.id });
      assert.match(copy.id, /^envelope_/);
      assert.notEqual(copy.documentId, created.document.id);
      const copied = await sdk.documents.get({ documentId: copy.documentId });
      assert.equal(copied.envelopeId, copy.id);
      assert.equal(copied.title, 'To copy');
      assert.equal(copied.recipients.length, 1);
      assert.equal(copied.envelopeItems.length, 1);

      assert.equal((await sdk.documents.delete({ documentId: copy.documentId })).success, true);
      await assert.rejects(
        sdk.documents.get({ documentId: copy.documentId }),
        (error: unknown) => (error as { statusCode?: number }).statusCode === 404,
      );
      assert.equal((await sdk.documents.get({ documentId: created.document.id })).status, 'DRAFT');
    });

    test('a PDF without the pages the fields name is refused and the URL kept; one that has them takes the fields', async () => {
      const created = await sdk.documents.createV0({
        title: 'Three pages',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana',
            role: 'SIGNER',
            fields: [{ type: 'SIGNATURE', pageNumber: 3, pageX: 10, pageY: 10, width: 20, height: 5 }],
          },
        ],
      });
      const short = await putPdf(created.uploadUrl, await onePagePdf());
      assert.equal(short.status, 400);
      const refusal = (await short.json()) as { code: string; issues: { path: unknown[] }[] };
      assert.equal(refusal.code, 'FIELD_OUT_OF_BOUNDS');
      assert.deepEqual(refusal.issues[0]!.path, ['recipients', 0, 'fields', 0, 'pageNumber']);
      assert.equal((await sdk.documents.get({ documentId: created.document.id })).envelopeItems.length, 0);

      const threePages = await makePdf([
        { mediaBox: [0, 0, 595, 842], label: '1' },
        { mediaBox: [0, 0, 595, 842], label: '2' },
        { mediaBox: [0, 0, 595, 842], label: '3' },
      ]);
      const fits = await putPdf(created.uploadUrl, threePages);
      assert.equal(fits.status, 200);
      const doc = await sdk.documents.get({ documentId: created.document.id });
      assert.equal(doc.fields[0]!.page, 3);
    });
  });
}
