import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Migration 0031 notified the change channel from every transaction that touched a cached table,
 * and PostgreSQL commits notifying transactions one at a time (it holds a database-wide lock from
 * queueing the notifications to the end of the commit, WAL flush included): with sixteen writers,
 * 386 commits/s instead of 3,400. Most of those notifications told nobody anything, because a cache
 * can only hold rows that existed before: none of Firma's caches keeps an absence (an unknown token
 * or envelope is read again every time). So:
 * - inserts into `envelope`, `api_token` and `platform` notify nobody;
 * - an update or delete of `envelope` notifies unless every row it touched was inserted by the same
 *   transaction (creating a document inserts the envelope and then bumps its version once per part,
 *   through 0017's triggers). The transaction's own inserts are remembered in a transaction-local
 *   setting, `firma.fresh_envelopes`, which nothing outside the transaction can see or set;
 * - `folder` and `template_direct_link` keep notifying on insert too: a template's view shows its
 *   new direct link, and the link is not an envelope part, so the envelope's version does not move.
 * Updates and deletes of every table notify as before, whoever runs them (any node, the CLI, an
 * operator's SQL). A create therefore commits without the lock and in parallel with other creates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of ['envelope', 'api_token', 'platform'])
    await sql`drop trigger if exists ${sql.id(`${table}_signal_change`)} on ${sql.id(table)}`.execute(db);
  await sql`
    create function firma_note_fresh_envelopes() returns trigger language plpgsql as $$
    begin
      perform set_config('firma.fresh_envelopes',
        coalesce(nullif(current_setting('firma.fresh_envelopes', true), ''), ',') ||
          coalesce((select string_agg(id::text, ',') || ',' from inserted), ''),
        true);
      return null;
    end $$`.execute(db);
  await sql`
    create function firma_signal_envelope_change() returns trigger language plpgsql as $$
    declare
      fresh text := coalesce(nullif(current_setting('firma.fresh_envelopes', true), ''), ',');
    begin
      if fresh = ',' or exists (select 1 from touched where strpos(fresh, ',' || id || ',') = 0) then
        perform pg_notify('firma_change_' || md5(tg_table_schema), '');
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger envelope_note_fresh after insert on envelope referencing new table as inserted for each statement execute function firma_note_fresh_envelopes()`.execute(
    db,
  );
  await sql`create trigger envelope_signal_update after update on envelope referencing old table as touched for each statement execute function firma_signal_envelope_change()`.execute(
    db,
  );
  await sql`create trigger envelope_signal_delete after delete on envelope referencing old table as touched for each statement execute function firma_signal_envelope_change()`.execute(
    db,
  );
  await sql`create trigger envelope_signal_truncate after truncate on envelope for each statement execute function firma_signal_change()`.execute(
    db,
  );
  for (const table of ['api_token', 'platform'])
    await sql`create trigger ${sql.id(`${table}_signal_change`)} after update or delete or truncate on ${sql.id(table)} for each statement execute function firma_signal_change()`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const trigger of [
    'envelope_note_fresh',
    'envelope_signal_update',
    'envelope_signal_delete',
    'envelope_signal_truncate',
  ])
    await sql`drop trigger if exists ${sql.id(trigger)} on envelope`.execute(db);
  for (const table of ['api_token', 'platform'])
    await sql`drop trigger if exists ${sql.id(`${table}_signal_change`)} on ${sql.id(table)}`.execute(db);
  await sql`drop function if exists firma_signal_envelope_change()`.execute(db);
  await sql`drop function if exists firma_note_fresh_envelopes()`.execute(db);
  for (const table of ['envelope', 'api_token', 'platform'])
    await sql`create trigger ${sql.id(`${table}_signal_change`)} after insert or update or delete or truncate on ${sql.id(table)} for each statement execute function firma_signal_change()`.execute(
      db,
    );
}
