import { decodeEnvelopeRow, decodeRecipientRow } from './stored-json.js';
import type { TemplateType } from '../../lib/vocabulary/template-types.js';
import { sql, type ExpressionBuilder } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { DB, EnvelopeType, Visibility } from '../schema.js';
import { countEnvelopesByKey } from './envelope-count.repo.js';
import type { EnvelopeStatus } from '../../lib/vocabulary/envelope-status.js';
import type { EnvelopeRow, RecipientRow } from './envelope.repo.js';
import { chooseSearchAnchors, type SearchAnchor } from './envelope-search-anchors.js';
import { titleTrigramStats } from './envelope-search-stats.repo.js';

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
  /** Templates of this Documenso type. */
  templateType?: TemplateType | undefined;
  /** `query` also matches a recipient's whole e-mail address or name, case-insensitively (the web app's search). */
  queryRecipients?: boolean | undefined;
  /** Only what a member may see (visibility.ts): these visibilities, or owned by them, or addressed to them. */
  visibleTo?: VisibleTo | undefined;
  now: string;
}

export interface VisibleTo {
  visibilities: readonly Visibility[];
  userId: string;
  email: string;
}

/** How the page's total was found: from the counters (how many rows summed), or by counting. */
export type CountSource = { kind: 'counters'; rows: number } | { kind: 'counted' };

/**
 * One page of the platform's envelopes, newest first by default, and the total.
 * - The total comes from `envelope_count` (migration 0078) when the filter is made of its key
 *   (platform, type, status, folder, visibility); a member's list adds a count of what they see
 *   outside their visibilities (owned by them or addressed to them: their own few envelopes). Any
 *   other filter counts its rows, or reuses `knownCount`; a search counts its matches on the page.
 * - The page is found by ids first (the listing indexes hold the filter and the sort, so the
 *   walk to the offset reads the index alone) and only its rows are read whole. With an exact
 *   total, a page in the far half is walked from the other end (the last page of a million is
 *   its first page in reverse), and a page past the end is empty without a walk.
 * The recipients of the page come in one more query, never one per envelope.
 */
