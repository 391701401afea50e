import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/** The tables whose rows are part of an envelope's public view. */
const PARTS = ['envelope_item', 'recipient', 'field', 'attachment'] as const;
const ACTIONS = ['insert', 'update', 'delete'] as const;

/**
 * `envelope.version` becomes a complete change counter: the database itself bumps it whenever the
 * envelope row or any of its items, recipients, fields or attachments changes, whoever writes
 * (any use case, any node, the CLI, an operator's SQL). Readers can then validate a cached view
 * of an envelope with one primary-key read. This is the one migration with dialect-specific SQL:
 * the schema builder has no triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`
      create function firma_envelope_version_bump() returns trigger language plpgsql as $$
      begin
        if new.version = old.version then new.version := old.version + 1; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger envelope_version_bump before update on envelope for each row execute function firma_envelope_version_bump()`.execute(
      db,
    );
    await sql`
      create function firma_envelope_part_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update envelope set version = version + 1 where id = old.envelope_id;
        else
          update envelope set version = version + 1 where id = new.envelope_id;
          if tg_op = 'UPDATE' and new.envelope_id <> old.envelope_id then
            update envelope set version = version + 1 where id = old.envelope_id;
          end if;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of PARTS) {
      await sql`create trigger ${sql.id(`${table}_changed`)} after insert or update or delete on ${sql.id(table)} for each row execute function firma_envelope_part_changed()`.execute(
        db,
      );
    }
    return;
  }
  // SQLite: recursive triggers are off, and the WHEN clause stops the bump from re-firing itself.
  await sql`
    create trigger envelope_version_bump after update on envelope for each row when new.version = old.version
    begin update envelope set version = old.version + 1 where id = new.id; end`.execute(db);
  for (const table of PARTS) {
    for (const action of ACTIONS) {
      const row = action === 'delete' ? 'old' : 'new';
      await sql
        .raw(
          `create trigger ${table}_${action}_changed after ${action} on ${table} for each row ` +
            `begin update envelope set version = version + 1 where id = ${row}.envelope_id;` +
            (action === 'update'
              ? ' update envelope set version = version + 1 where id = old.envelope_id and old.envelope_id <> new.envelope_id;'
              : '') +
            ' end',
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of PARTS)
      await sql`drop trigger if exists ${sql.id(`${table}_changed`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger if exists envelope_version_bump on envelope`.execute(db);
    await sql`drop function if exists firma_envelope_part_changed()`.execute(db);
    await sql`drop function if exists firma_envelope_version_bump()`.execute(db);
    return;
  }
  for (const table of PARTS)
    for (const action of ACTIONS) await sql.raw(`drop trigger if exists ${table}_${action}_changed`).execute(db);
  await sql`drop trigger if exists envelope_version_bump`.execute(db);
}
