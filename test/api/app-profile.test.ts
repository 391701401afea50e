import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { defaultPlatformId, firstAdmin, joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { createDocument } from '../helpers/documents.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { ensureWebApp } from '../helpers/web-app.js';

/**
 * Issue 37, item 5: a team's public profile. Its administrators publish it (address, name,
 * description); anyone reads it at /api/app/profiles/{slug}: the team's PUBLIC templates whose
 * direct link is on, with their public title and description and their link — never a PRIVATE
 * template, a template whose link is off, a member's name, or another team's templates. An unknown
 * or unpublished profile is the same 404.
 */
for (const database of testDatabases()) {
  describe(`app: the team's public profile (${database})`, () => {
    let server: TestServer;
    let platformA: number;
    let admin: SessionClient;
    let manager: SessionClient;
    let adminB: SessionClient;
    let anonymous: SessionClient;
    const settings = () => `/api/app/platforms/${platformA}/profile`;
    const profileRow = async () =>
      server.ctx.db
        .selectFrom('platform')
        .select(['profileEnabled', 'profileSlug', 'profileName', 'profileDescription'])
        .where('id', '=', platformA)
        .executeTakeFirstOrThrow();

    /** A template with an enabled direct link, made PUBLIC (or not) with a public title and description. */
    async function linkedTemplate(client: TestServer['api'], type: string, publicTitle: string) {
      const t = await createDirectTemplate(client);
      const link = await client.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      const updated = await client.post('/api/v2/template/update', {
        json: { templateId: t.templateId, data: { type, publicTitle, publicDescription: `${publicTitle}: en línea` } },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      return { ...t, token: link.body.token as string };
    }

    before(async () => {
      await ensureWebApp();
      server = await startTestServer({ database, worker: false });
      admin = await firstAdmin(server);
      platformA = await defaultPlatformId(server);
      manager = await joinPlatform(server, admin, platformA, 'max@firma.example', 'MANAGER');
      ({ admin: adminB } = await platformWithAdmin(server, 'bea@firma.example'));
      anonymous = new SessionClient(server.url);
    });
    after(() => server?.close());

    test('an admin publishes the profile; it lists only PUBLIC templates with their link on', async () => {
      const empty = await admin.get(settings());
      assert.deepEqual(empty.body, { enabled: false, slug: null, name: '', description: '', url: null });
      const shown = await linkedTemplate(server.api, 'PUBLIC', 'Alta de socio');
      await linkedTemplate(server.api, 'PRIVATE', 'Interno privado');
      await linkedTemplate(server.api, 'ORGANISATION', 'Interno del equipo');
      const off = await linkedTemplate(server.api, 'PUBLIC', 'Apagada');
      await server.api.post('/api/v2/template/direct/toggle', { json: { templateId: off.templateId, enabled: false } });
      const bTokenClient = await server.newPlatform('b-public');
      await linkedTemplate(bTokenClient, 'PUBLIC', 'De otro equipo');

      const saved = await admin.post(settings(), {
        json: { enabled: true, slug: ' Club-Rosario ', name: 'Club Rosario', description: 'Trámites del club' },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(
        [saved.body.slug, saved.body.url],
        ['club-rosario', `${server.ctx.config.publicUrl}/p/club-rosario`],
      );

      const page = await anonymous.get('/api/app/profiles/club-rosario');
      assert.equal(page.status, 200, JSON.stringify(page.body));
      assert.deepEqual(page.body, {
        name: 'Club Rosario',
        description: 'Trámites del club',
        templates: [
          {
            title: 'Alta de socio',
            description: 'Alta de socio: en línea',
            url: `${server.ctx.config.publicUrl}/d/${shown.token}`,
          },
        ],
      });
      const text = JSON.stringify(page.body);
      for (const hidden of ['Interno', 'Apagada', 'De otro equipo', 'admin@firma.example', 'max', 'Locador'])
        assert.ok(!text.includes(hidden), `the page reveals nothing of “${hidden}”`);
      // A document made from the PUBLIC template is an ordinary document.
      const used = await server.api.post('/api/v2/template/use', {
        json: {
          templateId: shown.templateId,
          recipients: [{ id: shown.client, email: 'carla@example.com', cuil: '20123456786' }],
        },
      });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      const madeDoc = await server.api.get(`/api/v2/envelope/${used.body.envelopeId as string}`);
      assert.deepEqual([madeDoc.body.templateType, madeDoc.body.publicTitle], ['PRIVATE', '']);
      const audited = await server.ctx.db
        .selectFrom('accountAudit')
        .select('data')
        .where('type', '=', 'TEAM_PROFILE_CHANGED')
        .where('platformId', '=', platformA)
        .execute();
      assert.equal(audited.length, 1);
    });

    test('unknown slug and unpublished profile: the same 404', async () => {
      const unknown = await anonymous.get('/api/app/profiles/no-such-team');
      assert.equal(unknown.status, 404);
      const withdrawn = await admin.post(settings(), {
        json: { enabled: false, slug: 'club-rosario', name: 'Club Rosario', description: '' },
      });
      assert.equal(withdrawn.status, 200, JSON.stringify(withdrawn.body));
      const hidden = await anonymous.get('/api/app/profiles/club-rosario');
      assert.equal(hidden.status, 404);
      assert.deepEqual(hidden.body, unknown.body, 'nothing tells an unpublished profile from none');
      // The page itself: the app's shell, answered 404 for both.
      const pageStatus = async (slug: string) => (await fetch(`${server.url}/p/${slug}`)).status;
      assert.deepEqual([await pageStatus('no-such-team'), await pageStatus('club-rosario')], [404, 404]);
      await admin.post(settings(), { json: { enabled: true, slug: 'club-rosario', name: 'Club Rosario' } });
      assert.equal(await pageStatus('club-rosario'), 200);
    });

    test('the template page lists a template and takes it off; refusals change nothing', async () => {
      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      const path = `/api/app/platforms/${platformA}/templates/${t.envelopeId}`;
      const publication = { type: 'PUBLIC', publicTitle: ' Alta en línea ', publicDescription: 'Para socios nuevos' };
      const listedTitles = async () =>
        ((await anonymous.get('/api/app/profiles/club-rosario')).body.templates as { title: string }[]).map(
          (x) => x.title,
        );
      const stored = async () => (await server.api.get(`/api/v2/envelope/${t.envelopeId}`)).body;
      const auditCount = async () =>
        (await server.api.get(`/api/v2/envelope/${t.envelopeId}/audit-log?perPage=100`)).body.data.length as number;

      // Refused, and nothing changes: no session, no CSRF, another team, bad input.
      const before = { envelope: await stored(), audit: await auditCount() };
      assert.equal((await anonymous.request('PUT', `${path}/publication`, { json: publication })).status, 401);
      const noCsrf = await manager.request('PUT', `${path}/publication`, { json: publication, csrf: false });
      assert.deepEqual([noCsrf.status, noCsrf.body.code], [403, 'CSRF_REFUSED']);
      const bPlatform = (await adminB.get('/api/app/platforms')).body.data[0].id as number;
      for (const res of [
        await adminB.request('PUT', `${path}/publication`, { json: publication }),
        await adminB.request('PUT', `/api/app/platforms/${bPlatform}/templates/${t.envelopeId}/publication`, {
          json: publication,
        }),
      ])
        assert.equal(res.status, 404, 'another team reaches nothing');
      for (const bad of [
        { ...publication, type: 'OPEN' },
        { ...publication, publicTitle: 'x'.repeat(256) },
        { type: 'PUBLIC' },
      ]) {
        const res = await manager.request('PUT', `${path}/publication`, { json: bad });
        assert.deepEqual([res.status, res.body.code], [400, 'VALIDATION_ERROR'], JSON.stringify(bad));
      }
      const doc = await createDocument(server.api);
      assert.equal(doc.status, 200, JSON.stringify(doc.body));
      const onDocument = await manager.request(
        'PUT',
        `/api/app/platforms/${platformA}/templates/${doc.body.envelopeId as string}/publication`,
        { json: publication },
      );
      assert.equal(onDocument.status, 404, 'a document is no template');
      const unknown = await manager.request(
        'PUT',
        `/api/app/platforms/${platformA}/templates/envelope_doesnotexist/publication`,
        { json: publication },
      );
      assert.deepEqual([unknown.status, unknown.body.code], [404, 'NOT_FOUND'], 'an unknown id');
      assert.deepEqual({ envelope: await stored(), audit: await auditCount() }, before);

      // A manager lists it: the profile shows it, the page's detail says so, the audit names the manager.
      const listed = await manager.request('PUT', `${path}/publication`, { json: publication });
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.deepEqual(listed.body, {
        type: 'PUBLIC',
        publicTitle: 'Alta en línea',
        publicDescription: 'Para socios nuevos',
      });
      assert.ok((await listedTitles()).includes('Alta en línea'));
      assert.deepEqual((await manager.get(path)).body.publication, listed.body);
      assert.equal(await auditCount(), before.audit + 1);

      // Taken off: gone from the profile, its texts kept.
      const off = await manager.request('PUT', `${path}/publication`, { json: { ...publication, type: 'PRIVATE' } });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.ok(!(await listedTitles()).includes('Alta en línea'));
      assert.equal((await stored()).templateType, 'PRIVATE');
    });

    test('settings: no session 401, no CSRF 403, a manager 403, another team 404, a taken slug 409, bad input 400 — nothing changed', async () => {
      const before = await profileRow();
      const body = { enabled: true, slug: 'otro', name: 'Otro', description: '' };
      const noSession = await anonymous.post(settings(), { json: body });
      assert.deepEqual([noSession.status, noSession.body.code], [401, 'SESSION_REQUIRED']);
      assert.equal((await anonymous.get(settings())).status, 401);
      const noCsrf = await admin.post(settings(), { json: body, csrf: false });
      assert.deepEqual([noCsrf.status, noCsrf.body.code], [403, 'CSRF_REFUSED']);
      for (const res of [await manager.get(settings()), await manager.post(settings(), { json: body })])
        assert.deepEqual([res.status, res.body.code], [403, 'FORBIDDEN']);
      for (const res of [await adminB.get(settings()), await adminB.post(settings(), { json: body })])
        assert.equal(res.status, 404, 'another team’s settings');
      const bPlatform = (await adminB.get('/api/app/platforms')).body.data[0].id as number;
      const taken = await adminB.post(`/api/app/platforms/${bPlatform}/profile`, {
        json: { enabled: true, slug: 'club-rosario', name: 'Impostor' },
      });
      assert.deepEqual([taken.status, taken.body.code], [409, 'ALREADY_EXISTS']);
      for (const bad of [
        { ...body, slug: 'con espacios' },
        { ...body, slug: '-guion' },
        { ...body, slug: 'x'.repeat(64) },
        { ...body, name: '' },
        { ...body, enabled: 'yes' },
      ]) {
        const res = await admin.post(settings(), { json: bad });
        assert.deepEqual([res.status, res.body.code], [400, 'VALIDATION_ERROR'], JSON.stringify(bad));
      }
      assert.deepEqual(await profileRow(), before, 'nothing changed');
      assert.equal((await anonymous.get('/api/app/profiles/club-rosario')).body.name, 'Club Rosario');
    });
  });
}