export async function findEnvelopePage(
  db: Db,
  filter: EnvelopeFilter,
  page: { offset: number; limit: number; direction: 'asc' | 'desc' },
  knownCount?: number,
): Promise<{ rows: EnvelopeRow[]; count: number; recipients: RecipientRow[]; countSource: CountSource }> {
  let filtered = db.selectFrom('envelope').where('platformId', '=', filter.platformId).where('deletedAt', 'is', null);
  if (filter.status) filtered = filtered.where('status', '=', filter.status);
  if (filter.type) filtered = filtered.where('type', '=', filter.type);
  if (filter.source) filtered = filtered.where('source', '=', filter.source);
  if (filter.folderId !== undefined) filtered = filtered.where('folderId', '=', filter.folderId);
  if (filter.templateId !== undefined) filtered = filtered.where('templateId', '=', filter.templateId);
  if (filter.templateType !== undefined) filtered = filtered.where('templateType', '=', filter.templateType);
  if (filter.query) {
    const anchors = await searchAnchors(db, filter.query);
    filtered = filtered.where(
      matchesQuery(db, filter.platformId, filter.query, anchors, filter.queryRecipients === true),
    );
  }
  if (filter.hasExpiredRecipients !== undefined) {
    const wanted = filter.hasExpiredRecipients;
    filtered = filtered.where((eb) => {
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
  const visibleTo = filter.visibleTo;
  const base = visibleTo
    ? filtered.where((eb) =>
        eb.or([
          eb('envelope.visibility', 'in', [...visibleTo.visibilities]),
          eb('envelope.ownerUserId', '=', visibleTo.userId),
          // Uncorrelated on purpose: the envelopes addressed to the member are found once (through
          // recipient_email_lower_idx) and each listed entry is a lookup in that set, where a
          // correlated EXISTS probed the recipients of every envelope the walk passed.
          eb('envelope.id', 'in', addressedTo(eb, visibleTo)),
        ]),
      )
    : filtered;
  // Two statements on purpose: given `id in (page's ids) order by created_at`, a planner may walk
  // the ordered listing index and test each entry against the ids (a million entries at 1M).
  const pageOf = async (offset: number, limit: number, direction: 'asc' | 'desc') => {
    const ids = await base
      .select('id')
      .orderBy('createdAt', direction)
      .orderBy('id', direction)
      .offset(offset)
      .limit(limit)
      .execute();
    if (ids.length === 0) return [];
    const found = await db
      .selectFrom('envelope')
      .selectAll()
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.flatMap((r) => byId.get(r.id) ?? []);
  };
  let rows: EnvelopeRow[];
  let count: number;
  let countSource: CountSource = { kind: 'counted' };
  const countAll = () => base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (filter.query && knownCount === undefined) {
    // A search finds its matches once: the page carries their number (a window count, taken
    // before the limit), rather than a second query searching the index again.
    const found = await base
      .selectAll()
      .select(sql<number>`count(*) over ()`.as('matchCount'))
      .orderBy('createdAt', page.direction)
      .orderBy('id', page.direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    rows = found.map(({ matchCount: _matchCount, ...row }) => decodeEnvelopeRow(row));
    count = found.length > 0 ? Number(found[0]!.matchCount) : page.offset === 0 ? 0 : Number((await countAll()).n);
  } else if (countersAnswer(filter)) {
    const counted = await countFromCounters(db, filter);
    count = counted.n;
    countSource = { kind: 'counters', rows: counted.rows };
    rows = (await pageFromNearerEnd(pageOf, page, count)).map(decodeEnvelopeRow);
  } else {
    const [pageRows, total] = await Promise.all([
      pageOf(page.offset, page.limit, page.direction),
      knownCount !== undefined ? { n: knownCount } : countAll(),
    ]);
    rows = pageRows.map(decodeEnvelopeRow);
    count = Number(total.n);
  }
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
        .then((found) => found.map(decodeRecipientRow))
    : [];
  return { rows, count, recipients, countSource };
}

type PageQuery = (
  offset: number,
  limit: number,
  direction: 'asc' | 'desc',
) => Promise<Parameters<typeof decodeEnvelopeRow>[0][]>;

/**
 * The page at `offset` of `count` entries, walked from whichever end is nearer: rows
 * [offset, offset + limit) in one direction are rows [count - offset - limit, count - offset) in the
 * other, read in that order and turned round.
 */
async function pageFromNearerEnd(
  pageOf: PageQuery,
  page: { offset: number; limit: number; direction: 'asc' | 'desc' },
  count: number,
) {
  if (page.offset >= count) return [];
  if (page.offset + page.limit / 2 <= count / 2) return pageOf(page.offset, page.limit, page.direction);
  const end = Math.min(page.offset + page.limit, count);
  const reversed = await pageOf(count - end, end - page.offset, page.direction === 'asc' ? 'desc' : 'asc');
  return reversed.reverse();
}

/** Whether every condition of the filter is a key column of `envelope_count` (or the member's rule). */
function countersAnswer(filter: EnvelopeFilter): boolean {
  return (
    filter.source === undefined &&
    filter.templateId === undefined &&
    filter.templateType === undefined &&
    !filter.query &&
    filter.hasExpiredRecipients === undefined
  );
}

/**
 * The total from the counters. A member sees the envelopes of their visibilities (counters) and,
 * outside them, those they own or are addressed to: their own few, found through the owner index
 * and the recipients' e-mail index, each checked against the filter by primary key. `cross join`
 * fixes that order on SQLite (a planner without statistics walked the whole listing index testing
 * each entry against the few ids); PostgreSQL plans it as an inner join. The two parts are
 * disjoint by visibility; `count(distinct)` counts an envelope both owned and addressed once.
 */
async function countFromCounters(db: Db, filter: EnvelopeFilter): Promise<{ n: number; rows: number }> {
  const visibleTo = filter.visibleTo;
  const counted = await countEnvelopesByKey(db, {
    platformId: filter.platformId,
    type: filter.type,
    status: filter.status,
    folderId: filter.folderId,
    visibilities: visibleTo?.visibilities,
  });
  if (!visibleTo) return counted;
  const mine = db
    .selectFrom('envelope')
    .select('id')
    .where('ownerUserId', '=', visibleTo.userId)
    .where('platformId', '=', filter.platformId)
    .unionAll(
      db
        .selectFrom('recipient')
        .select('recipient.envelopeId as id')
        .where(sql<string>`lower(${sql.ref('recipient.email')})`, '=', visibleTo.email.toLowerCase()),
    );
  let outside = db
    .selectFrom(mine.as('mine'))
    .crossJoin('envelope')
    .whereRef('envelope.id', '=', 'mine.id')
    .where('envelope.platformId', '=', filter.platformId)
    .where('envelope.deletedAt', 'is', null)
    .where('envelope.visibility', 'not in', [...visibleTo.visibilities]);
  if (filter.type) outside = outside.where('envelope.type', '=', filter.type);
  if (filter.status) outside = outside.where('envelope.status', '=', filter.status);
  if (filter.folderId !== undefined) outside = outside.where('envelope.folderId', '=', filter.folderId);
  const own = await outside
    .select((eb) => eb.fn.count<number>('envelope.id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return { n: counted.n + Number(own.n), rows: counted.rows };
}

/** The envelopes with a recipient at the member's address (recipient_email_lower_idx). */
function addressedTo(eb: ExpressionBuilder<DB, 'envelope'>, visibleTo: VisibleTo) {
  return eb
    .selectFrom('recipient')
    .select('recipient.envelopeId')
    .where(sql<string>`lower(${sql.ref('recipient.email')})`, '=', visibleTo.email.toLowerCase());
}

/** Trigrams: a shorter query has none, so it cannot use the index and scans the platform's rows. */
const MIN_INDEXED_QUERY = 3;

/**
 * A trigram in more titles than this is left out of the index's search (see
 * `envelope-search-anchors.ts`): walking its posting list costs more than the rows it would rule
 * out. About half a millisecond of GIN decoding at this length.
 */
const COMMON_TRIGRAM_ROWS = 50_000;

/** PostgreSQL: the rare stretches of the query to ask the trigram index for, or `null` for all of it. */
async function searchAnchors(db: Db, query: string): Promise<SearchAnchor[] | null> {
  if (dialectOf(db) !== 'postgres') return null;
  const stats = await titleTrigramStats(db);
  if (!stats) return null;
  return chooseSearchAnchors(query.toLowerCase(), (trigram) => {
    const share = stats.shares.get(trigram);
    return share !== undefined && share * stats.rows > COMMON_TRIGRAM_ROWS;
  });
}

/**
 * Title contains the query (case-insensitive, every character literal) or the externalId equals it,
 * answered from the trigram index of migration 0030 when the query has three characters or more.
 * The matching ids are found first, apart from the listing's `order by … limit`: given those, a
 * planner prefers walking the ordered listing index and filtering each row, which reads every
 * envelope of the platform when few match.
 * - PostgreSQL: `id = any(array(subquery))`, evaluated once; inside it both sides of the `or` are
 *   index conditions (GIN on lower(title), the b-tree on platform and externalId), one bitmap.
 *   With `anchors`, the GIN is asked only for those substrings of the lower-cased query (cut and
 *   escaped by the database, from its own `lower`, so each is a substring of what the title must
 *   contain), and `strpos` checks the whole query on the rows found; `strpos` is not an index
 *   operator, so the planner cannot hand the whole query back to the index.
 * - SQLite: the FTS5 table asked for a phrase (a trigram phrase is a substring), the externalId
 *   probed apart, joined by `union all`.
 */
function matchesQuery(db: Db, platformId: number, query: string, anchors: SearchAnchor[] | null, recipients: boolean) {
  // Probes of migration 0071's indexes on lower(email) and lower(name); the outer query keeps the platform.
  const recipientEnvelopes = sql`select ${sql.ref('recipient.envelopeId')} from ${sql.table('recipient')} where lower(${sql.ref('recipient.email')}) = lower(${query}) or lower(${sql.ref('recipient.name')}) = lower(${query})`;
  const byRecipient = recipients ? sql` union all ${recipientEnvelopes}` : sql``;
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const likeTitle = sql<boolean>`lower(${sql.ref('title')}) like lower(${pattern}) escape '\\'`;
  const ofPlatform = sql`${sql.ref('platformId')} = ${platformId}`;
  if (dialectOf(db) === 'postgres') {
    const titleMatch = anchors
      ? sql.join(
          [
            ...anchors.map((a) => {
              const part = sql`substr(lower(${query}), ${a.start + 1}::int, ${a.end - a.start}::int)`;
              const escaped = sql`replace(replace(replace(${part}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
              return sql`lower(${sql.ref('title')}) like '%' || ${escaped} || '%' escape '\\'`;
            }),
            sql`strpos(lower(${sql.ref('title')}), lower(${query})) > 0`,
          ],
          sql` and `,
        )
      : likeTitle;
    return sql<boolean>`${sql.ref('envelope.id')} = any(array(select ${sql.ref('id')} from ${sql.table('envelope')} where ${ofPlatform} and ((${titleMatch}) or ${sql.ref('externalId')} = ${query})${byRecipient}))`;
  }
  if ([...query].length < MIN_INDEXED_QUERY) {
    // SQLite's lower() folds ASCII only (its FTS5 side folds all of Unicode).
    return recipients
      ? sql<boolean>`(${likeTitle} or ${sql.ref('externalId')} = ${query} or ${sql.ref('envelope.id')} in (${recipientEnvelopes}))`
      : sql<boolean>`(${likeTitle} or ${sql.ref('externalId')} = ${query})`;
  }
  const phrase = `"${query.replaceAll('"', '""')}"`;
  return sql<boolean>`${sql.ref('envelope.id')} in (select rowid from envelope_search where envelope_search match ${phrase} union all select ${sql.ref('id')} from ${sql.table('envelope')} where ${ofPlatform} and ${sql.ref('externalId')} = ${query}${byRecipient})`;
}
