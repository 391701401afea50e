import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * The tables whose rows a per-process cache depends on: `envelope` (the view cache; its version
 * moves on any change of items, recipients, fields and attachments through 0017's triggers, whose
 * updates of `envelope` fire these too), `api_token` and `platform` (the token check reads both),
 * `folder` and `template_direct_link` (the view shows them).
 */
const TABLES = ['envelope', 'api_token', 'platform', 'folder', 'template_direct_link'] as const;

/**
 * PostgreSQL's cross-node change signal (`db/change-signal.ts`): after every statement that
 * changes one of TABLES, whoever runs it (any node, the CLI, an operator's SQL), the transaction
 * notifies the schema's channel. PostgreSQL delivers notifications at commit only, and once per
 * transaction for identical ones, so it costs one queue entry per committing transaction. The
 * channel is named from the table's schema (see CHANGE_CHANNEL_SQL: a hash, within the 63-byte
 * limit), so servers of different schemas in one database do not wake each other. SQLite needs
 * none of this (its stamp is `PRAGMA data_version`). Dialect-specific SQL like 0017 and 0030: the
 * schema builder has no triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create function firma_signal_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('firma_change_' || md5(tg_table_schema), '');
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_signal_change`)} after insert or update or delete or truncate on ${sql.id(table)} for each statement execute function firma_signal_change()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of TABLES)
    await sql`drop trigger if exists ${sql.id(`${table}_signal_change`)} on ${sql.id(table)}`.execute(db);
  await sql`drop function if exists firma_signal_change()`.execute(db);
}
