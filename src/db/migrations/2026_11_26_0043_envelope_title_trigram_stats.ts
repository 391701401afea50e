import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * PostgreSQL keeps the share of titles holding each common trigram (a statistics object on
 * `show_trgm(lower(title))`, filled by ANALYZE and autovacuum like any column's statistics), so a
 * search can leave the trigrams that sit in most titles out of its GIN scan (see
 * `envelope-search-anchors.ts`). No index and no rewrite: creating the object is instant; the ANALYZE
 * samples 30,000 rows whatever the table's size (about a second at a million envelopes), so the
 * statistics exist from the first search rather than from autovacuum's next visit.
 * Statistics on an expression need PostgreSQL 14; before it, and on SQLite (whose FTS5 search does
 * not walk long posting lists for a phrase), this migration does nothing and searches ask the index
 * for the whole query as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const { rows: version } = await sql<{ n: number }>`select current_setting('server_version_num')::int as n`.execute(
    db,
  );
  if (Number(version[0]!.n) < 140000) return;
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const showTrgm = sql`${sql.id(rows[0]!.schema)}.show_trgm`;
  await sql`create statistics envelope_title_trigrams on (${showTrgm}(lower(title))) from envelope`.execute(db);
  await sql`analyze envelope`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop statistics if exists envelope_title_trigrams`.execute(db);
}
