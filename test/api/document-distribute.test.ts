import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument, createPendingDocument, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { createApiToken } from '../../src/domain/auth/create-api-token.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`document distribute, download and certificate (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server.close());

    const count = async (table: 'event' | 'job' | 'auditEvent', envelopeId?: number) => {
      let q = server.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (envelopeId !== undefined && table !== 'job') q = q.where('envelopeId', '=', envelopeId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };

    test('the typical sequence: create, distribute with signing URLs, read PENDING', async () => {
      const created = await createDocument(server.api);
      const id = created.body.id as number;
      const res = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE', subject: 'Firmá' }, includeSigningUrls: true },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.status, 'PENDING');
      assert.equal(res.body.id, id);
      assert.equal(res.body.recipients.length, 2, 'the CC needs no action and gets no URL');
      for (const r of res.body.recipients) {
        assert.match(r.signingUrl, new RegExp(`^${server.url}/sign/[A-Za-z0-9_-]{43}$`));
        assert.deepEqual(Object.keys(r).sort(), ['email', 'id', 'name', 'role', 'signingOrder', 'signingUrl']);
      }
      const doc = await server.api.get(`/api/v2/document/${id}`);
      assert.equal(doc.body.status, 'PENDING');
      assert.equal(doc.body.documentMeta.subject, 'Firmá');
      assert.equal(doc.body.documentMeta.distributionMethod, 'NONE');
      for (const r of doc.body.recipients) {
        assert.equal(r.sendStatus, 'NOT_SENT', 'with NONE, Firma sends nothing');
        // The owner's full-scope token reads each acting recipient's signing token (Documenso's rule).
        const url = (res.body.recipients as { id: number; signingUrl: string }[]).find(
          (x) => x.id === r.id,
        )?.signingUrl;
        assert.equal(r.token, url ? url.split('/sign/')[1] : '');
        if (r.role !== 'CC')
          assert.ok(r.expiresAt > new Date(Date.now() + 80 * 86_400_000).toISOString(), 'expires in about 3 months');
      }
      const { token: readToken } = await createApiToken(server.ctx, { platformName: 'default', scope: 'read' });
      const asReader = await server.anon.get(`/api/v2/document/${id}`, {
        headers: { authorization: `Bearer ${readToken}` },
      });
      assert.ok(
        !JSON.stringify(asReader.body).includes(res.body.recipients[0].signingUrl.split('/sign/')[1]),
        'no token in a read-scope read',
      );
    });

    test('without includeSigningUrls, no URL or token appears anywhere', async () => {
      const created = await createDocument(server.api);
      const res = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.recipients, undefined);
      assert.doesNotMatch(JSON.stringify(res.body), /\/sign\//);
    });

    test('with e-mail distribution, the mails are queued and recipients marked SENT', async () => {
      const created = await createDocument(server.api);
      const jobsBefore = await count('job');
      const res = await server.api.post('/api/v2/document/distribute', { json: { documentId: created.body.id } });
      assert.equal(res.status, 200);
      assert.equal((await count('job')) - jobsBefore, 2, 'one signing-request mail per signer, none for the CC');
      const doc = await server.api.get(`/api/v2/document/${created.body.id}`);
      const sent = doc.body.recipients
        .filter((r: { sendStatus: string }) => r.sendStatus === 'SENT')
        .map((r: { role: string }) => r.role);
      assert.deepEqual(sent, ['SIGNER', 'SIGNER']);
    });

    test('SEQUENTIAL distribution mails only the first group', async () => {
      const payload = typicalPayload();
      payload.recipients[0] = { ...payload.recipients[0]!, signingOrder: 2 } as never;
      payload.recipients[1] = { ...payload.recipients[1]!, signingOrder: 1 } as never;
      const created = await createDocument(server.api, payload);
      await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { signingOrder: 'SEQUENTIAL' } },
      });
      const doc = await server.api.get(`/api/v2/document/${created.body.id}`);
      const sent = doc.body.recipients
        .filter((r: { sendStatus: string }) => r.sendStatus === 'SENT')
        .map((r: { email: string }) => r.email);
      assert.deepEqual(sent, ['bruno@example.com']);
    });

    test('distributing a PENDING document again returns the same URLs and sends or fires nothing', async () => {
      const { documentId, urls, envelopeId } = await createPendingDocument(server.api, typicalPayload(), {});
      const internalId = (
        await server.ctx.db
          .selectFrom('envelope')
          .select('id')
          .where('publicId', '=', envelopeId)
          .executeTakeFirstOrThrow()
      ).id;
      const before = {
        events: await count('event', internalId),
        audit: await count('auditEvent', internalId),
        jobs: await count('job'),
      };
      const again = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, includeSigningUrls: true },
      });
      assert.equal(again.status, 200);
      assert.equal(again.body.status, 'PENDING');
      assert.deepEqual(
        new Map(again.body.recipients.map((r: { email: string; signingUrl: string }) => [r.email, r.signingUrl])),
        urls,
      );
      assert.deepEqual(
        {
          events: await count('event', internalId),
          audit: await count('auditEvent', internalId),
          jobs: await count('job'),
        },
        before,
      );
    });

    test('refusals: no recipients, signer without signature field, signer without CUIL, missing email, final states', async () => {
      const cases: [string, unknown, string][] = [
        ['no recipients', { title: 'x' }, 'ENVELOPE_NO_RECIPIENTS'],
        [
          'signer without a signature field',
          {
            title: 'x',
            recipients: [
              {
                email: 'a@example.com',
                name: 'A',
                role: 'SIGNER',
                cuil: CUIL_A,
                fields: [{ type: 'TEXT', pageNumber: 1, pageX: 1, pageY: 1, width: 5, height: 5 }],
              },
            ],
          },
          'MISSING_SIGNATURE_FIELD',
        ],
        [
          'signer without a CUIL',
          {
            title: 'x',
            recipients: [
              {
                email: 'a@example.com',
                name: 'A',
                role: 'SIGNER',
                fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 1, pageY: 1, width: 5, height: 5 }],
              },
            ],
          },
          'RECIPIENT_INVALID_CUIL',
        ],
        [
          'approver without an email, by e-mail',
          { title: 'x', recipients: [{ email: '', name: 'A', role: 'APPROVER' }] },
          'RECIPIENT_MISSING_EMAIL',
        ],
      ];
      for (const [name, payload, code] of cases) {
        const created = await createDocument(server.api, payload);
        assert.equal(created.status, 200, name);
        const res = await server.api.post('/api/v2/document/distribute', { json: { documentId: created.body.id } });
        assert.equal(res.status, 400, name);
        assert.equal(res.body.code, code, `${name}: ${JSON.stringify(res.body)}`);
        assert.ok(res.body.issues.length >= 1);
        const doc = await server.api.get(`/api/v2/document/${created.body.id}`);
        assert.equal(doc.body.status, 'DRAFT', `${name}: nothing changed`);
      }
      const noMail = await createDocument(server.api, {
        title: 'x',
        recipients: [{ email: '', name: 'A', role: 'APPROVER' }],
      });
      const ok = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: noMail.body.id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(ok.status, 200, 'without e-mail distribution, an address is not needed');

      for (const status of ['COMPLETED', 'REJECTED', 'CANCELLED'] as const) {
        const created = await createDocument(server.api);
        await server.ctx.db.updateTable('envelope').set({ status }).where('id', '=', created.body.id).execute();
        const res = await server.api.post('/api/v2/document/distribute', { json: { documentId: created.body.id } });
        assert.equal(res.status, 400);
        assert.equal(res.body.code, `ENVELOPE_${status}`);
      }
    });

    test('invalid distribute bodies are 400 with issues', async () => {
      for (const body of [
        {},
        { documentId: 'x' },
        { documentId: 1, meta: { distributionMethod: 'FAX' } },
        { documentId: 1, meta: { timezone: 'Mars/Olympus' } },
        { documentId: 1, includeSigningUrls: 'yes' },
      ]) {
        const res = await server.api.post('/api/v2/document/distribute', { json: body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.code, 'VALIDATION_ERROR');
        assert.ok(res.body.issues.length > 0);
      }
      const bad = await server.api.post('/api/v2/document/distribute', {
        body: '{"documentId":',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'INVALID_JSON');
    });

    test('download: original byte for byte at any time; signed only when completed (409 otherwise)', async () => {
      const created = await createDocument(server.api);
      const original = await server.api.get(`/api/v2/document/${created.body.id}/download?version=original`);
      assert.equal(original.status, 200);
      assert.equal(original.headers.get('content-type'), 'application/pdf');
      assert.deepEqual(new Uint8Array(original.bytes), await onePagePdf());
      for (const path of [
        `/api/v2/document/${created.body.id}/download`,
        `/api/v2/document/${created.body.id}/download?version=signed`,
      ]) {
        const res = await server.api.get(path);
        assert.equal(res.status, 409);
        assert.equal(res.body.code, 'DOCUMENT_NOT_COMPLETED');
      }
      const badVersion = await server.api.get(`/api/v2/document/${created.body.id}/download?version=final`);
      assert.equal(badVersion.status, 400);
    });

    test('certificate: 409 while DRAFT and while PENDING', async () => {
      const draft = await createDocument(server.api);
      const r1 = await server.api.get(`/api/v2/document/${draft.body.id}/certificate`);
      assert.equal(r1.status, 409);
      assert.equal(r1.body.code, 'DOCUMENT_NOT_COMPLETED');
      const { documentId } = await createPendingDocument(server.api);
      const r2 = await server.api.get(`/api/v2/document/${documentId}/certificate`);
      assert.equal(r2.status, 409);
    });
  });
}
