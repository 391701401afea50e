import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createDocument, multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Nothing accepted and ignored: every member the API accepts either has its effect or is refused
 * with a specific 400 (and nothing written), while its "off" value is still accepted.
 */
const sig = (pageY: number) => ({ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY, width: 20, height: 5 });
/** The envelope flow names geometry differently; a recipient without fields is enough to create. */
const envelopePayload = (extra: Record<string, unknown>) => ({
  title: 'Sobre',
  recipients: [{ email: 'ana@example.com', name: 'Ana', role: 'SIGNER' }],
  ...extra,
});
const withField = (field: Record<string, unknown>) =>
  typicalPayload({
    recipients: [
      {
        ...typicalPayload().recipients[0],
        fields: [sig(80), { pageNumber: 1, pageX: 10, pageY: 40, width: 30, height: 5, ...field }],
      },
    ],
  });

for (const database of testDatabases()) {
  describe(`accepted members have their effect or are refused (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const envelopeCount = () => countRows(server, 'envelope');
    const createEnvelope = async (payload: unknown) =>
      server.api.post('/api/v2/envelope/create', {
        body: multipartBody(payload, [{ field: 'files', bytes: await onePagePdf() }]),
      });
    const draft = async () => {
      const created = await createDocument(server.api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      return { id: created.body.id as number, envelopeId: created.body.envelopeId as string };
    };
    const envelope = async (envelopeId: string) => (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;

    test('create refuses each unsupported member with its code and path; nothing is created', async () => {
      const before = await envelopeCount();
      const cases: [string, unknown, string, (string | number)[]][] = [
        [
          'formValues',
          typicalPayload({ formValues: { domicilio: 'Av. Siempre Viva 742' } }),
          'PDF_HAS_NO_FORM',
          ['payload', 'formValues'],
        ],
        [
          'meta.reminderSettings (a repeat without a first reminder)',
          typicalPayload({
            meta: { reminderSettings: { sendAfter: { disabled: true }, repeatEvery: { unit: 'day', amount: 2 } } },
          }),
          'REMINDER_SETTINGS_INVALID',
          ['payload', 'meta', 'reminderSettings'],
        ],
        [
          'meta.emailId',
          typicalPayload({ meta: { emailId: 'email_domain_1' } }),
          'EMAIL_SENDER_UNKNOWN',
          ['payload', 'meta', 'emailId'],
        ],
        [
          'fieldMeta.values.checked (radio, two checked)',
          withField({
            type: 'RADIO',
            fieldMeta: {
              values: [
                { id: 1, checked: true, value: 'Sí' },
                { id: 2, checked: true, value: 'No' },
              ],
            },
          }),
          'VALIDATION_ERROR',
          ['payload', 'recipients', 0, 'fields', 1, 'fieldMeta', 'values'],
        ],
        [
          'fieldMeta.defaultValue (not an option)',
          withField({ type: 'DROPDOWN', fieldMeta: { values: [{ value: 'A' }, { value: 'B' }], defaultValue: 'C' } }),
          'VALIDATION_ERROR',
          ['payload', 'recipients', 0, 'fields', 1, 'fieldMeta', 'defaultValue'],
        ],
        [
          'fieldMeta.numberFormat (not one of Documenso’s)',
          withField({ type: 'NUMBER', fieldMeta: { numberFormat: '0.00' } }),
          'FIELD_META_NOT_SUPPORTED',
          ['payload', 'recipients', 0, 'fields', 1, 'fieldMeta', 'numberFormat'],
        ],
        [
          'fieldMeta.value (number above maxValue)',
          withField({ type: 'NUMBER', fieldMeta: { value: '12', maxValue: 10 } }),
          'VALIDATION_ERROR',
          ['payload', 'recipients', 0, 'fields', 1, 'fieldMeta', 'value'],
        ],
        [
          'fieldMeta.value (number not in its format)',
          withField({ type: 'NUMBER', fieldMeta: { value: '1.234,5', numberFormat: '123,456,789.00' } }),
          'VALIDATION_ERROR',
          ['payload', 'recipients', 0, 'fields', 1, 'fieldMeta', 'value'],
        ],
      ];
      for (const [name, payload, code, path] of cases) {
        const res = await createDocument(server.api, payload);
        assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, name);
        assert.deepEqual(res.body.issues[0].path, path, name);
      }
      const delegated = await createEnvelope(envelopePayload({ delegatedDocumentOwner: 'owner@example.com' }));
      assert.equal(delegated.status, 400, JSON.stringify(delegated.body));
      // Accounts exist now: an address that is no member of the token's team is refused.
      assert.equal(delegated.body.code, 'DELEGATED_OWNER_NOT_MEMBER');
      assert.deepEqual(delegated.body.issues[0].path, ['payload', 'delegatedDocumentOwner']);
      // Folders exist now: an unknown one is a 404 naming the member, and nothing is created either.
      const envelopeFolder = await createEnvelope(envelopePayload({ folderId: 'folder_1' }));
      assert.equal(envelopeFolder.status, 404);
      assert.deepEqual(envelopeFolder.body.issues[0].path, ['payload', 'folderId']);
      assert.equal(await envelopeCount(), before, 'nothing was created');
    });

    test('the off values of refused members are accepted (SDK defaults)', async () => {
      const offMeta = { reminderSettings: null, emailId: null, allowDictateNextSigner: false, language: 'es' };
      const doc = await createDocument(
        server.api,
        typicalPayload({ folderId: null, visibility: 'EVERYONE', formValues: {}, meta: offMeta }),
      );
      assert.equal(doc.status, 200, JSON.stringify(doc.body));
      const disabled = await createDocument(
        server.api,
        typicalPayload({
          formValues: null,
          meta: { reminderSettings: { sendAfter: { disabled: true }, repeatEvery: { disabled: true } } },
        }),
      );
      assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
      const env = await createEnvelope(
        envelopePayload({ folderId: null, delegatedDocumentOwner: null, visibility: 'EVERYONE' }),
      );
      assert.equal(env.status, 200, JSON.stringify(env.body));
      for (const field of [
        { type: 'TEXT', fieldMeta: { overflow: 'auto' } },
        { type: 'RADIO', fieldMeta: { values: [{ id: 1, checked: false, value: 'Sí' }] } },
        { type: 'DROPDOWN', fieldMeta: { values: [{ value: 'A' }], defaultValue: '' } },
        { type: 'NUMBER', fieldMeta: { numberFormat: null, value: '' } },
      ]) {
        const res = await createDocument(server.api, withField(field));
        assert.equal(res.status, 200, `${field.type}: ${JSON.stringify(res.body)}`);
      }
    });

    test('envelope/update stores meta (merged, audited by member name) on a DRAFT and on a PENDING envelope', async () => {
      const { id, envelopeId } = await draft();
      const res = await server.api.post('/api/v2/envelope/update', {
        json: {
          envelopeId,
          meta: {
            subject: 'Firmá el contrato',
            message: 'Gracias',
            emailReplyTo: 'legales@example.com',
            redirectUrl: 'https://example.com/listo',
            language: 'es',
            signingOrder: 'SEQUENTIAL',
            dateFormat: 'dd/MM/yyyy',
          },
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      let meta = (await envelope(envelopeId)).documentMeta;
      assert.equal(meta.subject, 'Firmá el contrato');
      assert.equal(meta.message, 'Gracias');
      assert.equal(meta.emailReplyTo, 'legales@example.com');
      assert.equal(meta.redirectUrl, 'https://example.com/listo');
      assert.equal(meta.language, 'es');
      assert.equal(meta.signingOrder, 'SEQUENTIAL');
      assert.equal(meta.dateFormat, 'dd/MM/yyyy');
      const log = (await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?orderByDirection=desc`)).body.data;
      assert.equal(log[0].type, 'DOCUMENT_META_UPDATED');
      assert.ok(
        log[0].data.changed.includes('meta.subject') && log[0].data.changed.includes('meta.emailReplyTo'),
        JSON.stringify(log[0].data),
      );
      assert.ok(!JSON.stringify(log[0].data).includes('legales@example.com'), 'the audit names members, not values');

      const cleared = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId, meta: { emailReplyTo: null } },
      });
      assert.equal(cleared.status, 200);
      meta = (await envelope(envelopeId)).documentMeta;
      assert.equal(meta.emailReplyTo, null, 'null clears');
      assert.equal(meta.subject, 'Firmá el contrato', 'absent members keep their value');

      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const late = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId, meta: { subject: 'Recordatorio' } },
      });
      assert.equal(late.status, 200, JSON.stringify(late.body));
      assert.equal((await envelope(envelopeId)).documentMeta.subject, 'Recordatorio');
      const order = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId, meta: { signingOrder: 'PARALLEL' } },
      });
      assert.equal(order.status, 400);
      assert.equal(order.body.code, 'ENVELOPE_NOT_DRAFT');
      assert.deepEqual(order.body.issues[0].path, ['meta', 'signingOrder']);
      assert.equal((await envelope(envelopeId)).documentMeta.signingOrder, 'SEQUENTIAL');
    });

    test('envelope/update refuses unsupported members and changes nothing', async () => {
      const { envelopeId } = await draft();
      const before = await envelope(envelopeId);
      for (const [json, code, path] of [
        [
          {
            meta: {
              reminderSettings: { sendAfter: { disabled: true }, repeatEvery: { unit: 'week', amount: 1 } },
            },
          },
          'REMINDER_SETTINGS_INVALID',
          ['meta', 'reminderSettings'],
        ],
        [{ meta: { emailId: 'x' } }, 'EMAIL_SENDER_UNKNOWN', ['meta', 'emailId']],
      ] as const) {
        const res = await server.api.post('/api/v2/envelope/update', { json: { envelopeId, ...json } });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, code);
        assert.deepEqual(res.body.issues[0].path, path);
      }
      const ok = await server.api.post('/api/v2/envelope/update', {
        json: {
          envelopeId,
          data: { folderId: null, visibility: 'EVERYONE' },
          meta: { emailId: null, reminderSettings: null, allowDictateNextSigner: false },
        },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const after = await envelope(envelopeId);
      assert.equal(after.title, before.title);
      assert.deepEqual(after.documentMeta, before.documentMeta);
    });

    test('distribute refuses unsupported meta, given or stored before; clearing it in the same call sends', async () => {
      const { id, envelopeId } = await draft();
      const repeatOnly = { sendAfter: { disabled: true }, repeatEvery: { unit: 'week', amount: 1 } };
      const given = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE', reminderSettings: repeatOnly } },
      });
      assert.equal(given.status, 400);
      assert.equal(given.body.code, 'REMINDER_SETTINGS_INVALID');
      const stored = {
        ...(await envelope(envelopeId)).documentMeta,
        reminderSettings: repeatOnly,
      };
      await sql`update envelope set meta = ${JSON.stringify(stored)} where public_id = ${envelopeId}`.execute(
        server.ctx.db,
      );
      const refused = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'REMINDER_SETTINGS_INVALID');
      assert.equal((await envelope(envelopeId)).status, 'DRAFT');
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE', reminderSettings: null } },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
    });

    test('field create-many and update-many refuse unsound fieldMeta and change nothing', async () => {
      const { envelopeId } = await draft();
      const view = await envelope(envelopeId);
      const text = view.fields.find((f: { type: string }) => f.type === 'TEXT');
      const created = await server.api.post('/api/v2/envelope/field/create-many', {
        json: {
          envelopeId,
          data: [
            {
              recipientId: view.recipients[0].id,
              type: 'DROPDOWN',
              page: 1,
              positionX: 10,
              positionY: 20,
              width: 20,
              height: 5,
              fieldMeta: { values: [{ value: 'A' }], defaultValue: 'B' },
            },
          ],
        },
      });
      assert.equal(created.status, 400, JSON.stringify(created.body));
      assert.equal(created.body.code, 'VALIDATION_ERROR');
      assert.deepEqual(created.body.issues[0].path, ['data', 0, 'fieldMeta', 'defaultValue']);
      const updated = await server.api.post('/api/v2/envelope/field/update-many', {
        json: { envelopeId, data: [{ id: text.id, type: 'TEXT', fieldMeta: { overflow: 'diagonal' } }] },
      });
      assert.equal(updated.status, 400, JSON.stringify(updated.body));
      assert.equal(updated.body.code, 'VALIDATION_ERROR');
      assert.deepEqual((await envelope(envelopeId)).fields, view.fields);
    });

    test('find filters Firma cannot match narrow the answer to nothing instead of being dropped', async () => {
      await draft();
      const count = async (query: string) => (await server.api.get(`/api/v2/envelope?${query}`)).body.count as number;
      assert.ok((await count('source=DOCUMENT')) > 0);
      assert.equal(await count('source=TEMPLATE'), 0);
      assert.equal(await count('source=TEMPLATE_DIRECT_LINK'), 0);
      assert.equal(await count('templateId=1'), 0);
      assert.equal(await count('folderId=folder_1'), 0);
    });
  });
}
