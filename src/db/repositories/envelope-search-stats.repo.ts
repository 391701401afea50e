import { sql } from 'kysely';
import { dialectOf, type Db } from '../database.js';

/**
 * How many titles hold each common trigram, from the statistics object of migration 0043
 * (`envelope_title_trigrams`, on `show_trgm(lower(title))`): ANALYZE, and autovacuum after it,
 * record the most common trigrams with the share of rows holding each. A trigram absent from that
 * list is rarer than the rarest one listed.
 */
export interface TitleTrigramStats {
  /** Share of rows (0–1) per listed trigram. */
  shares: Map<string, number>;
  /** Rows in `envelope` as of the last ANALYZE. */
  rows: number;
}

/** Statistics move only with ANALYZE; a minute's staleness costs at most a slower search. */
const STATS_TTL_MS = 60_000;

const cache = new WeakMap<Db, { at: number; stats: Promise<TitleTrigramStats | null> }>();

/** The statistics, read at most once a minute per connection pool; `null` before any ANALYZE. */
export function titleTrigramStats(db: Db): Promise<TitleTrigramStats | null> {
  if (dialectOf(db) !== 'postgres') return Promise.resolve(null);
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.stats;
  const stats = readStats(db).catch(() => null);
  cache.set(db, { at: Date.now(), stats });
  return stats;
}

async function readStats(db: Db): Promise<TitleTrigramStats | null> {
  // Statistics on an expression came with PostgreSQL 14; before it, migration 0043 made none.
  const { rows: views } = await sql<{ present: boolean }>`
    select to_regclass('pg_catalog.pg_stats_ext_exprs') is not null as present`.execute(db);
  if (!views[0]?.present) return null;
  // `most_common_elems` is of type anyarray, which has no input function: through text.
  const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; rows: number }>`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
      (select c.reltuples from pg_class c where c.oid = to_regclass('envelope')) as rows
    from pg_stats_ext_exprs s
    where s.statistics_schemaname = current_schema() and s.statistics_name = 'envelope_title_trigrams'`.execute(db);
  const row = rows[0];
  if (!row?.elems || !row.freqs) return null;
  const shares = new Map<string, number>();
  row.elems.forEach((trigram, i) => shares.set(trigram, Number(row.freqs![i])));
  return { shares, rows: Math.max(0, Number(row.rows)) };
}
