import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Every listing page answers the total (`count`, `totalPages`: Documenso's wire). Counting a
 * platform's million envelopes read a million index entries per page (112 ms for 300k on
 * PostgreSQL). `envelope_count` keeps the number of live envelopes (`deleted_at` null) per
 * platform, type, status, visibility and folder (`''` for the root, so SQLite's unique key holds),
 * and the database keeps it: triggers on `envelope` change it in the same transaction as the row,
 * whoever writes (a use case, the CLI, an operator's SQL), so it is exact after any commit and any
 * crash. A listing sums the few rows that match its filter (docs/design/listing.md).
 * - SQLite has one writer at a time: one row per key, changed in place by an upsert.
 * - PostgreSQL: rows are deltas, only ever inserted by the triggers (no row lock taken, so
 *   concurrent creates on one platform do not queue behind one hot row), and folded together by
 *   `compactEnvelopeCounts` (one statement, exact under concurrency). Inserts and deletes add one
 *   delta per key per statement (transition tables: a bulk insert of a million rows adds a few
 *   dozen); an update adds two only when it moves a key column.
 * Like 0017 and 0030, dialect-specific SQL: the schema builder has no triggers.
 */
const KEY = ['platform_id', 'type', 'status', 'visibility', 'folder'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('envelope_count')
    .addColumn('platform_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  const index = db.schema
    .createIndex('envelope_count_key_idx')
    .on('envelope_count')
    .columns([...KEY]);
  await (postgres ? index : index.unique()).execute();
  if (postgres) await upPostgres(db);
  else await upSqlite(db);
  await sql`insert into envelope_count (platform_id, type, status, visibility, folder, n)
    select platform_id, type, status, visibility, coalesce(folder_id, ''), count(*) from envelope
    where deleted_at is null group by platform_id, type, status, visibility, coalesce(folder_id, '')`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // One function for inserts and deletes, per statement: the rows come as a transition table.
  await sql`
    create function firma_envelope_count_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into envelope_count (platform_id, type, status, visibility, folder, n)
          select platform_id, type, status, visibility, coalesce(folder_id, ''), count(*) from firma_new_rows
          where deleted_at is null group by 1, 2, 3, 4, 5;
      else
        insert into envelope_count (platform_id, type, status, visibility, folder, n)
          select platform_id, type, status, visibility, coalesce(folder_id, ''), -count(*) from firma_old_rows
          where deleted_at is null group by 1, 2, 3, 4, 5;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger envelope_count_insert after insert on envelope referencing new table as firma_new_rows
    for each statement execute function firma_envelope_count_rows()`.execute(db);
  await sql`create trigger envelope_count_delete after delete on envelope referencing old table as firma_old_rows
    for each statement execute function firma_envelope_count_rows()`.execute(db);
  // Updates per row, filtered by WHEN before any function call: the version bumps every part
  // change makes (0017) cost nothing here.
  await sql`
    create function firma_envelope_count_update() returns trigger language plpgsql as $$
    begin
      if old.deleted_at is null then
        insert into envelope_count (platform_id, type, status, visibility, folder, n)
          values (old.platform_id, old.type, old.status, old.visibility, coalesce(old.folder_id, ''), -1);
      end if;
      if new.deleted_at is null then
        insert into envelope_count (platform_id, type, status, visibility, folder, n)
          values (new.platform_id, new.type, new.status, new.visibility, coalesce(new.folder_id, ''), 1);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger envelope_count_update
    after update of platform_id, type, status, visibility, folder_id, deleted_at on envelope for each row
    when ((old.platform_id, old.type, old.status, old.visibility, old.folder_id, old.deleted_at is null)
      is distinct from (new.platform_id, new.type, new.status, new.visibility, new.folder_id, new.deleted_at is null))
    execute function firma_envelope_count_update()`.execute(db);
}

/** The SQLite statements that add `delta` to the key of `row` (`new` or `old`). */
function sqliteBump(row: 'new' | 'old', delta: 1 | -1): string {
  return (
    `insert into envelope_count (platform_id, type, status, visibility, folder, n) values ` +
    `(${row}.platform_id, ${row}.type, ${row}.status, ${row}.visibility, coalesce(${row}.folder_id, ''), ${delta}) ` +
    `on conflict (platform_id, type, status, visibility, folder) do update set n = n + ${delta};`
  );
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create trigger envelope_count_insert after insert on envelope for each row when new.deleted_at is null begin ${sqliteBump('new', 1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger envelope_count_delete after delete on envelope for each row when old.deleted_at is null begin ${sqliteBump('old', -1)} end`,
    )
    .execute(db);
  // Two triggers for an update (SQLite's trigger bodies have no IF): the old key out, the new in.
  const moved =
    `(old.platform_id, old.type, old.status, old.visibility, coalesce(old.folder_id, ''), old.deleted_at is null) ` +
    `is not (new.platform_id, new.type, new.status, new.visibility, coalesce(new.folder_id, ''), new.deleted_at is null)`;
  await sql
    .raw(
      `create trigger envelope_count_update_out after update on envelope for each row when old.deleted_at is null and ${moved} begin ${sqliteBump('old', -1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger envelope_count_update_in after update on envelope for each row when new.deleted_at is null and ${moved} begin ${sqliteBump('new', 1)} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const trigger of ['envelope_count_insert', 'envelope_count_delete', 'envelope_count_update'])
      await sql`drop trigger if exists ${sql.id(trigger)} on envelope`.execute(db);
    await sql`drop function if exists firma_envelope_count_rows()`.execute(db);
    await sql`drop function if exists firma_envelope_count_update()`.execute(db);
  } else {
    for (const trigger of [
      'envelope_count_insert',
      'envelope_count_delete',
      'envelope_count_update_out',
      'envelope_count_update_in',
    ])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.dropTable('envelope_count').execute();
}
