import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expireRecipients } from '../../src/domain/signing/expire-recipients.js';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { CONSENT, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const ENVELOPE_KEYS = [
  'internalVersion',
  'type',
  'status',
  'source',
  'visibility',
  'templateType',
  'id',
  'secondaryId',
  'externalId',
  'createdAt',
  'updatedAt',
  'completedAt',
  'deletedAt',
  'title',
  'authOptions',
  'formValues',
  'publicTitle',
  'publicDescription',
  'userId',
  'teamId',
  'folderId',
  'templateId',
  'documentMeta',
  'recipients',
  'fields',
  'envelopeItems',
  'directLink',
  'team',
  'user',
].sort();

for (const database of testDatabases()) {
  describe(`envelope lifecycle: get, find, distribute, redistribute, cancel, delete, audit log (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    async function draft(title = 'Contrato de locación', externalId = 'ext-1') {
      const created = await createDocument(server.api, typicalPayload({ title, externalId }));
      assert.equal(created.status, 200);
      return created.body.envelopeId as string;
    }

    test('GET /envelope/{id} answers exactly the reference keys', async () => {
      const id = await draft();
      const res = await server.api.get(`/api/v2/envelope/${id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), ENVELOPE_KEYS);
      assert.equal(res.body.id, id);
      assert.equal(res.body.status, 'DRAFT');
      assert.equal(res.body.recipients.length, 3);
      assert.equal(res.body.fields.length, 4);
      assert.deepEqual(Object.keys(res.body.envelopeItems[0]).sort(), [
        'documentDataId',
        'envelopeId',
        'id',
        'order',
        'title',
      ]);
      assert.equal(res.body.directLink, null);
      assert.ok(!('password' in res.body.documentMeta));
      assert.ok(
        res.body.recipients.every((r: { token: string }) => r.token === ''),
        'no signing token in reads',
      );
    });

    test('GET /envelope finds with filters and pages; perPage above 100 is refused', async () => {
      const other = await server.newPlatform();
      const a = await draft('Alquiler Córdoba', 'find-a');
      const b = await draft('Compraventa Salta', 'find-b');
      await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: b, meta: { distributionMethod: 'NONE' } },
      });
      const all = await server.api.get('/api/v2/envelope?perPage=100');
      assert.equal(all.status, 200);
      assert.ok(all.body.count >= 2);
      assert.equal(all.body.perPage, 100);
      assert.equal(all.body.currentPage, 1);
      assert.equal(all.body.data[0].id, b, 'newest first');
      assert.ok(all.body.data[0].recipients.length === 3);

      const byTitle = await server.api.get(`/api/v2/envelope?query=${encodeURIComponent('Córdoba')}`);
      assert.deepEqual(
        byTitle.body.data.map((e: { id: string }) => e.id),
        [a],
      );
      assert.equal((await server.api.get('/api/v2/envelope?query=%25')).body.count, 0, '% is taken literally');
      assert.deepEqual(
        (await server.api.get('/api/v2/envelope?query=ALQUILER')).body.data.map((e: { id: string }) => e.id),
        [a],
        'case does not matter',
      );
      const ids = async (query: string) =>
        (await server.api.get(`/api/v2/envelope?query=${encodeURIComponent(query)}`)).body.data.map(
          (e: { id: string }) => e.id,
        );
      assert.deepEqual(await ids('CÓRDOBA'), [a], 'accented capitals fold too');
      const beyond = await server.api.get(`/api/v2/envelope?query=${encodeURIComponent('Córdoba')}&page=3&perPage=1`);
      assert.deepEqual(
        [beyond.body.data.length, beyond.body.count],
        [0, 1],
        'a page past the matches still counts them',
      );
      const none = await server.api.get(`/api/v2/envelope?query=${encodeURIComponent('no such title')}`);
      assert.deepEqual([none.body.data.length, none.body.count, none.body.totalPages], [0, 0, 0]);
      assert.deepEqual(await ids('quiler Cór'), [a], 'a substring across words');
      assert.deepEqual(await ids('RD'), [a], 'below three characters, still a substring');
      assert.deepEqual(await ids('"Salta'), [], 'quotes are literal, not search syntax');
      assert.deepEqual(await ids('Córdoba OR Salta'), [], 'no operators either');
      const renamed = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: a, data: { title: 'Alquiler Rosario' } },
      });
      assert.equal(renamed.status, 200);
      assert.deepEqual(await ids('Córdoba'), [], 'the old title is no longer found');
      assert.deepEqual(await ids('rosario'), [a], 'the new title is');
      const byExternal = await server.api.get('/api/v2/envelope?query=find-b');
      assert.deepEqual(
        byExternal.body.data.map((e: { id: string }) => e.id),
        [b],
      );
      const pending = await server.api.get('/api/v2/envelope?status=PENDING');
      assert.ok(pending.body.data.every((e: { status: string }) => e.status === 'PENDING'));
      assert.ok(pending.body.data.some((e: { id: string }) => e.id === b));

      const page1 = await server.api.get('/api/v2/envelope?perPage=1&page=1');
      const page2 = await server.api.get('/api/v2/envelope?perPage=1&page=2');
      assert.equal(page1.body.totalPages, page1.body.count);
      assert.notEqual(page1.body.data[0].id, page2.body.data[0].id);

      for (const bad of ['perPage=101', 'perPage=0', 'page=0', 'status=SIGNED', 'orderByDirection=up']) {
        const res = await server.api.get(`/api/v2/envelope?${bad}`);
        assert.equal(res.status, 400, bad);
        assert.equal(res.body.code, 'VALIDATION_ERROR');
      }
      const foreign = await other.get('/api/v2/envelope');
      assert.equal(foreign.body.count, 0, 'another platform sees none of them');
    });

    test('distribute answers the signing URLs; distributing again changes nothing', async () => {
      const id = await draft();
      const res = await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.success, true);
      assert.equal(res.body.id, id);
      assert.equal(res.body.recipients.length, 3, 'every recipient, the CC too (as Documenso answers)');
      for (const r of res.body.recipients)
        if (r.role === 'CC') assert.deepEqual([r.token, r.signingUrl], ['', ''], 'the CC gets no link');
        else assert.equal(r.signingUrl, `${server.url}/sign/${r.token}`);
      const again = await server.api.post('/api/v2/envelope/distribute', { json: { envelopeId: id } });
      assert.deepEqual(again.body, res.body);
    });

    test('redistribute renews an expired recipient; refuses DRAFT, unknown and finished recipients', async () => {
      const id = await draft();
      const refusedDraft = await server.api.post('/api/v2/envelope/redistribute', {
        json: { envelopeId: id, recipients: [1] },
      });
      assert.equal(refusedDraft.status, 400);
      assert.equal(refusedDraft.body.code, 'ENVELOPE_NOT_PENDING');

      const sent = await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: id, meta: { distributionMethod: 'NONE' } },
      });
      const ana = sent.body.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      const env = await server.api.get(`/api/v2/envelope/${id}`);
      const cc = env.body.recipients.find((r: { role: string }) => r.role === 'CC');
      await server.ctx.db
        .updateTable('recipient')
        .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', ana.id)
        .execute();
      assert.equal((await server.anon.get(`/api/v2/signing/${ana.token}`)).body.state, 'expired');

      // The sweep reports the lapse once: an audit entry and one RECIPIENT_EXPIRED event.
      assert.equal(await expireRecipients(server.ctx), 1);
      assert.equal(await expireRecipients(server.ctx), 0);
      const envelopeRow = await server.ctx.db
        .selectFrom('envelope')
        .select('id')
        .where('publicId', '=', id)
        .executeTakeFirstOrThrow();
      const events = await server.ctx.db
        .selectFrom('event')
        .select('type')
        .where('envelopeId', '=', envelopeRow.id)
        .where('type', '=', 'RECIPIENT_EXPIRED')
        .execute();
      assert.equal(events.length, 1);
      const expiredList = await server.api.get('/api/v2/envelope?hasExpiredRecipients=true&perPage=100');
      assert.ok(expiredList.body.data.some((e: { id: string }) => e.id === id));

      for (const recipients of [[999_999], [cc.id]]) {
        const res = await server.api.post('/api/v2/envelope/redistribute', { json: { envelopeId: id, recipients } });
        assert.equal(res.status, 400, JSON.stringify(recipients));
        assert.ok(res.body.issues.length >= 1);
      }
      const renewed = await server.api.post('/api/v2/envelope/redistribute', {
        json: { envelopeId: id, recipients: [ana.id] },
      });
      assert.equal(renewed.status, 200);
      assert.equal(renewed.body.recipients.length, 1);
      assert.equal(renewed.body.recipients[0].token, ana.token, 'the same link keeps working');
      assert.equal((await server.anon.get(`/api/v2/signing/${ana.token}`)).body.state, 'ready');
      const after = await server.api.get(`/api/v2/envelope/${id}`);
      assert.equal(after.body.recipients.find((r: { id: number }) => r.id === ana.id).expirationNotifiedAt, null);
    });

    test('cancel stops the links; a second cancel is 400 ENVELOPE_CANCELLED; delete hides the envelope', async () => {
      const { envelopeId, urls } = await createPendingDocument(server.api);
      const token = tokenOf(urls.get('ana@example.com')!);
      const res = await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { success: true });
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`)).body.state, 'document_cancelled');
      const insert = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(insert.status, 409);
      const again = await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId } });
      assert.equal(again.status, 400);
      assert.equal(again.body.code, 'ENVELOPE_CANCELLED');
      const redistribute = await server.api.post('/api/v2/envelope/redistribute', {
        json: { envelopeId, recipients: [1] },
      });
      assert.equal(redistribute.body.code, 'ENVELOPE_NOT_PENDING');

      const deleted = await server.api.post('/api/v2/envelope/delete', { json: { envelopeId } });
      assert.equal(deleted.status, 200);
      assert.equal((await server.api.get(`/api/v2/envelope/${envelopeId}`)).status, 404);
      assert.equal((await server.api.post('/api/v2/envelope/delete', { json: { envelopeId } })).status, 404);
    });

    test('deleting a PENDING envelope cancels it: links die and a cancellation is recorded', async () => {
      const { envelopeId, urls } = await createPendingDocument(server.api);
      const token = tokenOf(urls.get('bruno@example.com')!);
      assert.equal((await server.api.post('/api/v2/envelope/delete', { json: { envelopeId } })).status, 200);
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`)).status, 404);
      const row = await server.ctx.db
        .selectFrom('envelope')
        .select(['id', 'status'])
        .where('publicId', '=', envelopeId)
        .executeTakeFirstOrThrow();
      assert.equal(row.status, 'CANCELLED');
      const events = await server.ctx.db.selectFrom('event').select('type').where('envelopeId', '=', row.id).execute();
      assert.ok(events.some((e) => e.type === 'DOCUMENT_CANCELLED'));
    });

    test('audit log: paged JSON with Documenso type names, in chain order', async () => {
      const { envelopeId, urls } = await createPendingDocument(server.api);
      await server.anon.get(`/api/v2/signing/${tokenOf(urls.get('ana@example.com')!)}`);
      const res = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=2`);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.length, 2);
      assert.ok(res.body.count >= 3);
      assert.equal(res.body.totalPages, Math.ceil(res.body.count / 2));
      const all = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`);
      const types = all.body.data.map((e: { type: string }) => e.type);
      assert.deepEqual(types.slice(0, 2), ['DOCUMENT_CREATED', 'DOCUMENT_SENT']);
      assert.ok(types.includes('DOCUMENT_OPENED'));
      assert.deepEqual(
        all.body.data.map((e: { seq: number }) => e.seq),
        [...all.body.data.keys()].map((i) => i + 1),
      );
      const desc = await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?orderByDirection=desc&perPage=1`);
      assert.equal(desc.body.data[0].seq, all.body.count);
      assert.equal((await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=500`)).status, 400);
    });

    test('other platform → 404 everywhere; read-only token → 403 on changes; no token → 401', async () => {
      const id = await draft();
      const other = await server.newPlatform();
      const reader = await server.newPlatform('default', 'read');
      assert.equal((await other.get(`/api/v2/envelope/${id}`)).status, 404);
      assert.equal((await other.get(`/api/v2/envelope/${id}/audit-log`)).status, 404);
      for (const [path, body] of [
        ['/api/v2/envelope/distribute', { envelopeId: id }],
        ['/api/v2/envelope/redistribute', { envelopeId: id, recipients: [1] }],
        ['/api/v2/envelope/cancel', { envelopeId: id }],
        ['/api/v2/envelope/delete', { envelopeId: id }],
      ] as const) {
        const foreign = await other.post(path, { json: body });
        assert.equal(foreign.status, 404, path);
        assert.equal(foreign.body.code, 'NOT_FOUND');
        assert.equal((await reader.post(path, { json: body })).status, 403, path);
        assert.equal((await server.anon.post(path, { json: body })).status, 401, path);
        const bad = await server.api.post(path, { json: {} });
        assert.equal(bad.status, 400, path);
      }
      assert.equal((await reader.get(`/api/v2/envelope/${id}`)).status, 200, 'reading needs only the read scope');
      assert.equal((await server.api.get('/api/v2/envelope/envelope_doesnotexist')).status, 404);
      const still = await server.api.get(`/api/v2/envelope/${id}`);
      assert.equal(still.body.status, 'DRAFT', 'refused calls changed nothing');
    });
  });
}
