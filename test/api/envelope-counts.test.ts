import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { dialectOf } from '../../src/db/database.js';
import { compactEnvelopeCounts, recountEnvelopes } from '../../src/db/repositories/envelope-count.repo.js';
import { foldEnvelopeCounts } from '../../src/domain/envelopes/fold-envelope-counts.js';
import { findEnvelopePage, type EnvelopeFilter } from '../../src/db/repositories/envelope-find.repo.js';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The listings' totals come from migration 0078's counters, which triggers keep in the writing
 * transaction. They must equal `count(*)` of the same filter after concurrent creates, deletes,
 * status changes, folder moves, folds of the deltas (PostgreSQL), bulk SQL and a rolled-back
 * transaction, on both databases, and a platform's writes never move another's total.
 */
for (const database of testDatabases()) {
  describe(`envelope counts stay exact (${database})`, () => {
    let server: TestServer;
    let other: HttpClient & { platformName: string };
    before(async () => {
      server = await startTestServer({ database, worker: false });
      other = await server.newPlatform();
    });
    after(async () => server?.close());

    const platformIdOf = async (name: string) =>
      (await server.ctx.db.selectFrom('platform').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

    /** count(*) of the live envelopes of the platform matching the listing's filter. */
    async function truth(
      platformId: number,
      where: { type?: string; status?: string; folderId?: string; visibilities?: string[] } = {},
    ) {
      let q = server.ctx.db.selectFrom('envelope').where('platformId', '=', platformId).where('deletedAt', 'is', null);
      if (where.type) q = q.where('type', '=', where.type as 'DOCUMENT');
      if (where.status) q = q.where('status', '=', where.status as 'DRAFT');
      if (where.folderId) q = q.where('folderId', '=', where.folderId);
      if (where.visibilities) q = q.where('visibility', 'in', where.visibilities as 'ADMIN'[]);
      return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    }

    async function listedCount(client: HttpClient, path: string) {
      const answer = await client.get(path);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.count as number;
    }

    async function assertExact(label: string) {
      const id = await platformIdOf('default');
      const folder = await server.ctx.db
        .selectFrom('folder')
        .select('id')
        .where('platformId', '=', id)
        .executeTakeFirst();
      assert.equal(await listedCount(server.api, '/api/v2/envelope?perPage=1'), await truth(id), `${label}: all`);
      assert.equal(
        await listedCount(server.api, '/api/v2/document?perPage=1'),
        await truth(id, { type: 'DOCUMENT' }),
        `${label}: documents`,
      );
      for (const status of ['DRAFT', 'PENDING', 'CANCELLED', 'COMPLETED']) {
        assert.equal(
          await listedCount(server.api, `/api/v2/envelope?perPage=1&status=${status}`),
          await truth(id, { status }),
          `${label}: ${status}`,
        );
      }
      if (folder) {
        assert.equal(
          await listedCount(server.api, `/api/v2/envelope?perPage=1&folderId=${folder.id}`),
          await truth(id, { folderId: folder.id }),
          `${label}: folder`,
        );
      }
      assert.equal(
        await listedCount(other, '/api/v2/envelope?perPage=1'),
        await truth(await platformIdOf(other.platformName)),
        `${label}: the other platform`,
      );
    }

    test('concurrent creates, deletes, status changes, moves and folds', async () => {
      await assertExact('empty');
      const made = await Promise.all(
        Array.from({ length: 8 }, (_, i) => createDocument(server.api, typicalPayload({ title: `Count ${i}` }))),
      );
      for (const m of made) assert.equal(m.status, 200);
      await Promise.all(Array.from({ length: 3 }, () => createDocument(other, typicalPayload())));
      const folder = await server.api.post('/api/v2/folder/create', { json: { name: 'Counted', type: 'DOCUMENT' } });
      assert.equal(folder.status, 200, JSON.stringify(folder.body));
      await assertExact('after creates');
      const platformId = await platformIdOf('default');
      const ids = made.map((m) => m.body.id as number);
      // Everything at once: more creates and sends, deletes, cancels, a move, and folds.
      const results = await Promise.allSettled([
        ...Array.from({ length: 6 }, () => createDocument(server.api, typicalPayload())),
        ...Array.from({ length: 3 }, () => createPendingDocument(server.api)),
        server.api.post('/api/v2/document/delete', { json: { documentId: ids[0] } }),
        server.api.post('/api/v2/document/delete', { json: { documentId: ids[1] } }),
        server.api.post('/api/v2/envelope/cancel', { json: { envelopeId: made[2]!.body.envelopeId } }),
        server.api.post('/api/v2/document/distribute', {
          json: { documentId: ids[3], meta: { distributionMethod: 'NONE' } },
        }),
        server.api.post('/api/v2/document/update', {
          json: { documentId: ids[4], data: { folderId: folder.body.id } },
        }),
        ...Array.from({ length: 4 }, () => compactEnvelopeCounts(server.ctx.db, platformId)),
        createDocument(other, typicalPayload()),
      ]);
      for (const r of results) {
        assert.equal(r.status, 'fulfilled', String((r as PromiseRejectedResult).reason));
        const answer = (r as PromiseFulfilledResult<unknown>).value;
        if (answer && typeof answer === 'object' && 'status' in answer)
          assert.equal(answer.status, 200, JSON.stringify((answer as { body?: unknown }).body));
      }
      await assertExact('after the mix');
      if (dialectOf(server.ctx.db) === 'postgres') {
        assert.equal(await compactEnvelopeCounts(server.ctx.db, platformId), true);
        await assertExact('after a fold');
      }
    });

    test('PostgreSQL: a listing writes nothing; the worker’s periodic fold folds a platform’s many deltas', async (t) => {
      const db = server.ctx.db;
      if (dialectOf(db) !== 'postgres') return t.skip('SQLite keeps one counter row per key');
      const platformId = await platformIdOf('default');
      const rowsOf = async () =>
        Number(
          (
            await db
              .selectFrom('envelopeCount')
              .where('platformId', '=', platformId)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const one = await createDocument(server.api, typicalPayload({ title: 'Flipped' }));
      // Each status flip adds two delta rows (the old key −1, the new one +1).
      for (let i = 0; i < 130; i++)
        await sql`update envelope set status = case when status = 'DRAFT' then 'PENDING' else 'DRAFT' end
          where id = ${one.body.id}`.execute(db);
      const many = await rowsOf();
      assert.ok(many > 200, `${many} counter rows`);
      await listedCount(server.api, '/api/v2/envelope?perPage=1');
      assert.equal(await rowsOf(), many, 'a listing folds nothing: reads write nothing');
      assert.equal(await foldEnvelopeCounts(server.ctx), 1, 'one platform folded');
      assert.ok((await rowsOf()) < 50, 'folded into one row per key');
      await assertExact('after the periodic fold');
    });

    test('bulk SQL, a rolled-back transaction and an operator recount', async () => {
      const db = server.ctx.db;
      const platformId = await platformIdOf('default');
      const source = await db
        .selectFrom('envelope')
        .select('id')
        .where('platformId', '=', platformId)
        .executeTakeFirstOrThrow();
      const postgres = dialectOf(db) === 'postgres';
      const columns = postgres
        ? (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = 'envelope' and table_schema = current_schema() order by ordinal_position`.execute(db)
          ).rows
        : (await sql<{ name: string }>`select name from pragma_table_info('envelope')`.execute(db)).rows;
      const names = columns.map((c) => c.name).filter((c) => c !== 'id');
      const value = (c: string) =>
        ({
          public_id: `'envelope_bulk' || n`,
          meta_id: `'meta_bulk' || n`,
          status: `case n % 3 when 0 then 'DRAFT' when 1 then 'PENDING' else 'COMPLETED' end`,
          visibility: `case n % 2 when 0 then 'EVERYONE' else 'ADMIN' end`,
        })[c] ?? `e.${c}`;
      const series = postgres
        ? `generate_series(1, 500) n`
        : `(with recursive c(n) as (select 1 union all select n + 1 from c where n < 500) select n from c)`;
      const bulk = `insert into envelope (${names.join(', ')}) select ${names.map(value).join(', ')} from ${series}, envelope e where e.id = ${source.id}`;
      await sql.raw(bulk).execute(db);
      await assertExact('after a bulk insert');
      // A transaction that fails after its writes leaves the counters as they were.
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await sql
            .raw(bulk.replaceAll("'envelope_bulk'", "'envelope_gone'").replaceAll("'meta_bulk'", "'meta_gone'"))
            .execute(trx);
          await sql`update envelope set status = 'CANCELLED' where public_id like 'envelope_bulk%'`.execute(trx);
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      await assertExact('after a rollback');
      await sql`update envelope set status = 'CANCELLED' where public_id like 'envelope_bulk1%'`.execute(db);
      await sql`update envelope set deleted_at = ${new Date().toISOString()} where public_id like 'envelope_bulk2%'`.execute(
        db,
      );
      await sql`update envelope set deleted_at = null where public_id like 'envelope_bulk22%'`.execute(db);
      await sql`delete from recipient where envelope_id in (select id from envelope where public_id like 'envelope_bulk3%')`.execute(
        db,
      );
      await sql`delete from envelope where public_id like 'envelope_bulk3%'`.execute(db);
      await assertExact('after bulk updates and deletes');
      await recountEnvelopes(db);
      await assertExact('after a recount');
    });

    test("a member's total: their visibilities from the counters, the rest they own or are sent", async () => {
      const db = server.ctx.db;
      const platformId = await platformIdOf('default');
      // One envelope above a MEMBER's visibility addressed to them; its recipients are typicalPayload's.
      const addressed = await createDocument(server.api, typicalPayload({ title: 'Addressed' }));
      await db.updateTable('envelope').set({ visibility: 'ADMIN' }).where('id', '=', addressed.body.id).execute();
      const recipient = await db
        .selectFrom('recipient')
        .select('email')
        .where('envelopeId', '=', addressed.body.id)
        .executeTakeFirstOrThrow();
      const filter: EnvelopeFilter = {
        platformId,
        type: 'DOCUMENT',
        visibleTo: { visibilities: ['EVERYONE'], userId: 'nobody', email: recipient.email.toUpperCase() },
        now: new Date().toISOString(),
      };
      const page = await findEnvelopePage(db, filter, { offset: 0, limit: 5, direction: 'desc' });
      assert.equal(page.countSource.kind, 'counters');
      // The same total counted row by row (a filter the counters cannot answer: source).
      const counted = await findEnvelopePage(
        db,
        { ...filter, source: 'DOCUMENT' },
        { offset: 0, limit: 5, direction: 'desc' },
      );
      assert.equal(counted.countSource.kind, 'counted');
      const addressedEnvelopes = await db
        .selectFrom('recipient')
        .select('envelopeId')
        .where(sql<string>`lower(email)`, '=', recipient.email.toLowerCase())
        .execute();
      const expected =
        (await truth(platformId, { type: 'DOCUMENT', visibilities: ['EVERYONE'] })) +
        Number(
          (
            await db
              .selectFrom('envelope')
              .where('platformId', '=', platformId)
              .where('deletedAt', 'is', null)
              .where('type', '=', 'DOCUMENT')
              .where('visibility', '!=', 'EVERYONE')
              .where(
                'id',
                'in',
                addressedEnvelopes.map((r) => r.envelopeId),
              )
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      assert.ok(expected > 0);
      assert.equal(page.count, expected);
      assert.equal(counted.count, expected);
    });

    test('every page, from either end, is the page an offset walk gives', async () => {
      const db = server.ctx.db;
      const platformId = await platformIdOf('default');
      const filter: EnvelopeFilter = { platformId, now: new Date().toISOString() };
      for (const direction of ['desc', 'asc'] as const) {
        const all = await db
          .selectFrom('envelope')
          .select('id')
          .where('platformId', '=', platformId)
          .where('deletedAt', 'is', null)
          .orderBy('createdAt', direction)
          .orderBy('id', direction)
          .execute();
        const limit = 37;
        for (let offset = 0; offset <= all.length + limit; offset += limit) {
          const page = await findEnvelopePage(db, filter, { offset, limit, direction });
          assert.deepEqual(
            page.rows.map((r) => r.id),
            all.slice(offset, offset + limit).map((r) => r.id),
            `${direction} offset ${offset}`,
          );
        }
      }
    });
  });
}
