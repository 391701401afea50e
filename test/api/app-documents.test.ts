import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import {
  defaultPlatformId,
  firstAdmin,
  joinPlatform,
  platformWithAdmin,
  SessionClient,
  type SessionRequest,
} from '../helpers/accounts.js';
import type { HttpClient } from '../helpers/http-client.js';
import { CUIL_A, multipartBody, onePagePdf } from '../helpers/documents.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, items 2 and 3 (server side): documents have owners (the app's member, or
 * `delegatedDocumentOwner` from the API), `visibility` decides which members see them, and the web
 * app's documents API lists, shows and acts on them through the API's own use cases — with the
 * tenant rules of the API: another team's ids, or a document the member may not see, answer 404 and
 * change nothing.
 */
const signer = (email: string, name: string) => ({ email, name, role: 'SIGNER', cuil: CUIL_A });
const sig = {
  type: 'SIGNATURE' as const,
  identifier: 'a.pdf',
  page: 1,
  positionX: 10,
  positionY: 80,
  width: 30,
  height: 8,
};

for (const database of testDatabases()) {
  describe(`app documents: owners, visibility and the app's document API (${database})`, () => {
    let server: TestServer;
    let platformA: number;
    let platformB: number;
    let admin: SessionClient;
    let manager: SessionClient;
    let plain: SessionClient;
    let adminB: SessionClient;
    let tokenB: HttpClient & { platformName: string };

    /** An envelope made through the public API with a token of platform A (or `client`). */
    const apiEnvelope = async (payload: Record<string, unknown>, client: HttpClient = server.api) => {
      const res = await client.post('/api/v2/envelope/create', {
        body: multipartBody(
          { type: 'DOCUMENT', recipients: [{ ...signer('ana@example.com', 'Ana García'), fields: [sig] }], ...payload },
          [{ field: 'files', bytes: await onePagePdf(), name: 'a.pdf' }],
        ),
      });
      return res;
    };
    const made = async (payload: Record<string, unknown>, client: HttpClient = server.api) => {
      const res = await apiEnvelope(payload, client);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.id as string;
    };
    const auditCount = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('auditEvent')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** The envelope's status, and ` deleted` once deleted: what an action would change. */
    const statusOf = async (publicId: string) => {
      const row = await server.ctx.db
        .selectFrom('envelope')
        .select(['status', 'deletedAt'])
        .where('publicId', '=', publicId)
        .executeTakeFirstOrThrow();
      return row.deletedAt ? `${row.status} deleted` : row.status;
    };

    before(async () => {
      server = await startTestServer({ database, worker: false });
      admin = await firstAdmin(server);
      platformA = await defaultPlatformId(server);
      manager = await joinPlatform(server, admin, platformA, 'max@firma.example', 'MANAGER');
      plain = await joinPlatform(server, admin, platformA, 'mia@firma.example', 'MEMBER');
      ({ admin: adminB, token: tokenB, platformId: platformB } = await platformWithAdmin(server, 'bea@firma.example'));
    });
    after(() => server?.close());

    test('delegatedDocumentOwner: a member of the token’s team owns it; anyone else is 400 and nothing is stored', async () => {
      const id = await made({ title: 'Delegated', delegatedDocumentOwner: ' Max@Firma.example ' });
      const got = await server.api.get(`/api/v2/envelope/${id}`);
      assert.deepEqual([got.body.user.name, got.body.user.email], ['max', 'max@firma.example']);
      const row = await server.ctx.db
        .selectFrom('envelope')
        .innerJoin('userAccount', 'userAccount.id', 'envelope.ownerUserId')
        .select('userAccount.email')
        .where('envelope.publicId', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(row.email, 'max@firma.example');

      const before = [await countRows(server, 'envelope'), await auditCount()];
      for (const email of ['nobody@firma.example', 'bea@firma.example']) {
        const refused = await apiEnvelope({ title: 'Delegated', delegatedDocumentOwner: email });
        assert.equal(refused.status, 400, JSON.stringify(refused.body));
        assert.equal(refused.body.code, 'DELEGATED_OWNER_NOT_MEMBER');
        assert.deepEqual(refused.body.issues[0].path, ['payload', 'delegatedDocumentOwner']);
        assert.ok(!JSON.stringify(refused.body).includes('Bea'), 'nothing about the other team');
      }
      // B's own token cannot name A's member either.
      const fromB = await apiEnvelope({ title: 'B', delegatedDocumentOwner: 'max@firma.example' }, tokenB);
      assert.deepEqual([fromB.status, fromB.body.code], [400, 'DELEGATED_OWNER_NOT_MEMBER']);
      assert.deepEqual([await countRows(server, 'envelope'), await auditCount()], before, 'nothing stored');
      // The off value still means "no owner".
      const unowned = await made({ title: 'Unowned', delegatedDocumentOwner: '' });
      assert.equal((await server.api.get(`/api/v2/envelope/${unowned}`)).body.user.email, '');
    });

    test('visibility: each role sees what its visibility allows, plus what it owns or is a recipient of', async () => {
      const ids = {
        everyone: await made({ title: 'Vis everyone', visibility: 'EVERYONE' }),
        managers: await made({ title: 'Vis managers', visibility: 'MANAGER_AND_ABOVE' }),
        admins: await made({ title: 'Vis admins', visibility: 'ADMIN' }),
        ownedByMia: await made({
          title: 'Vis owned',
          visibility: 'ADMIN',
          delegatedDocumentOwner: 'mia@firma.example',
        }),
        miaSigns: await made({
          title: 'Vis recipient',
          visibility: 'ADMIN',
          recipients: [{ ...signer('MIA@firma.example', 'Mia'), fields: [sig] }],
        }),
      };
      const expected = new Map<SessionClient, (keyof typeof ids)[]>([
        [admin, ['everyone', 'managers', 'admins', 'ownedByMia', 'miaSigns']],
        [manager, ['everyone', 'managers']],
        [plain, ['everyone', 'ownedByMia', 'miaSigns']],
      ]);
      for (const [client, keys] of expected) {
        const list = await client.get(`/api/app/platforms/${platformA}/documents?query=Vis&perPage=100`);
        assert.equal(list.status, 200, JSON.stringify(list.body));
        const seen = (list.body.data as { id: string }[]).map((d) => d.id).toSorted();
        assert.deepEqual(seen, keys.map((k) => ids[k]).toSorted());
        assert.equal(list.body.count, keys.length);
        for (const [key, id] of Object.entries(ids)) {
          const page = await client.get(`/api/app/platforms/${platformA}/documents/${id}`);
          assert.equal(page.status, keys.includes(key as keyof typeof ids) ? 200 : 404, key);
        }
      }
      const owned = await plain.get(`/api/app/platforms/${platformA}/documents/${ids.ownedByMia}`);
      assert.equal(owned.body.owner.email, 'mia@firma.example');
      // The API's team token keeps seeing everything.
      const viaApi = await server.api.get('/api/v2/envelope?query=Vis&perPage=100');
      assert.equal(viaApi.body.count, 5);
      assert.equal(
        (await server.api.get(`/api/v2/envelope/${ids.admins}`)).body.visibility,
        'ADMIN',
        'stored and answered',
      );
      // A member acting on a document they may not see: 404, nothing changes.
      const before = await auditCount();
      for (const [method, path] of [
        ['POST', 'cancel'],
        ['POST', 'duplicate'],
        ['POST', 'distribute'],
        ['DELETE', ''],
      ] as const) {
        const res = await manager.request(method, `/api/app/platforms/${platformA}/documents/${ids.admins}/${path}`);
        assert.equal(res.status, 404, `${method} ${path}: ${JSON.stringify(res.body)}`);
      }
      const file = await manager.get(`/api/app/platforms/${platformA}/documents/${ids.admins}/files/original`);
      assert.equal(file.status, 404);
      assert.equal(await auditCount(), before);
      assert.equal(await statusOf(ids.admins), 'DRAFT');
    });

    test('search by title, recipient e-mail or name; status filter; paging', async () => {
      const id = await made({
        title: 'Lease Rosario',
        recipients: [{ ...signer('zoe.search@example.com', 'Zoé Searchable'), fields: [sig] }],
      });
      const find = async (query: string) =>
        (await admin.get(`/api/app/platforms/${platformA}/documents?${new URLSearchParams({ query })}`)).body.data.map(
          (d: { id: string }) => d.id,
        );
      assert.deepEqual(await find('rosario'), [id]);
      assert.deepEqual(await find('ZOE.SEARCH@example.com'), [id]);
      assert.deepEqual(await find('zoé searchable'), [id]);
      assert.deepEqual(await find('zoe.search@example'), [], 'an address matches whole');
      const drafts = await admin.get(`/api/app/platforms/${platformA}/documents?status=COMPLETED`);
      assert.deepEqual(drafts.body.data, []);
      const paged = await admin.get(`/api/app/platforms/${platformA}/documents?perPage=2&page=2`);
      assert.equal(paged.status, 200);
      assert.equal(paged.body.data.length, 2);
      assert.equal(paged.body.page, 2);
      assert.equal(paged.body.totalPages, Math.ceil(paged.body.count / 2));
      const templates = await admin.get(`/api/app/platforms/${platformA}/templates`);
      assert.equal(templates.status, 200);
      assert.ok(templates.body.data.every((t: { type: string }) => t.type === 'TEMPLATE'));
    });

    test('actions run the API’s use cases, audited in the member’s name; downloads; the timeline in words', async () => {
      const base = `/api/app/platforms/${platformA}/documents`;
      const id = await made({ title: 'Act on me', meta: { distributionMethod: 'NONE' } });
      const sent = await plain.post(`${base}/${id}/distribute`);
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(await statusOf(id), 'PENDING');
      const resent = await plain.post(`${base}/${id}/resend`, { json: {} });
      assert.equal(resent.status, 200, JSON.stringify(resent.body));
      const copy = await plain.post(`${base}/${id}/duplicate`);
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      const copied = await plain.get(`${base}/${copy.body.id}`);
      assert.deepEqual([copied.body.status, copied.body.owner.email], ['DRAFT', 'mia@firma.example']);

      const original = await plain.get(`${base}/${id}/files/original`);
      assert.equal(original.status, 200);
      assert.equal(original.headers.get('content-type'), 'application/pdf');
      assert.equal(original.bytes.subarray(0, 5).toString(), '%PDF-');
      for (const file of ['sealed', 'certificate']) {
        const early = await plain.get(`${base}/${id}/files/${file}`);
        assert.deepEqual([early.status, early.body.code], [409, 'DOCUMENT_NOT_COMPLETED'], file);
      }
      const unknownItem = await plain.get(`${base}/${id}/files/original?itemId=envelope_item_x`);
      assert.equal(unknownItem.status, 404);

      const cancelled = await plain.post(`${base}/${id}/cancel`);
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const again = await plain.post(`${base}/${id}/cancel`);
      assert.deepEqual([again.status, again.body.code], [400, 'ENVELOPE_CANCELLED'], 'the use case’s own rules');
      const page = await plain.get(`${base}/${id}`);
      assert.equal(page.body.status, 'CANCELLED');
      assert.equal(page.body.fieldCount, 1);
      assert.deepEqual(
        [page.body.recipients[0].email, page.body.recipients[0].signingStatus, page.body.recipients[0].sendStatus],
        ['ana@example.com', 'NOT_SIGNED', 'NOT_SENT'],
        'distributionMethod NONE: the link is handed out, not mailed',
      );
      const types = page.body.timeline.map((e: { type: string }) => e.type);
      assert.equal(types[0], 'DOCUMENT_CREATED');
      assert.equal(types.at(-1), 'DOCUMENT_CANCELLED');
      assert.ok(types.includes('DOCUMENT_SENT') && types.includes('DOCUMENT_RESENT'), types.join());
      const cancelEntry = page.body.timeline.find((e: { type: string }) => e.type === 'DOCUMENT_CANCELLED');
      // The timeline speaks the member's language (the account's), in the certificate's words.
      await server.ctx.db
        .updateTable('userAccount')
        .set({ language: 'es' })
        .where('email', '=', 'mia@firma.example')
        .execute();
      const inSpanish = await plain.get(`${base}/${id}`);
      assert.equal(inSpanish.body.language, 'es');
      const spanishCancel = inSpanish.body.timeline.find((e: { type: string }) => e.type === 'DOCUMENT_CANCELLED');
      assert.notEqual(spanishCancel.sentence, cancelEntry.sentence);
      // The page's language, when it asks, wins over the account's.
      const asked = await plain.get(`${base}/${id}?language=en`);
      assert.equal(asked.body.language, 'en');
      const askedCancel = asked.body.timeline.find((e: { type: string }) => e.type === 'DOCUMENT_CANCELLED');
      assert.equal(askedCancel.sentence, cancelEntry.sentence);
      await server.ctx.db
        .updateTable('userAccount')
        .set({ language: 'en' })
        .where('email', '=', 'mia@firma.example')
        .execute();
      assert.ok(cancelEntry.sentence.length > 10 && !cancelEntry.sentence.includes('{'), cancelEntry.sentence);
      assert.match(cancelEntry.actor, /mia@firma\.example/);
      const stored = await server.ctx.db
        .selectFrom('auditEvent')
        .innerJoin('envelope', 'envelope.id', 'auditEvent.envelopeId')
        .select('auditEvent.actor')
        .where('envelope.publicId', '=', id)
        .where('auditEvent.type', '=', 'DOCUMENT_CANCELLED')
        .executeTakeFirstOrThrow();
      assert.equal(JSON.parse(stored.actor).kind, 'user');
      assert.equal(JSON.parse(stored.actor).email, 'mia@firma.example');

      const deleted = await plain.delete(`${base}/${copy.body.id}`);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      assert.equal((await plain.get(`${base}/${copy.body.id}`)).status, 404);
    });

    test('every route: no session 401, no CSRF 403, another team’s ids 404 with nothing changed, bad input 400', async () => {
      const id = await made({ title: 'Tenant', meta: { distributionMethod: 'NONE' } });
      const idB = await made({ title: 'Of B' }, tokenB);
      const templateId = await made({ title: 'Tenant template', type: 'TEMPLATE' });
      const routes: [string, string, SessionRequest?][] = [
        ['GET', `/platforms/${platformA}/documents`],
        ['GET', `/platforms/${platformA}/templates`],
        ['GET', `/platforms/${platformA}/documents/${id}`],
        ['GET', `/platforms/${platformA}/documents/${id}/files/original`],
        ['POST', `/platforms/${platformA}/documents/${id}/distribute`],
        ['POST', `/platforms/${platformA}/documents/${id}/resend`, { json: {} }],
        ['POST', `/platforms/${platformA}/documents/${id}/cancel`],
        ['POST', `/platforms/${platformA}/documents/${id}/duplicate`],
        ['DELETE', `/platforms/${platformA}/documents/${id}`],
        ['GET', `/platforms/${platformA}/templates/${templateId}`],
        ['POST', `/platforms/${platformA}/templates/${templateId}/duplicate`],
        ['DELETE', `/platforms/${platformA}/templates/${templateId}`],
      ];
      const snapshot = async () => [
        await countRows(server, 'envelope'),
        await auditCount(),
        await statusOf(id),
        await statusOf(templateId),
      ];
      const before = await snapshot();
      const anonymous = new SessionClient(server.url);
      for (const [method, path, options] of routes) {
        const url = `/api/app${path}`;
        const noSession = await anonymous.request(method, url, options);
        assert.deepEqual([noSession.status, noSession.body.code], [401, 'SESSION_REQUIRED'], `${method} ${path}`);
        if (method !== 'GET') {
          const noCsrf = await admin.request(method, url, { ...options, csrf: false });
          assert.deepEqual([noCsrf.status, noCsrf.body.code], [403, 'CSRF_REFUSED'], `${method} ${path}`);
        }
        // B's admin: A's platform is 404 as an unknown one; A's document under B's platform too.
        const foreign = await adminB.request(method, url, options);
        const unknown = await adminB.request(
          method,
          url.replace(`/platforms/${platformA}/`, '/platforms/999999/'),
          options,
        );
        assert.equal(foreign.status, 404, `${method} ${path}`);
        assert.deepEqual(foreign.body, unknown.body);
        const crossed = await adminB.request(
          method,
          url.replace(`/platforms/${platformA}/`, `/platforms/${platformB}/`),
          options,
        );
        const target = path.includes(id) ? id : path.includes(templateId) ? templateId : null;
        if (target) assert.equal(crossed.status, 404, `${method} ${path} under B`);
        // A's admin asking for B's document under A: 404.
        if (target) {
          const other = await admin.request(method, url.replace(target, idB), options);
          assert.equal(other.status, 404, `${method} ${path} with B's id`);
        }
      }
      assert.deepEqual(await snapshot(), before, 'nothing changed');
      for (const bad of [
        `/platforms/${platformA}/documents?perPage=0`,
        `/platforms/${platformA}/documents?status=SIGNED`,
        `/platforms/${platformA}/documents?page=x`,
        `/platforms/abc/documents`,
        `/platforms/${platformA}/documents/${id}/files/other`,
        `/platforms/${platformA}/documents/${id}?language=xx`,
      ]) {
        const res = await admin.get(`/api/app${bad}`);
        assert.deepEqual([res.status, res.body.code], [400, 'VALIDATION_ERROR'], bad);
      }
      const badBody = await admin.post(`/api/app/platforms/${platformA}/documents/${id}/resend`, {
        json: { recipientIds: [] },
      });
      assert.deepEqual([badBody.status, badBody.body.code], [400, 'VALIDATION_ERROR']);
    });

    test('Documenso’s SDK validates answers that carry an owner and a visibility', async () => {
      const sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
      const created = await sdk.envelopes.create({
        payload: {
          title: 'SDK owned',
          type: 'DOCUMENT',
          visibility: 'MANAGER_AND_ABOVE',
          delegatedDocumentOwner: 'max@firma.example',
          recipients: [{ email: 'ana@example.com', name: 'Ana', role: 'SIGNER', fields: [sig] }],
        },
        files: [
          { fileName: 'a.pdf', content: new Blob([Buffer.from(await onePagePdf())], { type: 'application/pdf' }) },
        ],
      });
      const got = await sdk.envelopes.get({ envelopeId: created.id });
      assert.deepEqual([got.visibility, got.user.email], ['MANAGER_AND_ABOVE', 'max@firma.example']);
      const found = await sdk.documents.find({ query: 'SDK owned' });
      assert.equal(found.data[0]?.user.email, 'max@firma.example');
      const template = await sdk.envelopes.create({
        payload: {
          title: 'SDK template',
          type: 'TEMPLATE',
          visibility: 'ADMIN',
          delegatedDocumentOwner: 'mia@firma.example',
        },
        files: [
          { fileName: 'a.pdf', content: new Blob([Buffer.from(await onePagePdf())], { type: 'application/pdf' }) },
        ],
      });
      const templates = await sdk.templates.find({});
      assert.ok(templates.data.some((t) => t.visibility === 'ADMIN'));
      const asTemplate = await server.api.get(`/api/v2/envelope/${template.id}`);
      const templateId = Number(String(asTemplate.body.secondaryId).replace('template_', ''));
      const one = await sdk.templates.get({ templateId });
      assert.deepEqual([one.visibility, one.user.email], ['ADMIN', 'mia@firma.example']);
      // Hidden from MEMBER Mia by visibility, yet hers: she sees it in the app.
      const mine = await plain.get(`/api/app/platforms/${platformA}/templates/${template.id}`);
      assert.equal(mine.status, 200);
    });
  });
}
