import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  defaultPlatformId,
  firstAdmin,
  joinPlatform,
  platformWithAdmin,
  SessionClient,
  type SessionRequest,
} from '../helpers/accounts.js';
import { bulkSendBody, nthCuil, rentalCsv } from '../helpers/bulk-send.js';
import { multipartBody, onePagePdf } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { createDirectTemplate, createRentalTemplate } from '../helpers/templates.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, item 3 (templates, server side): the web app's template page acts through the API's
 * own use cases — the direct link (create, turn off and on, delete), a document made from the
 * template and sent, bulk send from a CSV and its progress — for members who may see the template;
 * another team's ids, or a template hidden from the member by its visibility, answer 404 and change
 * nothing.
 */
for (const database of testDatabases()) {
  describe(`app templates: direct links, use and bulk send from the web app (${database})`, () => {
    let server: TestServer;
    let platformA: number;
    let admin: SessionClient;
    let plain: SessionClient;
    let adminB: SessionClient;
    let tokenB: HttpClient & { platformName: string };

    const count = async (table: 'auditEvent' | 'templateDirectLink' | 'bulkSend') =>
      Number(
        (
          await server.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** What any route here could change: envelopes, links, runs, audit entries. */
    const snapshot = async () => [
      await countRows(server, 'envelope'),
      await count('templateDirectLink'),
      await count('bulkSend'),
      await count('auditEvent'),
    ];
    const app = (path: string) => `/api/app/platforms/${platformA}/templates${path}`;

    before(async () => {
      server = await startTestServer({ database, worker: false });
      admin = await firstAdmin(server);
      platformA = await defaultPlatformId(server);
      plain = await joinPlatform(server, admin, platformA, 'mia@firma.example', 'MEMBER');
      ({ admin: adminB, token: tokenB } = await platformWithAdmin(server, 'bea@firma.example'));
    });
    after(() => server?.close());

    test('direct link: created, turned off and on, deleted — in the member’s name; its address opens the link', async () => {
      const t = await createDirectTemplate(server.api);
      const state = await plain.get(app(`/${t.envelopeId}/direct-link`));
      assert.equal(state.status, 200, JSON.stringify(state.body));
      assert.deepEqual(state.body, { link: null, identityRule: 'CUIL' });

      const created = await plain.post(app(`/${t.envelopeId}/direct-link`), { json: { directRecipientId: t.client } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const link = created.body.link;
      assert.equal(link.enabled, true);
      assert.equal(link.directRecipientId, t.client);
      const token = new URL(link.url).pathname.replace('/d/', '');
      assert.ok(token.length >= 16, link.url);
      assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 200, 'the address is the link’s');
      assert.deepEqual((await plain.get(app(`/${t.envelopeId}/direct-link`))).body.link, link);

      const again = await plain.post(app(`/${t.envelopeId}/direct-link`), { json: {} });
      assert.deepEqual([again.status, again.body.code], [409, 'ALREADY_EXISTS']);
      const off = await plain.post(app(`/${t.envelopeId}/direct-link/toggle`), { json: { enabled: false } });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.equal(off.body.link.enabled, false);
      assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 410, 'a disabled link’s page');
      const on = await plain.post(app(`/${t.envelopeId}/direct-link/toggle`), { json: { enabled: true } });
      assert.deepEqual([on.body.link.enabled, on.body.link.url], [true, link.url]);

      const deleted = await plain.delete(app(`/${t.envelopeId}/direct-link`));
      assert.deepEqual([deleted.status, deleted.body], [200, { link: null }]);
      assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 404);
      const twice = await plain.delete(app(`/${t.envelopeId}/direct-link`));
      assert.equal(twice.status, 404);
      const actors = await server.ctx.db
        .selectFrom('auditEvent')
        .innerJoin('envelope', 'envelope.id', 'auditEvent.envelopeId')
        .select(['auditEvent.type', 'auditEvent.actor'])
        .where('envelope.publicId', '=', t.envelopeId)
        .where('auditEvent.type', 'like', 'TEMPLATE_DIRECT_LINK_%')
        .execute();
      assert.equal(actors.length, 4, 'created, off, on, deleted');
      for (const a of actors) assert.equal(JSON.parse(a.actor).email, 'mia@firma.example', a.type);

      // A template whose other signer has no e-mail cannot have a link: the use case's own refusal.
      const incomplete = await createDirectTemplate(server.api, { landlordEmail: '' });
      const refused = await plain.post(app(`/${incomplete.envelopeId}/direct-link`), {
        json: { directRecipientId: incomplete.client },
      });
      assert.deepEqual([refused.status, refused.body.code], [400, 'DIRECT_LINK_TEMPLATE_INCOMPLETE']);
    });

    test('use: a document is made from the template for the people named and sent, owned by the member', async () => {
      const t = await createDirectTemplate(server.api);
      const before = await snapshot();
      const noId = await plain.post(app(`/${t.envelopeId}/use`), {
        json: { recipients: [{ id: t.client, email: 'carla@example.com', name: 'Carla' }] },
      });
      assert.equal(noId.status, 400, JSON.stringify(noId.body));
      const stranger = await plain.post(app(`/${t.envelopeId}/use`), {
        json: { recipients: [{ id: 999_999, email: 'carla@example.com', cuil: nthCuil(1) }] },
      });
      assert.deepEqual([stranger.status, stranger.body.code], [400, 'TEMPLATE_RECIPIENT_NOT_FOUND']);
      assert.deepEqual(await snapshot(), before, 'a refused use makes nothing');

      const used = await plain.post(app(`/${t.envelopeId}/use`), {
        json: { recipients: [{ id: t.client, email: 'carla@example.com', name: 'Carla', cuil: nthCuil(1) }] },
      });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      const doc = await plain.get(`/api/app/platforms/${platformA}/documents/${used.body.id}`);
      assert.equal(doc.status, 200);
      assert.deepEqual(
        [doc.body.status, doc.body.source, doc.body.owner.email],
        ['PENDING', 'TEMPLATE', 'mia@firma.example'],
      );
      assert.deepEqual(doc.body.recipients.map((r: { email: string }) => r.email).toSorted(), [
        'carla@example.com',
        'landlord@example.com',
      ]);
      const template = await plain.get(app(`/${t.envelopeId}`));
      assert.equal(template.body.recipients.find((r: { id: number }) => r.id === t.client).email, '', 'untouched');
    });

    test('bulk send: a CSV starts a run answered at once; its progress reaches DONE with the failed row named', async () => {
      const t = await createRentalTemplate(server.api, 'Bulk rental');
      const csv = rentalCsv(3, (cells, i) => {
        if (i === 1) cells[1] = 'not-an-address';
      });
      const started = await plain.post(app(`/${t.envelopeId}/bulk-send`), { body: bulkSendBody(csv) });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      assert.deepEqual([started.body.totalRows, started.body.failedRows], [3, 1]);
      await server.worker.drain();
      const progress = await plain.get(app(`/${t.envelopeId}/bulk-send/${started.body.id}`));
      assert.equal(progress.status, 200, JSON.stringify(progress.body));
      assert.deepEqual(
        [progress.body.status, progress.body.doneRows, progress.body.failedRows, progress.body.documentIds.length],
        ['DONE', 2, 1, 2],
      );
      assert.deepEqual([progress.body.failures[0].line, progress.body.failures[0].column], [3, 'r1.email']);
      const made = await plain.get(`/api/app/platforms/${platformA}/documents?query=Contrato%200`);
      assert.equal(made.body.data[0]?.owner?.email, 'mia@firma.example', 'made in the member’s name');

      const otherTemplate = await createRentalTemplate(server.api, 'Other rental');
      const before = await snapshot();
      const badHeader = await plain.post(app(`/${t.envelopeId}/bulk-send`), {
        body: bulkSendBody('who,what\r\na,b\r\n'),
      });
      assert.deepEqual([badHeader.status, badHeader.body.code], [400, 'BULK_SEND_CSV_INVALID']);
      const notMultipart = await plain.post(app(`/${t.envelopeId}/bulk-send`), { json: {} });
      assert.equal(notMultipart.status, 415, JSON.stringify(notMultipart.body));
      const crossed = await plain.get(app(`/${otherTemplate.envelopeId}/bulk-send/${started.body.id}`));
      assert.equal(crossed.status, 404, 'another template’s run');
      assert.deepEqual(await snapshot(), before, 'no run, no entry');
    });

    test('every route: no session 401, no CSRF 403, another team’s ids 404 and a hidden template 404, nothing changed', async () => {
      const t = await createDirectTemplate(server.api);
      const hidden = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody(
          {
            title: 'Admins only',
            type: 'TEMPLATE',
            visibility: 'ADMIN',
            recipients: [{ email: '', name: 'Signer', role: 'SIGNER' }],
          },
          [{ field: 'files', bytes: await onePagePdf(), name: 'a.pdf' }],
        ),
      });
      assert.equal(hidden.status, 200, JSON.stringify(hidden.body));
      const ofB = await createDirectTemplate(tokenB);
      const started = await admin.post(app(`/${t.envelopeId}/bulk-send`), {
        body: bulkSendBody('r1.name,r1.email\r\n'),
      });
      const csvForm = () => bulkSendBody(rentalCsv(1));
      const routes: [string, string, (() => SessionRequest)?][] = [
        ['GET', '/direct-link'],
        ['POST', '/direct-link', () => ({ json: {} })],
        ['POST', '/direct-link/toggle', () => ({ json: { enabled: false } })],
        ['DELETE', '/direct-link'],
        [
          'POST',
          '/use',
          () => ({ json: { recipients: [{ id: t.client, email: 'x@example.com', cuil: nthCuil(3) }] } }),
        ],
        ['POST', '/bulk-send', () => ({ body: csvForm() })],
        ['GET', `/bulk-send/${String(started.body.id ?? 'bulk_x')}`],
      ];
      const before = await snapshot();
      const anonymous = new SessionClient(server.url);
      for (const [method, suffix, options] of routes) {
        const url = app(`/${t.envelopeId}${suffix}`);
        const noSession = await anonymous.request(method, url, options?.());
        assert.deepEqual([noSession.status, noSession.body.code], [401, 'SESSION_REQUIRED'], `${method} ${suffix}`);
        if (method !== 'GET') {
          const noCsrf = await admin.request(method, url, { ...options?.(), csrf: false });
          assert.deepEqual([noCsrf.status, noCsrf.body.code], [403, 'CSRF_REFUSED'], `${method} ${suffix}`);
        }
        const foreign = await adminB.request(method, url, options?.());
        assert.equal(foreign.status, 404, `B's admin on A: ${method} ${suffix} ${JSON.stringify(foreign.body)}`);
        const otherTeams = await admin.request(method, url.replace(t.envelopeId, ofB.envelopeId), options?.());
        assert.equal(otherTeams.status, 404, `B's template under A: ${method} ${suffix}`);
        const unknown = await admin.request(method, url.replace(t.envelopeId, 'envelope_unknown'), options?.());
        assert.equal(unknown.status, 404, `unknown: ${method} ${suffix}`);
        const hiddenOne = await plain.request(method, url.replace(t.envelopeId, hidden.body.id), options?.());
        assert.equal(
          hiddenOne.status,
          404,
          `hidden from a MEMBER: ${method} ${suffix} ${JSON.stringify(hiddenOne.body)}`,
        );
      }
      assert.deepEqual(await snapshot(), before, 'nothing changed');

      for (const [path, json] of [
        ['/direct-link/toggle', {}],
        ['/direct-link/toggle', { enabled: 'yes' }],
        ['/direct-link', { directRecipientId: 0 }],
        ['/use', { recipients: [] }],
        ['/use', { recipients: [{ id: t.client }] }],
      ] as const) {
        const res = await admin.post(app(`/${t.envelopeId}${path}`), { json });
        assert.deepEqual([res.status, res.body.code], [400, 'VALIDATION_ERROR'], `${path} ${JSON.stringify(json)}`);
      }
      const badPlatform = await admin.post(`/api/app/platforms/abc/templates/${t.envelopeId}/bulk-send`, {
        body: csvForm(),
      });
      assert.deepEqual([badPlatform.status, badPlatform.body.code], [400, 'VALIDATION_ERROR']);
      assert.deepEqual(await snapshot(), before, 'bad input changes nothing');
    });
  });
}
