import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { dialectOf } from '../../src/db/database.js';
import { chooseSearchAnchors } from '../../src/db/repositories/envelope-search-anchors.js';
import { titleTrigramStats } from '../../src/db/repositories/envelope-search-stats.repo.js';
import { createDocument, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * On PostgreSQL a search leaves the trigrams found in most titles out of its GIN scan and checks
 * the whole query on the rows the rare ones find (migration 0043). The answer must stay exactly
 * the documented one on both databases: title contains the query in any case, every character
 * literal, or externalId equals it. 60,000 titles share "Seeded contract ", so those trigrams are
 * common here; a few titles carry LIKE's special characters.
 */
const COPIES = 60_000;
const SPECIAL = [
  'Seeded contract 50% off',
  'Seeded contract a_b',
  'Seeded contract C:\\dir',
  'Seeded CONTRACT Córdoba 77',
];

for (const database of testDatabases()) {
  describe(`GET /envelope?query= with common trigrams (${database})`, () => {
    let server: TestServer;
    const titles = new Map<string, { title: string; externalId: string }>();
    before(async () => {
      server = await startTestServer({ database, worker: false });
      const created = await createDocument(
        server.api,
        typicalPayload({ title: 'Seeded contract 0', externalId: 'seed-0' }),
      );
      assert.equal(created.status, 200);
      const db = server.ctx.db;
      const postgres = dialectOf(db) === 'postgres';
      const columns = postgres
        ? (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = 'envelope' and table_schema = current_schema() order by ordinal_position`.execute(db)
          ).rows
        : (await sql<{ name: string }>`select name from pragma_table_info('envelope')`.execute(db)).rows;
      const names = columns.map((c) => c.name).filter((c) => c !== 'id');
      const special = SPECIAL.map((t, i) => `when ${i + 1} then '${t.replaceAll("'", "''")}'`).join(' ');
      const value = (c: string) =>
        ({
          public_id: `'envelope_seed' || n`,
          meta_id: `'meta_seed' || n`,
          title: `case n ${special} else 'Seeded contract ' || n end`,
          external_id: `'seed-' || n`,
        })[c] ?? `e.${c}`;
      const series = postgres
        ? `generate_series(1, ${COPIES}) n`
        : `(with recursive c(n) as (select 1 union all select n + 1 from c where n < ${COPIES}) select n from c)`;
      await sql
        .raw(
          `insert into envelope (${names.join(', ')}) select ${names.map(value).join(', ')} from ${series}, envelope e where e.id = ${created.body.id}`,
        )
        .execute(db);
      await sql`analyze envelope`.execute(db);
      // The same title on another platform is never found.
      const other = await server.newPlatform();
      assert.equal(
        (await createDocument(other, typicalPayload({ title: 'Seeded contract 4321', externalId: 'seed-4321' })))
          .status,
        200,
      );
      titles.set('seed-0', { title: 'Seeded contract 0', externalId: 'seed-0' });
      for (let n = 1; n <= COPIES; n++)
        titles.set(`seed-${n}`, { title: SPECIAL[n - 1] ?? `Seeded contract ${n}`, externalId: `seed-${n}` });
    });
    after(() => server.close());

    /** Every match, through the pages; compared as sets of externalIds. */
    async function found(query: string): Promise<{ count: number; externalIds: string[] }> {
      const externalIds: string[] = [];
      let count = 0;
      for (let page = 1; ; page++) {
        const res = await server.api.get(
          `/api/v2/envelope?query=${encodeURIComponent(query)}&perPage=100&page=${page}`,
        );
        assert.equal(res.status, 200, JSON.stringify(res.body));
        count = res.body.count;
        externalIds.push(...res.body.data.map((e: { externalId: string }) => e.externalId));
        if (res.body.data.length < 100) break;
      }
      return { count, externalIds: externalIds.sort() };
    }

    function expected(query: string): string[] {
      const q = query.toLowerCase();
      return [...titles.values()]
        .filter((t) => t.title.toLowerCase().includes(q) || t.externalId === query)
        .map((t) => t.externalId)
        .sort();
    }

    for (const query of [
      'ntract 4321',
      'SEEDED CONTRACT 5999',
      'seed-4242',
      'ded contract 12345',
      'contract 50%',
      'contract 5%',
      'act a_b',
      'act a%b',
      'c:\\dir',
      'córdoba 7',
      'CONTRACT CÓRDOBA',
      'ntract 77',
      'no such 4321',
    ]) {
      test(`"${query}" finds exactly the titles containing it`, async () => {
        const want = expected(query);
        const got = await found(query);
        assert.deepEqual(got.externalIds, want);
        assert.equal(got.count, want.length);
      });
    }

    test('the statistics make the shared prefix common and pick the rare part of a query', async (t) => {
      if (database !== 'postgres') return t.skip('PostgreSQL only');
      const stats = await titleTrigramStats(server.ctx.db);
      assert.ok(stats, 'migration 0043 made the statistics and ANALYZE filled them');
      const isCommon = (trigram: string) => (stats.shares.get(trigram) ?? 0) > 0.9;
      assert.ok(isCommon('see') && isCommon('ntr'));
      const anchors = chooseSearchAnchors('ntract 4321', isCommon);
      const texts = anchors?.map((a) => [...'ntract 4321'].slice(a.start, a.end).join('')) ?? [];
      assert.equal(texts.length, 1);
      assert.ok(texts[0]!.endsWith(' 4321') && !texts[0]!.includes('ct '), texts[0]);
    });
  });
}
