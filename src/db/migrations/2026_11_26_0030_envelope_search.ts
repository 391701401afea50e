import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * `GET /envelope?query=` searches titles by substring. A `like '%…%'` cannot use a b-tree, so at a
 * million envelopes it scanned the platform's rows (p99 of seconds). Both databases get a trigram
 * index, which answers a substring of three or more characters from the index:
 * - PostgreSQL: `pg_trgm` (a contrib extension shipped with PostgreSQL, trusted since 13, so a
 *   user with CREATE on the database may create it) and a GIN index on `lower(title)`.
 * - SQLite: an FTS5 table with the trigram tokenizer over `envelope.title` (external content: the
 *   text is not stored twice), kept in step by triggers on insert, delete and title update.
 * Like 0017, this migration holds dialect-specific SQL because the schema builder has neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // An extension belongs to the database, not to a schema: it goes into `public` (or stays
    // wherever an operator installed it), so several Firma schemas in one database share it and
    // dropping one schema drops nothing of another's. The lock serialises concurrent creators.
    await sql`select pg_advisory_xact_lock(hashtext('firma:pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const opclass = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
    await sql`create index envelope_title_trgm_idx on envelope using gin (lower(title) ${opclass})`.execute(db);
    return;
  }
  await sql`create virtual table envelope_search using fts5(title, content='envelope', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger envelope_search_insert after insert on envelope begin
      insert into envelope_search (rowid, title) values (new.id, new.title); end`.execute(db);
  await sql`create trigger envelope_search_delete after delete on envelope begin
      insert into envelope_search (envelope_search, rowid, title) values ('delete', old.id, old.title); end`.execute(
    db,
  );
  await sql`create trigger envelope_search_update after update of title on envelope begin
      insert into envelope_search (envelope_search, rowid, title) values ('delete', old.id, old.title);
      insert into envelope_search (rowid, title) values (new.id, new.title); end`.execute(db);
  await sql`insert into envelope_search (envelope_search) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists envelope_title_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['envelope_search_insert', 'envelope_search_delete', 'envelope_search_update']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists envelope_search`.execute(db);
}
