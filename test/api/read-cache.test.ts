import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { readChangeStamp } from '../../src/db/change-stamp.js';
import { createApiToken } from '../../src/domain/auth/create-api-token.js';
import { createDocument, CUIL_A } from '../helpers/documents.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { untilSignalHealthy, untilSignalled } from '../helpers/change-signal.js';
import { holdUncommitted } from '../helpers/uncommitted.js';
import { runFirma } from '../helpers/spawn-firma.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * GET /document/{id} and the API token check answer from per-process caches. Whatever changes the
 * data, through the API, through the signing page, from another connection (another node, the CLI,
 * an operator's SQL) or with the passing of time, the very next read must show it.
 */
for (const database of testDatabases()) {
  describe(`reads stay exact while cached (${database})`, () => {
    let server: TestServer;
    /** Runs SQL on a connection of its own, as another process would. */
    let elsewhere: (text: string, params?: unknown[]) => Promise<void>;
    let closeElsewhere: () => Promise<void>;

    before(async () => {
      server = await startTestServer({ database, worker: false });
      if (database === 'sqlite') {
        const other = new SQLite(server.ctx.config.database.kind === 'sqlite' ? server.ctx.config.database.path : '');
        other.pragma('busy_timeout = 5000');
        elsewhere = (text, params = []) => Promise.resolve(void other.prepare(text).run(...params));
        closeElsewhere = () => Promise.resolve(void other.close());
      } else {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.ctx.db);
        const client = new pg.Client({
          connectionString: process.env.FIRMA_TEST_DATABASE_URL,
          options: `-c search_path=${rows[0]!.schema}`,
        });
        await client.connect();
        // PostgreSQL tells the server of a commit made elsewhere by LISTEN/NOTIFY, asynchronously:
        // "the next read" is the next one to start after the notification reached the server.
        elsewhere = async (text, params = []) => {
          let n = 0;
          const before = readChangeStamp(server.ctx.db);
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          );
          await untilSignalled(server.ctx.db, before);
        };
        closeElsewhere = () => client.end();
        // Caches trust their entries without a read only while the signal is healthy: test that path.
        await untilSignalHealthy(server.ctx.db);
      }
    });
    after(async () => {
      await closeElsewhere();
      await server.close();
    });

    const get = async (id: number) => {
      const res = await server.api.get(`/api/v2/document/${id}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body;
    };

    test('every change through the API shows in the next read', async () => {
      const { id, envelopeId } = (await createDocument(server.api)).body;
      const first = await get(id);
      assert.deepEqual(await get(id), first, 'a repeated read answers the same document');

      const ana = first.recipients.find((r: { name: string }) => r.name === 'Ana García');
      assert.equal(
        (
          await server.api.post('/api/v2/envelope/recipient/update-many', {
            json: { envelopeId, data: [{ id: ana.id, name: 'Ana G. Pérez' }] },
          })
        ).status,
        200,
      );
      assert.equal((await get(id)).recipients.find((r: { id: number }) => r.id === ana.id).name, 'Ana G. Pérez');

      const added = await server.api.post('/api/v2/envelope/field/create-many', {
        json: {
          envelopeId,
          data: [{ recipientId: ana.id, type: 'NAME', page: 1, positionX: 10, positionY: 40, width: 20, height: 5 }],
        },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const fieldId = added.body.data[0].id;
      assert.equal((await get(id)).fields.length, first.fields.length + 1);

      assert.equal(
        (
          await server.api.post('/api/v2/envelope/field/update-many', {
            json: { envelopeId, data: [{ id: fieldId, type: 'NAME', positionY: 45 }] },
          })
        ).status,
        200,
      );
      assert.equal((await get(id)).fields.find((f: { id: number }) => f.id === fieldId).positionY, 45);

      assert.equal((await server.api.post('/api/v2/envelope/field/delete', { json: { fieldId } })).status, 200);
      assert.equal((await get(id)).fields.length, first.fields.length);

      assert.equal(
        (
          await server.api.post('/api/v2/envelope/update', {
            json: { envelopeId, data: { title: 'Contrato renovado' } },
          })
        ).status,
        200,
      );
      assert.equal((await get(id)).title, 'Contrato renovado');

      const distributed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
      const pending = await get(id);
      assert.equal(pending.status, 'PENDING');

      // The signing page writes through another path (a recipient token, no API token).
      const anaUrl = distributed.body.recipients.find((r: { name: string }) => r.name === 'Ana G. Pérez').signingUrl;
      assert.equal((await signAll(server.anon, tokenOf(anaUrl))).status, 200);
      const signed = await get(id);
      assert.equal(signed.recipients.find((r: { id: number }) => r.id === ana.id).signingStatus, 'SIGNED');
      assert.ok(
        signed.fields
          .filter((f: { recipientId: number }) => f.recipientId === ana.id)
          .every((f: { inserted: boolean }) => f.inserted),
      );

      assert.equal((await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId } })).status, 200);
      assert.equal((await get(id)).status, 'CANCELLED');

      assert.equal((await server.api.post('/api/v2/envelope/delete', { json: { envelopeId } })).status, 200);
      assert.equal(
        (await server.api.get(`/api/v2/document/${id}`)).status,
        404,
        'a deleted document is gone from the next read',
      );
    });

    test('a change made by another connection (another node, the CLI, an operator) shows in the next read', async () => {
      const { id, envelopeId } = (await createDocument(server.api)).body;
      const before = await get(id);
      await get(id);
      const envelope = async () => (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      assert.equal((await envelope()).title, before.title);
      await elsewhere('update envelope set title = ? where id = ?', ['Cambiado por otro proceso', id]);
      assert.equal((await get(id)).title, 'Cambiado por otro proceso');
      assert.equal((await envelope()).title, 'Cambiado por otro proceso', 'the envelope read too');

      const recipient = before.recipients[0];
      await elsewhere('update recipient set name = ? where id = ?', ['Nombre externo', recipient.id]);
      assert.equal(
        (await get(id)).recipients.find((r: { id: number }) => r.id === recipient.id).name,
        'Nombre externo',
      );

      const field = before.fields[0];
      await elsewhere('update field set position_x = ? where id = ?', [33, field.id]);
      assert.equal((await get(id)).fields.find((f: { id: number }) => f.id === field.id).positionX, 33);

      await elsewhere('delete from field where id = ?', [field.id]);
      assert.equal(
        (await get(id)).fields.some((f: { id: number }) => f.id === field.id),
        false,
      );
      assert.equal(
        (await envelope()).fields.some((f: { id: number }) => f.id === field.id),
        false,
      );

      await elsewhere('update envelope set deleted_at = ? where id = ?', [new Date().toISOString(), id]);
      assert.equal((await server.api.get(`/api/v2/document/${id}`)).status, 404);
      assert.equal((await server.api.get(`/api/v2/envelope/${envelopeId}`)).status, 404);
    });

    test("another platform never gets a cached document, and the owner's copy is unaffected", async () => {
      const { id } = (await createDocument(server.api)).body;
      const mine = await get(id);
      const other = await server.newPlatform();
      for (let i = 0; i < 2; i++) {
        const res = await other.get(`/api/v2/document/${id}`);
        assert.equal(res.status, 404);
        assert.ok(!res.bytes.toString().includes(mine.title));
      }
      assert.deepEqual(await get(id), mine);
    });

    test('a link lapsing changes the view (expired) with no write at all', async () => {
      const { id } = (await createDocument(server.api)).body;
      const distributed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: id, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(distributed.status, 200);
      const recipient = (await get(id)).recipients[0];
      const expiresAt = new Date(Date.now() + 1500).toISOString();
      await elsewhere('update recipient set expires_at = ? where id = ?', [expiresAt, recipient.id]);
      const beforeExpiry = (await get(id)).recipients.find((r: { id: number }) => r.id === recipient.id);
      assert.equal(beforeExpiry.expiresAt, expiresAt);
      assert.equal(beforeExpiry.expired, null);
      await new Promise((r) => setTimeout(r, Date.parse(expiresAt) - Date.now() + 50));
      const afterExpiry = (await get(id)).recipients.find((r: { id: number }) => r.id === recipient.id);
      assert.equal(afterExpiry.expired, expiresAt, 'the cached view is not served past the expiry it depends on');
    });

    test('a token revoked by another connection is refused on the very next request', async () => {
      const { token, id: tokenId } = await createApiToken(server.ctx, { platformName: 'default', scope: 'full' });
      const client = server.api.withToken(token);
      assert.equal((await client.get('/api/v2/me')).status, 200);
      assert.equal((await client.get('/api/v2/me')).status, 200);
      await elsewhere('update api_token set revoked_at = ? where id = ?', [new Date().toISOString(), tokenId]);
      const refused = await client.get('/api/v2/me');
      assert.equal(refused.status, 401);
      assert.equal(refused.body.code, 'UNAUTHORIZED');
    });

    test('a token that expires is refused from that moment, with nothing written', async () => {
      const { token, id: tokenId } = await createApiToken(server.ctx, { platformName: 'default', scope: 'full' });
      const expiresAt = new Date(Date.now() + 1000).toISOString();
      await elsewhere('update api_token set expires_at = ? where id = ?', [expiresAt, tokenId]);
      const client = server.api.withToken(token);
      assert.equal((await client.get('/api/v2/me')).status, 200);
      await new Promise((r) => setTimeout(r, Date.parse(expiresAt) - Date.now() + 50));
      assert.equal((await client.get('/api/v2/me')).status, 401);
    });

    test('a read never sees what an open transaction has not committed', async () => {
      const { id } = (await createDocument(server.api, undefined)).body;
      const title = (await get(id)).title;
      const open = await holdUncommitted(server.ctx.db, (trx) =>
        trx.updateTable('envelope').set({ title: 'never committed' }).where('id', '=', id).execute(),
      );
      const read = get(id);
      await new Promise((r) => setTimeout(r, 100));
      await open.rollBack();
      assert.equal((await read).title, title);
      assert.equal((await get(id)).title, title);
    });
  });
}

describe('reads stay exact while cached: the CLI in another process (sqlite)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ database: 'sqlite', worker: false });
  });
  after(() => server.close());

  test('`firma token revoke` run while the server is up takes effect on the next request', async () => {
    const { token, id: tokenId } = await createApiToken(server.ctx, { platformName: 'default', scope: 'full' });
    const client = server.api.withToken(token);
    assert.equal((await client.get('/api/v2/me')).status, 200);
    const revoked = await runFirma(['token', 'revoke', tokenId], { FIRMA_DATA_DIR: server.dataDir });
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal((await client.get('/api/v2/me')).status, 401);
  });

  test('a document changed by `firma` in another process shows in the next read', async () => {
    const { id } = (
      await createDocument(server.api, {
        title: 'Antes',
        recipients: [{ email: 'a@example.com', name: 'A', role: 'SIGNER', cuil: CUIL_A }],
      })
    ).body;
    assert.equal((await server.api.get(`/api/v2/document/${id}`)).body.title, 'Antes');
    // The platform's owner address is not part of the view: it changes nothing the read shows…
    assert.equal(
      (await runFirma(['platform', 'set-email', 'default', 'owner@example.com'], { FIRMA_DATA_DIR: server.dataDir }))
        .code,
      0,
    );
    assert.equal((await server.api.get(`/api/v2/document/${id}`)).body.title, 'Antes');
    // …while a change of the envelope by another process does.
    const db = new SQLite(server.ctx.config.database.kind === 'sqlite' ? server.ctx.config.database.path : '');
    db.prepare('update envelope set title = ? where id = ?').run('Después', id);
    db.close();
    assert.equal((await server.api.get(`/api/v2/document/${id}`)).body.title, 'Después');
  });
});
