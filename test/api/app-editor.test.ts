import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FIELD_TYPES } from '../../src/lib/vocabulary/field-types.js';
import { defaultPlatformId, firstAdmin, joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { CUIL_A, multipartBody, onePagePdf } from '../helpers/documents.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 38 item 1: the editor's app routes. Each change is the API's own use case for the member
 * (same checks, one transaction, the same audit entry), only on a DRAFT the member may see; every
 * refusal is a 4xx that changes nothing.
 */
for (const database of testDatabases()) {
  describe(`app editor: a draft's recipients, fields and settings through the API's use cases (${database})`, () => {
    let server: TestServer;
    let platformA: number;
    let admin: SessionClient;
    let plain: SessionClient;
    let adminB: SessionClient;
    let pdf: Uint8Array;

    const base = (id: string, platform = platformA) => `/api/app/platforms/${platform}/documents/${id}/editor`;

    /** A DRAFT made in the app (New document, saved as a draft) by `client`, with one signer. */
    const draft = async (client: SessionClient, title = 'Contrato') => {
      const made = await client.post(`/api/app/platforms/${platformA}/documents`, {
        body: multipartBody(
          {
            title,
            language: 'es',
            send: false,
            recipients: [{ name: 'Ana García', email: 'ana@example.com', role: 'SIGNER', cuil: CUIL_A }],
          },
          [{ field: 'file', bytes: pdf, name: 'c.pdf' }],
        ),
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const view = await client.get(base(made.body.id));
      assert.equal(view.status, 200, JSON.stringify(view.body));
      return view.body as {
        id: string;
        items: { id: string; pageCount: number }[];
        recipients: { id: number; name: string; email: string; cuil: string | null }[];
        fields: { id: number; type: string; page: number; positionX: number; fieldMeta: any }[];
      };
    };

    /** The envelope's audit entries and outbox events, as [type, data] without ids that differ by nature. */
    const trail = async (publicId: string) => {
      const envelope = await server.ctx.db
        .selectFrom('envelope')
        .select('id')
        .where('publicId', '=', publicId)
        .executeTakeFirstOrThrow();
      const audit = await server.ctx.db
        .selectFrom('auditEvent')
        .select(['type', 'data'])
        .where('envelopeId', '=', envelope.id)
        .orderBy('seq')
        .execute();
      const events = await server.ctx.db
        .selectFrom('event')
        .select('type')
        .where('envelopeId', '=', envelope.id)
        .execute();
      return { audit: audit.map((a) => [a.type, JSON.parse(a.data)]), events: events.map((e) => e.type).sort() };
    };
    const unchanged = async (publicId: string, action: () => Promise<void>) => {
      const before = await trail(publicId);
      const view = (await admin.get(base(publicId))).body;
      await action();
      assert.deepEqual(await trail(publicId), before, 'no audit entry, no event');
      assert.deepEqual((await admin.get(base(publicId))).body, view, 'the draft is as it was');
    };

    before(async () => {
      server = await startTestServer({ database, worker: false });
      admin = await firstAdmin(server);
      platformA = await defaultPlatformId(server);
      plain = await joinPlatform(server, admin, platformA, 'mia@firma.example', 'MEMBER');
      ({ admin: adminB } = await platformWithAdmin(server, 'bea@firma.example'));
      pdf = await onePagePdf();
    });
    after(() => server?.close());

    test('the view: items with their pages, recipients with their CUIL, no fields yet, the settings', async () => {
      const doc = await draft(admin);
      assert.equal(doc.items.length, 1);
      assert.equal(doc.items[0]!.pageCount, 1);
      assert.equal(
        (doc.items[0] as unknown as { pages: unknown[] }).pages.length,
        1,
        'each page’s size, to lay it out',
      );
      assert.deepEqual(
        doc.recipients.map((r) => [r.name, r.email, r.cuil]),
        [['Ana García', 'ana@example.com', CUIL_A]],
      );
      assert.deepEqual(doc.fields, []);
      const view = (await admin.get(base(doc.id))).body;
      assert.equal(view.meta.language, 'es');
      assert.equal(view.status, 'DRAFT');
      assert.ok(!JSON.stringify(view).includes('token'), 'no signing token or link');
    });

    test('a field of every type, moved, re-described and removed; recipients added, changed and removed', async () => {
      const doc = await draft(admin);
      const signer = doc.recipients[0]!.id;
      const types = FIELD_TYPES;
      const placed = await admin.post(`${base(doc.id)}/fields`, {
        json: {
          fields: types.map((type, i) => ({
            type,
            recipientId: signer,
            page: 1,
            positionX: 5 + (i % 4) * 22,
            positionY: 5 + Math.floor(i / 4) * 20,
            width: 20,
            height: 5,
          })),
        },
      });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assert.deepEqual(placed.body.fields.map((f: { type: string }) => f.type).sort(), [...types].sort());
      const text = placed.body.fields.find((f: { type: string }) => f.type === 'TEXT');
      const moved = await admin.post(`${base(doc.id)}/fields/update`, {
        json: {
          id: text.id,
          type: 'TEXT',
          positionX: 40.5,
          positionY: 60.25,
          width: 30,
          fieldMeta: { label: 'Domicilio', required: true, textAlign: 'center', validationPreset: 'dni' },
        },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      const after = moved.body.fields.find((f: { id: number }) => f.id === text.id);
      assert.deepEqual([after.positionX, after.positionY, after.width], [40.5, 60.25, 30]);
      assert.equal(after.fieldMeta.label, 'Domicilio');
      assert.equal(after.fieldMeta.validationPreset, 'dni');
      // The API sees the same field where the editor put it.
      const viaApi = await server.api.get(`/api/v2/envelope/${doc.id}`);
      const apiField = viaApi.body.fields.find((f: { id: number }) => f.id === text.id);
      assert.deepEqual([apiField.positionX, apiField.positionY], [40.5, 60.25]);

      const removed = await admin.post(`${base(doc.id)}/fields/delete`, { json: { fieldId: text.id } });
      assert.equal(removed.status, 200);
      assert.equal(removed.body.fields.length, types.length - 1);

      const added = await admin.post(`${base(doc.id)}/recipients`, {
        json: { name: 'Bruno', email: 'bruno@example.com', role: 'APPROVER', signingOrder: 2 },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const bruno = added.body.recipients.find((r: { email: string }) => r.email === 'bruno@example.com');
      const renamed = await admin.post(`${base(doc.id)}/recipients/update`, {
        json: { id: bruno.id, name: 'Bruno Díaz', signatureLevel: 'DIGITAL' },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      const changed = renamed.body.recipients.find((r: { id: number }) => r.id === bruno.id);
      assert.deepEqual([changed.name, changed.signatureLevel], ['Bruno Díaz', 'DIGITAL']);
      const gone = await admin.post(`${base(doc.id)}/recipients/delete`, { json: { recipientId: bruno.id } });
      assert.equal(gone.status, 200);
      assert.equal(gone.body.recipients.length, 1);

      const settings = await admin.post(`${base(doc.id)}/settings`, {
        json: {
          title: 'Contrato firmado',
          meta: {
            subject: 'Firmá el contrato',
            message: 'Hola',
            language: 'pt-BR',
            dateFormat: 'dd/MM/yyyy',
            timezone: 'America/Argentina/Buenos_Aires',
            redirectUrl: 'https://example.com/gracias',
            distributionMethod: 'EMAIL',
          },
        },
      });
      assert.equal(settings.status, 200, JSON.stringify(settings.body));
      assert.equal(settings.body.title, 'Contrato firmado');
      assert.equal(settings.body.meta.subject, 'Firmá el contrato');
      assert.equal(settings.body.meta.language, 'pt-BR');
      assert.equal(settings.body.meta.redirectUrl, 'https://example.com/gracias');

      // Sent by the app's distribute: the fields placed here are the ones signed.
      const sent = await admin.post(`/api/app/platforms/${platformA}/documents/${doc.id}/distribute`);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const refused = await admin.post(`${base(doc.id)}/fields/delete`, {
        json: { fieldId: placed.body.fields[0].id },
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.code, 'ENVELOPE_NOT_DRAFT');
    });

    test('the audit entries and events equal the API’s for the same changes (but for who made them)', async () => {
      const inApp = await draft(admin, 'Por la app');
      const byApi = await draft(admin, 'Por la API');
      const appBase = base(inApp.id);
      const signerApp = inApp.recipients[0]!.id;
      const signerApi = byApi.recipients[0]!.id;
      const box = { page: 1, positionX: 10, positionY: 10, width: 20, height: 5 };
      const app1 = await admin.post(`${appBase}/fields`, {
        json: { fields: [{ type: 'SIGNATURE', recipientId: signerApp, ...box }] },
      });
      const api1 = await server.api.post('/api/v2/envelope/field/create-many', {
        json: {
          envelopeId: byApi.id,
          data: [{ type: 'SIGNATURE', recipientId: signerApi, ...box }],
        },
      });
      assert.equal(app1.status, 200);
      assert.equal(api1.status, 200, JSON.stringify(api1.body));
      const appField = app1.body.fields[0].id;
      const apiField = api1.body.data[0].id;
      await admin.post(`${appBase}/fields/update`, { json: { id: appField, type: 'SIGNATURE', positionX: 30 } });
      await server.api.post('/api/v2/envelope/field/update-many', {
        json: {
          envelopeId: byApi.id,
          data: [{ id: apiField, type: 'SIGNATURE', positionX: 30 }],
        },
      });
      await admin.post(`${appBase}/recipients/update`, { json: { id: signerApp, name: 'Ana G.' } });
      await server.api.post('/api/v2/envelope/recipient/update-many', {
        json: {
          envelopeId: byApi.id,
          data: [{ id: signerApi, name: 'Ana G.' }],
        },
      });
      await admin.post(`${appBase}/settings`, { json: { meta: { subject: 'Hola' } } });
      await server.api.post('/api/v2/envelope/update', { json: { envelopeId: byApi.id, meta: { subject: 'Hola' } } });
      // Which field, recipient and document differ by nature: the rest must be the same.
      const ID_MEMBERS = new Set(['id', 'fieldId', 'fieldRecipientId', 'recipientId', 'title', 'documentTitle']);
      const ids = (entries: unknown[][]) =>
        JSON.parse(JSON.stringify(entries, (key, value: unknown) => (ID_MEMBERS.has(key) ? 'ID' : value)));
      const app = await trail(inApp.id);
      const api = await trail(byApi.id);
      assert.deepEqual(ids(app.audit), ids(api.audit));
      assert.deepEqual(app.events, api.events);
      assert.deepEqual(
        app.audit.slice(1).map(([type]) => type),
        ['FIELD_CREATED', 'FIELD_UPDATED', 'RECIPIENT_UPDATED', 'DOCUMENT_META_UPDATED'],
      );
    });

    test('bad input is a 4xx with its issues and changes nothing', async () => {
      const doc = await draft(admin);
      const signer = doc.recipients[0]!.id;
      const cases: [string, unknown, string][] = [
        [
          '/fields',
          { fields: [{ type: 'TEXT', recipientId: signer, page: 2, positionX: 1, positionY: 1, width: 5, height: 5 }] },
          'FIELD_OUT_OF_BOUNDS',
        ],
        [
          '/fields',
          {
            fields: [{ type: 'TEXT', recipientId: signer, page: 1, positionX: 90, positionY: 1, width: 20, height: 5 }],
          },
          'FIELD_OUT_OF_BOUNDS',
        ],
        [
          '/fields',
          {
            fields: [
              { type: 'WAX_SEAL', recipientId: signer, page: 1, positionX: 1, positionY: 1, width: 5, height: 5 },
            ],
          },
          'VALIDATION_ERROR',
        ],
        [
          '/fields',
          {
            fields: [
              {
                type: 'NUMBER',
                recipientId: signer,
                page: 1,
                positionX: 1,
                positionY: 1,
                width: 5,
                height: 5,
                fieldMeta: { numberFormat: 'roman' },
              },
            ],
          },
          'FIELD_META_NOT_SUPPORTED',
        ],
        ['/fields', { fields: [] }, 'VALIDATION_ERROR'],
        ['/recipients', { name: 'X', email: 'not an address', role: 'SIGNER' }, 'VALIDATION_ERROR'],
        ['/recipients', { name: 'X', email: 'x@example.com', role: 'SIGNER', cuil: '20123456780' }, 'VALIDATION_ERROR'],
        ['/recipients/update', { id: signer, signatureLevel: 'DIGITAL', role: 'CC' }, 'SIGNATURE_LEVEL_NOT_ALLOWED'],
        ['/settings', { meta: { redirectUrl: 'javascript:alert(1)' } }, 'VALIDATION_ERROR'],
        ['/settings', { title: '' }, 'VALIDATION_ERROR'],
      ];
      for (const [suffix, body, code] of cases)
        await unchanged(doc.id, async () => {
          const answer = await admin.post(base(doc.id) + suffix, { json: body });
          assert.ok(answer.status >= 400 && answer.status < 500, `${suffix} ${JSON.stringify(body)}: ${answer.status}`);
          assert.equal(answer.body.code, code, `${suffix} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
          assert.ok(typeof answer.body.message === 'string');
        });
    });

    test('no session, no CSRF token, another team, a hidden document, ids of another document: refused, nothing changes', async () => {
      const doc = await draft(admin);
      const other = await draft(admin, 'Otro');
      const signer = doc.recipients[0]!.id;
      const field = {
        type: 'SIGNATURE',
        recipientId: signer,
        page: 1,
        positionX: 1,
        positionY: 1,
        width: 10,
        height: 5,
      };
      const placed = await admin.post(`${base(other.id)}/fields`, {
        json: { fields: [{ ...field, recipientId: other.recipients[0]!.id }] },
      });
      const otherField = placed.body.fields[0].id;
      await unchanged(doc.id, async () => {
        const stranger = new SessionClient(server.url);
        assert.equal((await stranger.post(`${base(doc.id)}/fields`, { json: { fields: [field] } })).status, 401);
        const noCsrf = await admin.post(`${base(doc.id)}/fields`, { json: { fields: [field] }, csrf: false });
        assert.equal(noCsrf.status, 403, JSON.stringify(noCsrf.body));
        const wrongCsrf = await admin.post(`${base(doc.id)}/fields`, { json: { fields: [field] }, csrf: 'nope' });
        assert.equal(wrongCsrf.status, 403);
        // Team B's admin: on their own platform's path the document is unknown; on A's they are no member.
        const bPlatform = (await adminB.get('/api/app/platforms')).body.data[0].id as number;
        assert.equal((await adminB.get(base(doc.id, bPlatform))).status, 404);
        assert.equal(
          (await adminB.post(`${base(doc.id, bPlatform)}/fields`, { json: { fields: [field] } })).status,
          404,
        );
        assert.equal((await adminB.post(`${base(doc.id)}/fields`, { json: { fields: [field] } })).status, 404);
        // Ids of another document: not found on this one (the API's own lookups are per platform).
        const foreignRecipient = await admin.post(`${base(doc.id)}/recipients/delete`, {
          json: { recipientId: other.recipients[0]!.id },
        });
        assert.equal(foreignRecipient.status, 404);
        assert.equal(
          (await admin.post(`${base(doc.id)}/fields/delete`, { json: { fieldId: otherField } })).status,
          404,
        );
        assert.equal(
          (
            await admin.post(`${base(doc.id)}/fields/update`, {
              json: { id: otherField, type: 'SIGNATURE', positionX: 50 },
            })
          ).status,
          404,
        );
        assert.equal(
          (
            await admin.post(`${base(doc.id)}/fields`, {
              json: { fields: [{ ...field, recipientId: other.recipients[0]!.id }] },
            })
          ).status,
          400,
        );
      });
      assert.equal((await admin.get(base(other.id))).body.fields[0].positionX, 1, 'the other document’s field stayed');
      assert.equal((await admin.get(base(other.id))).body.recipients.length, 1);

      // A MEMBER may not see an ADMIN-only document: 404 for reading and changing alike.
      await server.api.post('/api/v2/envelope/update', { json: { envelopeId: doc.id, data: { visibility: 'ADMIN' } } });
      await unchanged(doc.id, async () => {
        assert.equal((await plain.get(base(doc.id))).status, 404);
        assert.equal((await plain.post(`${base(doc.id)}/fields`, { json: { fields: [field] } })).status, 404);
        assert.equal((await plain.post(`${base(doc.id)}/settings`, { json: { title: 'Mío' } })).status, 404);
      });
      // A template's id on the documents path (and a document's on the templates path) is unknown.
      const asTemplate = await admin.get(`/api/app/platforms/${platformA}/templates/${doc.id}/editor`);
      assert.equal(asTemplate.status, 404);
    });

    test('the PDF for pdf.js, and the template editor: a template read and changed the same way, never sent', async () => {
      const doc = await draft(admin);
      const pdfAnswer = await admin.get(`${base(doc.id)}/items/${doc.items[0]!.id}/pdf`);
      assert.equal(pdfAnswer.status, 200);
      assert.match(pdfAnswer.headers.get('content-type') ?? '', /application\/pdf/);
      assert.deepEqual(new Uint8Array(pdfAnswer.bytes), pdf, 'the upload, byte for byte');
      const other = await draft(admin, 'Otro');
      assert.equal((await admin.get(`${base(doc.id)}/items/${other.items[0]!.id}/pdf`)).status, 404);
      assert.equal((await adminB.get(`${base(doc.id)}/items/${doc.items[0]!.id}/pdf`)).status, 404);

      const template = await createRentalTemplate(server.api);
      const tplBase = `/api/app/platforms/${platformA}/templates/${template.envelopeId}/editor`;
      const view = await admin.get(tplBase);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.equal(view.body.type, 'TEMPLATE');
      assert.equal(view.body.fields.length, 6);
      assert.equal((await admin.get(`${tplBase}/items/${view.body.items[0].id}/pdf`)).status, 200);
      const landlord = view.body.recipients.find((r: { name: string }) => r.name === 'Locador');
      const placed = await admin.post(`${tplBase}/fields`, {
        json: {
          fields: [
            { type: 'DATE', recipientId: landlord.id, page: 1, positionX: 10, positionY: 90, width: 20, height: 4 },
          ],
        },
      });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assert.equal(placed.body.fields.length, 7);
      // A recipient of a template may have no address yet.
      const added = await admin.post(`${tplBase}/recipients`, { json: { name: 'Garante', email: '', role: 'SIGNER' } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.equal((await admin.get(base(template.envelopeId))).status, 404, 'a template is not a document');
    });

    test('a MEMBER edits their own draft; a sent document is refused with ENVELOPE_NOT_DRAFT and stays as it was', async () => {
      const mine = await draft(plain, 'De Mía');
      const signer = mine.recipients[0]!.id;
      const box = { page: 1, positionX: 10, positionY: 80, width: 30, height: 8 };
      const placed = await plain.post(`${base(mine.id)}/fields`, {
        json: { fields: [{ type: 'SIGNATURE', recipientId: signer, ...box }] },
      });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      const sent = await plain.post(`/api/app/platforms/${platformA}/documents/${mine.id}/distribute`);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      await unchanged(mine.id, async () => {
        for (const [suffix, body] of [
          ['/fields', { fields: [{ type: 'TEXT', recipientId: signer, ...box }] }],
          ['/fields/update', { id: placed.body.fields[0].id, type: 'SIGNATURE', positionX: 50 }],
          ['/recipients', { name: 'Otro', email: 'otro@example.com', role: 'CC' }],
          ['/recipients/update', { id: signer, name: 'Otra' }],
          ['/settings', { meta: { subject: 'tarde' } }],
        ] as const) {
          const answer = await plain.post(base(mine.id) + suffix, { json: body });
          assert.equal(answer.status, 400, suffix);
          assert.equal(answer.body.code, 'ENVELOPE_NOT_DRAFT', suffix);
        }
      });
      const view = await plain.get(base(mine.id));
      assert.equal(view.status, 200, 'a sent document still reads, for the page to say why it cannot change');
      assert.equal(view.body.status, 'PENDING');
    });
  });
}
