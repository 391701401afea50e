import { decodeStoredMeta, type EnvelopeMeta } from '../../lib/stored/envelope-meta.js';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { TemplateDirectLinkTable } from '../schema.js';

export type DirectLinkRow = Selectable<TemplateDirectLinkTable>;

export async function insertDirectLink(db: Db, row: Insertable<TemplateDirectLinkTable>): Promise<void> {
  await db.insertInto('templateDirectLink').values(row).execute();
}

export async function deleteDirectLinkOfTemplate(db: Db, platformId: number, envelopeId: number): Promise<void> {
  await db
    .deleteFrom('templateDirectLink')
    .where('platformId', '=', platformId)
    .where('envelopeId', '=', envelopeId)
    .execute();
}

export async function setDirectLinkEnabled(
  db: Db,
  platformId: number,
  envelopeId: number,
  enabled: boolean,
  at: string,
): Promise<void> {
  await db
    .updateTable('templateDirectLink')
    .set({ enabled: enabled ? 1 : 0, updatedAt: at })
    .where('platformId', '=', platformId)
    .where('envelopeId', '=', envelopeId)
    .execute();
}

/**
 * The link behind a public token, by the SHA-256 of the token, with the template it belongs to:
 * only a live (not deleted) TEMPLATE envelope of the link's own platform. The token is the
 * credential (there is no caller platform); the row names the platform.
 */
export async function findDirectLinkByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<(DirectLinkRow & { templateTitle: string; templateMeta: EnvelopeMeta }) | undefined> {
  const row = await db
    .selectFrom('templateDirectLink as l')
    .innerJoin('envelope as e', (join) =>
      join.onRef('e.id', '=', 'l.envelopeId').onRef('e.platformId', '=', 'l.platformId'),
    )
    .selectAll('l')
    .select(['e.title as templateTitle', 'e.meta as templateMeta'])
    .where('l.tokenHash', '=', tokenHash)
    .where('e.type', '=', 'TEMPLATE')
    .where('e.deletedAt', 'is', null)
    .executeTakeFirst();
  return row && { ...row, templateMeta: decodeStoredMeta(row.templateMeta) };
}
