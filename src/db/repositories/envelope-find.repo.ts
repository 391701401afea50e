import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { EnvelopeStatus, EnvelopeType } from '../schema.js';
import type { EnvelopeRow, RecipientRow } from './envelope.repo.js';

export interface EnvelopeFilter {
  platformId: number;
  status?: EnvelopeStatus | undefined;
  type?: EnvelopeType | undefined;
  source?: EnvelopeRow['source'] | undefined;
  /** Matches the title (substring) or the externalId (exact). */
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
  if (filter.query) {
    const pattern = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The same on both databases: case-insensitive (ASCII), with % and _ in the query taken literally.
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${sql.ref('title')}) like lower(${pattern}) escape '\\'`,
        eb('externalId', '=', filter.query!),
      ]),
    );
  }
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
