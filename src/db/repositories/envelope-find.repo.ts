import { sql } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { EnvelopeStatus, EnvelopeType } from '../schema.js';
import type { EnvelopeRow, RecipientRow } from './envelope.repo.js';

export interface EnvelopeFilter {
  platformId: number;
  status?: EnvelopeStatus | undefined;
  type?: EnvelopeType | undefined;
  source?: EnvelopeRow['source'] | undefined;
  /** Matches the title (case-insensitive substring, `%` and `_` literal) or the externalId (exact). */
  query?: string | undefined;
  hasExpiredRecipients?: boolean | undefined;
  /** Filed directly in this folder of the platform. */
  folderId?: string | undefined;
  /** Made from this template (its numeric id). */
  templateId?: number | undefined;
  now: string;
}

/**
 * One page of the platform's envelopes, newest first by default, and the total. Both queries use
 * the (platform_id, [status,] created_at) indexes; the recipients of the page come in one more
 * query, never one per envelope.
 */
export async function findEnvelopePage(
  db: Db,
  filter: EnvelopeFilter,
  page: { offset: number; limit: number; direction: 'asc' | 'desc' },
  knownCount?: number,
): Promise<{ rows: EnvelopeRow[]; count: number; recipients: RecipientRow[] }> {
  let base = db.selectFrom('envelope').where('platformId', '=', filter.platformId).where('deletedAt', 'is', null);
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.type) base = base.where('type', '=', filter.type);
  if (filter.source) base = base.where('source', '=', filter.source);
  if (filter.folderId !== undefined) base = base.where('folderId', '=', filter.folderId);
  if (filter.templateId !== undefined) base = base.where('templateId', '=', filter.templateId);
  if (filter.query) base = base.where(matchesQuery(db, filter.platformId, filter.query));
  if (filter.hasExpiredRecipients !== undefined) {
    const wanted = filter.hasExpiredRecipients;
    base = base.where((eb) => {
      const expiredRecipient = eb.exists(
        eb
          .selectFrom('recipient')
          .select('recipient.id')
          .whereRef('recipient.envelopeId', '=', 'envelope.id')
          .where('recipient.expiresAt', '<=', filter.now)
          .where('recipient.signingStatus', '=', 'NOT_SIGNED'),
      );
      return wanted ? expiredRecipient : eb.not(expiredRecipient);
    });
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', page.direction)
      .orderBy('id', page.direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    knownCount !== undefined
      ? { n: knownCount }
      : base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const recipients = rows.length
    ? await db
        .selectFrom('recipient')
        .selectAll()
        .where(
          'envelopeId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { rows, count: Number(total.n), recipients };
}

/** Trigrams: a shorter query has none, so it cannot use the index and scans the platform's rows. */
const MIN_INDEXED_QUERY = 3;

/**
 * Title contains the query (case-insensitive, every character literal) or the externalId equals it,
 * answered from the trigram index of migration 0030 when the query has three characters or more.
 * On PostgreSQL both sides of the `or` are index conditions (GIN on lower(title), the b-tree on
 * platform and externalId), combined as a bitmap. SQLite asks its FTS5 table for a phrase (a
 * trigram phrase is a substring) and probes externalId apart, joined by `union all`, since its
 * planner would scan for an `or` of a virtual table and an index.
 */
function matchesQuery(db: Db, platformId: number, query: string) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const likeTitle = sql<boolean>`lower(${sql.ref('title')}) like lower(${pattern}) escape '\\'`;
  if (dialectOf(db) === 'postgres' || [...query].length < MIN_INDEXED_QUERY) {
    // Below three characters SQLite scans the platform's rows with a like, whose lower() folds
    // ASCII only (its FTS5 side folds all of Unicode).
    return sql<boolean>`(${likeTitle} or ${sql.ref('externalId')} = ${query})`;
  }
  const phrase = `"${query.replaceAll('"', '""')}"`;
  return sql<boolean>`${sql.ref('envelope.id')} in (select rowid from envelope_search where envelope_search match ${phrase} union all select ${sql.ref('id')} from ${sql.table('envelope')} where ${sql.ref('platformId')} = ${platformId} and ${sql.ref('externalId')} = ${query})`;
}
