import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, CUIL_B, createDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import { signAll, waitForStatus } from '../helpers/signing.js';
import { createRentalTemplate, TEMPLATE_FIELDS } from '../helpers/templates.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { pdfsig } from '../support/pdf-tools.js';
import { wordBoxes } from '../support/poppler.js';

type Template = Awaited<ReturnType<typeof createRentalTemplate>>;

/** The people who take the template's two roles, with the CUIL the spec requires of signers. */
const people = (t: Template) => [
  { id: t.landlord, email: 'ana@example.com', name: 'Ana García', cuil: CUIL_A },
  { id: t.tenant, email: 'bruno@example.com', name: 'Bruno Díaz', cuil: CUIL_B },
];

const prefills = (t: Template) => [
  { type: 'text', id: t.fields.address, value: 'Av. Siempreviva 742' },
  { type: 'number', id: t.fields.amount, value: '150000' },
  { type: 'dropdown', id: t.fields.period, value: 'Anual' },
];

for (const database of testDatabases()) {
  describe(`/template/use and /envelope/use: a document from a template (${database})`, () => {
    let server: TestServer;
    let template: Template;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
      template = await createRentalTemplate(server.api);
    });
    after(() => server.close());

    test('use with prefill and distributeDocument → both sign → the final PDF holds the prefilled values where the template put them, sealed', async () => {
      const receiver = await startReceiver();
      const hook = await server.api.post('/api/v2/webhook/create', {
        json: { url: `${receiver.url}/hook`, events: ['TEMPLATE_USED', 'DOCUMENT_CREATED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      try {
        const res = await server.api.post('/api/v2/template/use', {
          json: {
            templateId: template.templateId,
            recipients: people(template),
            distributeDocument: true,
            prefillFields: prefills(template),
            externalId: 'deal-42',
            override: { title: 'Locación — Ana y Bruno', distributionMethod: 'NONE' },
          },
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const doc = res.body;
        assert.equal(doc.status, 'PENDING');
        assert.equal(doc.source, 'TEMPLATE');
        assert.equal(doc.templateId, template.templateId);
        assert.equal(doc.title, 'Locación — Ana y Bruno');
        assert.equal(doc.externalId, 'deal-42');
        assert.equal(doc.documentMeta.dateFormat, 'dd/MM/yyyy', "the template's meta is copied");
        assert.deepEqual(doc.recipients.map((r: { email: string; name: string }) => [r.email, r.name]).sort(), [
          ['ana@example.com', 'Ana García'],
          ['bruno@example.com', 'Bruno Díaz'],
        ]);
        const prefilled = doc.fields.filter((f: { inserted: boolean }) => f.inserted);
        assert.equal(prefilled.length, 3);
        assert.ok(prefilled.every((f: { fieldMeta: { readOnly: boolean } }) => f.fieldMeta.readOnly));

        // The signer sees the prefilled fields filled and cannot change or empty them.
        const ana = doc.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
        const view = await server.anon.get(`/api/v2/signing/${ana.token}`);
        assert.equal(view.status, 200);
        const address = view.body.fields.find((f: { type: string; inserted: boolean }) => f.type === 'TEXT');
        assert.equal(address.inserted, true);
        assert.equal(address.customText, 'Av. Siempreviva 742');
        const overwrite = await server.anon.post(`/api/v2/signing/${ana.token}/field/${address.id}`, {
          json: { value: 'otra cosa' },
        });
        assert.equal(overwrite.status, 400);
        assert.equal(overwrite.body.code, 'FIELD_READ_ONLY');
        const emptied = await server.anon.delete(`/api/v2/signing/${ana.token}/field/${address.id}`);
        assert.equal(emptied.body.code, 'FIELD_READ_ONLY');

        for (const r of doc.recipients) {
          const signed = await signAll(server.anon, r.token);
          assert.equal(signed.status, 200, JSON.stringify(signed.body));
        }
        await waitForStatus(server.api, doc.id, ['COMPLETED']);
        const final = await server.api.get(`/api/v2/document/${doc.id}/download`);
        assert.equal(final.status, 200);
        assert.match(pdfsig(final.bytes), /Signature is Valid/);
        const { pages, words } = wordBoxes(final.bytes);
        const page = pages[0]!;
        const inBox = (text: string, box: { positionX: number; positionY: number; width: number; height: number }) => {
          const word = words.find((w) => w.page === 1 && w.text.includes(text));
          assert.ok(word, `${text} is printed on page 1`);
          const [x, y] = [(word.xMin + word.xMax) / 2, (word.yMin + word.yMax) / 2];
          assert.ok(
            x >= (box.positionX / 100) * page.width && x <= ((box.positionX + box.width) / 100) * page.width,
            text,
          );
          assert.ok(
            y >= (box.positionY / 100) * page.height && y <= ((box.positionY + box.height) / 100) * page.height,
            text,
          );
        };
        inBox('Siempreviva', TEMPLATE_FIELDS.address);
        inBox('150000', TEMPLATE_FIELDS.amount);
        inBox('Anual', TEMPLATE_FIELDS.period);
        inBox('Córdoba', TEMPLATE_FIELDS.tenantAddress);

        const log = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body.data;
        const created = log.find((e: { type: string }) => e.type === 'DOCUMENT_CREATED');
        assert.deepEqual(created.data.source, { type: 'TEMPLATE', templateId: template.templateId });
        assert.equal(log.filter((e: { type: string }) => e.type === 'DOCUMENT_FIELD_PREFILLED').length, 3);

        const listed = await server.api.get(`/api/v2/envelope?templateId=${template.templateId}`);
        assert.ok(listed.body.data.some((e: { id: string }) => e.id === doc.envelopeId));

        const [used] = await receiver.waitFor((w) => w.body.event === 'TEMPLATE_USED');
        assert.equal(used!.body.payload.id, doc.id);
        assert.equal(used!.body.payload.source, 'TEMPLATE');

        // The template itself is untouched: placeholders, empty fields.
        const after = await server.api.get(`/api/v2/envelope/${template.envelopeId}`);
        assert.equal(after.body.status, 'DRAFT');
        assert.ok(after.body.recipients.every((r: { email: string }) => r.email === ''));
        assert.ok(after.body.fields.every((f: { inserted: boolean }) => !f.inserted));
      } finally {
        await server.api.post('/api/v2/webhook/update', { json: { id: hook.body.id, enabled: false } });
        await receiver.close();
      }
    });

    test('without distributeDocument: a DRAFT; recipients not named keep the template’s placeholders', async () => {
      const folder = await server.api.post('/api/v2/folder/create', { json: { name: 'Alquileres', type: 'DOCUMENT' } });
      assert.equal(folder.status, 200, JSON.stringify(folder.body));
      const res = await server.api.post('/api/v2/template/use', {
        json: {
          templateId: template.templateId,
          recipients: [people(template)[0]],
          folderId: folder.body.id,
          attachments: [{ label: 'Inventario', data: 'https://example.com/inventario.pdf' }],
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.status, 'DRAFT');
      assert.equal(res.body.title, 'Contrato de locación (plantilla)');
      assert.deepEqual(res.body.recipients.map((r: { email: string; name: string }) => [r.email, r.name]).sort(), [
        ['', 'Locatario'],
        ['ana@example.com', 'Ana García'],
      ]);
      assert.equal(res.body.fields.length, 6);
      assert.ok(res.body.fields.every((f: { inserted: boolean }) => !f.inserted));
      const attachments = await server.api.get(`/api/v2/envelope/attachment?envelopeId=${res.body.envelopeId}`);
      assert.deepEqual(
        attachments.body.data.map((a: { label: string }) => a.label).sort(),
        ['Inventario', 'Reglamento'],
        "the template's attachment is copied beside the request's",
      );
      assert.equal(res.body.folderId, folder.body.id);

      // The sender's prefilled value does not lock its recipient, who can still be given a real address.
      const prefilled = await server.api.post('/api/v2/template/use', {
        json: { templateId: template.templateId, recipients: [], prefillFields: [prefills(template)[0]] },
      });
      assert.equal(prefilled.status, 200, JSON.stringify(prefilled.body));
      const landlord = prefilled.body.recipients.find((r: { name: string }) => r.name === 'Locador');
      const renamed = await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: { envelopeId: prefilled.body.envelopeId, data: [{ id: landlord.id, email: 'ana@example.com' }] },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    });

    test('/envelope/use (multipart) answers {id, recipients} with signing URLs when distributed', async () => {
      const res = await server.api.post('/api/v2/envelope/use', {
        body: multipartBody(
          {
            envelopeId: template.envelopeId,
            recipients: people(template),
            distributeDocument: true,
            prefillFields: [prefills(template)[0]],
            override: { distributionMethod: 'NONE' },
          },
          [],
        ),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.match(res.body.id, /^envelope_/);
      assert.equal(res.body.recipients.length, 2);
      for (const r of res.body.recipients) assert.match(r.signingUrl, /\/sign\//);
      const env = await server.api.get(`/api/v2/envelope/${res.body.id}`);
      assert.equal(env.body.status, 'PENDING');
      assert.equal(env.body.source, 'TEMPLATE');
      assert.equal(env.body.templateId, template.templateId);
    });

    test('an Idempotency-Key makes a retried use answer the first document instead of making a second', async () => {
      const before = await countRows(server, 'envelope');
      const call = () =>
        server.api.post('/api/v2/template/use', {
          headers: { 'idempotency-key': 'use-1' },
          json: { templateId: template.templateId, recipients: people(template), distributeDocument: true },
        });
      const first = await call();
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const again = await call();
      assert.equal(again.status, 200);
      assert.equal(again.body.id, first.body.id);
      assert.equal(await countRows(server, 'envelope'), before + 1);
    });

    describe('refusals change nothing', () => {
      const refused = async (
        body: Record<string, unknown>,
        status: number,
        code: string,
        path?: (string | number)[],
        client = server.api,
      ) => {
        const before = await countRows(server, 'envelope');
        const res = await client.post('/api/v2/template/use', {
          json: { templateId: template.templateId, recipients: people(template), ...body },
        });
        assert.equal(res.status, status, JSON.stringify(res.body));
        assert.equal(res.body.code, code);
        if (path)
          assert.ok(res.body.issues.some((i: { path: unknown }) => JSON.stringify(i.path) === JSON.stringify(path)));
        assert.equal(await countRows(server, 'envelope'), before, 'no envelope was created');
      };

      test('prefill of an unknown field, of the wrong type, with a value the field refuses', async () => {
        await refused({ prefillFields: [{ type: 'text', id: 999_999, value: 'x' }] }, 400, 'PREFILL_FIELD_NOT_FOUND', [
          'prefillFields',
          0,
          'id',
        ]);
        await refused(
          { prefillFields: [{ type: 'text', id: template.fields.amount, value: '12' }] },
          400,
          'PREFILL_FIELD_TYPE_MISMATCH',
          ['prefillFields', 0, 'type'],
        );
        await refused(
          { prefillFields: [{ type: 'number', id: template.fields.amount, value: 'doce' }] },
          400,
          'INVALID_FIELD_VALUE',
          ['prefillFields', 0, 'value'],
        );
        await refused(
          { prefillFields: [{ type: 'number', id: template.fields.amount, value: '20000000' }] },
          400,
          'INVALID_FIELD_VALUE',
        );
        await refused(
          { prefillFields: [{ type: 'dropdown', id: template.fields.period, value: 'Semanal' }] },
          400,
          'INVALID_FIELD_VALUE',
        );
        await refused(
          {
            prefillFields: [
              { type: 'text', id: template.fields.address, value: 'a' },
              { type: 'text', id: template.fields.address, value: 'b' },
            ],
          },
          400,
          'PREFILL_FIELD_NOT_FOUND',
          ['prefillFields', 1, 'id'],
        );
        await refused({ prefillFields: [{ type: 'text', id: 'x' }] }, 400, 'VALIDATION_ERROR');
      });

      test('a recipient id not in the template, or named twice', async () => {
        await refused({ recipients: [{ id: 987_654, email: 'x@example.com' }] }, 400, 'TEMPLATE_RECIPIENT_NOT_FOUND', [
          'recipients',
          0,
          'id',
        ]);
        await refused({ recipients: [...people(template), people(template)[0]] }, 400, 'TEMPLATE_RECIPIENT_NOT_FOUND', [
          'recipients',
          2,
          'id',
        ]);
        await refused({ recipients: [{ id: template.landlord, email: 'not-an-email' }] }, 400, 'VALIDATION_ERROR');
      });

      test('members Firma cannot act on are refused, not ignored', async () => {
        await refused({ formValues: { campo: 'x' } }, 400, 'PDF_HAS_NO_FORM', ['formValues']);
        await refused({ customDocumentDataId: 'data_1' }, 404, 'NOT_FOUND', ['customDocumentDataId']);
        await refused({ folderId: 'folder_nope' }, 404, 'NOT_FOUND');
      });

      test('distributeDocument that cannot be sent (a signer without CUIL) creates nothing', async () => {
        const [ana, bruno] = people(template);
        await refused(
          { recipients: [ana, { ...bruno, cuil: undefined }], distributeDocument: true },
          400,
          'RECIPIENT_INVALID_CUIL',
        );
      });

      test('another platform’s template and a document id are 404; 401 without a token; 403 read scope', async () => {
        const other = await server.newPlatform('tenant-b-use');
        const theirs = await createRentalTemplate(other);
        const before = await countRows(server, 'envelope');
        const res = await server.api.post('/api/v2/template/use', {
          json: { templateId: theirs.templateId, recipients: [{ id: theirs.landlord, email: 'x@example.com' }] },
        });
        assert.equal(res.status, 404);
        assert.equal(res.body.code, 'NOT_FOUND');
        const multipart = await server.api.post('/api/v2/envelope/use', {
          body: multipartBody({ envelopeId: theirs.envelopeId }, []),
        });
        assert.equal(multipart.status, 404);
        assert.equal(await countRows(server, 'envelope'), before);
        const theirView = await other.get(`/api/v2/envelope/${theirs.envelopeId}`);
        assert.ok(
          theirView.body.recipients.every((r: { email: string }) => r.email === ''),
          'their template untouched',
        );

        const document = await createDocument(server.api);
        await refused({ templateId: document.body.id, recipients: [] }, 404, 'NOT_FOUND');
        const envelopeUse = await server.api.post('/api/v2/envelope/use', {
          body: multipartBody({ envelopeId: document.body.envelopeId }, []),
        });
        assert.equal(envelopeUse.status, 404);

        await refused({}, 401, 'UNAUTHORIZED', undefined, server.anon);
        await refused({}, 403, 'FORBIDDEN', undefined, await server.newPlatform('reader-use', 'read'));
        await refused({ templateId: undefined }, 400, 'VALIDATION_ERROR');
      });

      test('/envelope/use with a replacement file that replaces no item is refused', async () => {
        const before = await countRows(server, 'envelope');
        const res = await server.api.post('/api/v2/envelope/use', {
          body: multipartBody({ envelopeId: template.envelopeId, recipients: people(template) }, [
            { field: 'files', bytes: await onePagePdf() },
          ]),
        });
        assert.equal(res.status, 400);
        assert.equal(res.body.code, 'CUSTOM_DOCUMENT_INVALID');
        assert.deepEqual(res.body.issues[0].path, ['files', 0]);
        assert.equal(await countRows(server, 'envelope'), before);
      });
    });
  });
}
