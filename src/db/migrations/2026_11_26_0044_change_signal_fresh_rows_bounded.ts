import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Migration 0041 remembers the envelopes a transaction inserted in a text setting and, on every
 * update of `envelope`, looks each touched row up in it with `strpos`: quadratic in the number of
 * rows one transaction inserts. Firma's own transactions insert a handful, but an import or a
 * seeding script inserting a million envelopes in one transaction never finished. The list is now
 * bounded: once a transaction has inserted more than 1,000 envelopes it stops remembering them
 * (`*`) and every later update or delete in it notifies, which is always safe (a notification only
 * makes caches check again; missing one is what must not happen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create or replace function firma_note_fresh_envelopes() returns trigger language plpgsql as $$
    declare
      fresh text := coalesce(nullif(current_setting('firma.fresh_envelopes', true), ''), ',');
      n integer;
    begin
      if fresh = '*' then
        return null;
      end if;
      select count(*) into n from (select 1 from inserted limit 1001) counted;
      -- About 1,000 ids in all (12,000 characters): beyond that, forget them and notify on every update.
      if n > 1000 or length(fresh) > 12000 then
        perform set_config('firma.fresh_envelopes', '*', true);
      else
        perform set_config('firma.fresh_envelopes',
          fresh || coalesce((select string_agg(id::text, ',') || ',' from inserted), ''), true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function firma_signal_envelope_change() returns trigger language plpgsql as $$
    declare
      fresh text := coalesce(nullif(current_setting('firma.fresh_envelopes', true), ''), ',');
    begin
      if fresh = ',' or fresh = '*' or exists (select 1 from touched where strpos(fresh, ',' || id || ',') = 0) then
        perform pg_notify('firma_change_' || md5(tg_table_schema), '');
      end if;
      return null;
    end $$`.execute(db);
}

/** 0041's functions again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create or replace function firma_note_fresh_envelopes() returns trigger language plpgsql as $$
    begin
      perform set_config('firma.fresh_envelopes',
        coalesce(nullif(current_setting('firma.fresh_envelopes', true), ''), ',') ||
          coalesce((select string_agg(id::text, ',') || ',' from inserted), ''),
        true);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function firma_signal_envelope_change() returns trigger language plpgsql as $$
    declare
      fresh text := coalesce(nullif(current_setting('firma.fresh_envelopes', true), ''), ',');
    begin
      if fresh = ',' or exists (select 1 from touched where strpos(fresh, ',' || id || ',') = 0) then
        perform pg_notify('firma_change_' || md5(tg_table_schema), '');
      end if;
      return null;
    end $$`.execute(db);
}
