import type { Db } from '../database.js';
import type { PageSize } from '../schema.js';
import { encodeItem, type ItemPatch, type ItemRow } from './stored-json.js';

/**
 * Envelope item statements beyond creation and loading (`envelope.repo.ts`). Writes by item id
 * also name the envelope, resolved through the caller's platform (or the completion job's).
 */

/** The live envelope of the platform that holds this item, if any. */
export async function envelopeOfItem(db: Db, platformId: number, itemId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('envelopeItem')
    .innerJoin('envelope', 'envelope.id', 'envelopeItem.envelopeId')
    .select('envelope.id')
    .where('envelopeItem.id', '=', itemId)
    .where('envelope.platformId', '=', platformId)
    .where('envelope.deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The stored PDF a documentDataId names: an item of a live envelope (document or template) of the
 * platform. Another platform's id is the same undefined as an unknown one.
 */
export async function findDocumentData(
  db: Db,
  platformId: number,
  documentDataId: string,
): Promise<Pick<ItemRow, 'originalSha256' | 'originalSize' | 'pageCount' | 'pages'> | undefined> {
  const row = await db
    .selectFrom('envelopeItem')
    .innerJoin('envelope', 'envelope.id', 'envelopeItem.envelopeId')
    .select([
      'envelopeItem.originalSha256',
      'envelopeItem.originalSize',
      'envelopeItem.pageCount',
      'envelopeItem.pages',
    ])
    .where('envelopeItem.documentDataId', '=', documentDataId)
    .where('envelope.platformId', '=', platformId)
    .where('envelope.deletedAt', 'is', null)
    .executeTakeFirst();
  return row && { ...row, pages: JSON.parse(row.pages) as PageSize[] };
}

export async function updateItemOfEnvelope(
  db: Db,
  envelopeId: number,
  itemId: string,
  patch: ItemPatch,
): Promise<void> {
  await db
    .updateTable('envelopeItem')
    .set(encodeItem(patch))
    .where('id', '=', itemId)
    .where('envelopeId', '=', envelopeId)
    .execute();
}

/** Removes an item and, first, the fields placed on it. */
export async function deleteItemAndFields(db: Db, envelopeId: number, itemId: string): Promise<void> {
  await db.deleteFrom('field').where('envelopeItemId', '=', itemId).where('envelopeId', '=', envelopeId).execute();
  await db.deleteFrom('envelopeItem').where('id', '=', itemId).where('envelopeId', '=', envelopeId).execute();
}
