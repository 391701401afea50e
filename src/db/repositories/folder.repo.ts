import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { FolderTable, FolderType, Visibility } from '../schema.js';

export type FolderRow = Selectable<FolderTable>;

export async function insertFolder(db: Db, row: Insertable<FolderTable>): Promise<void> {
  await db.insertInto('folder').values(row).execute();
}

/** Tenant-scoped: another platform's folder is simply not found. */
export async function findFolder(db: Db, platformId: number, id: string): Promise<FolderRow | undefined> {
  return db
    .selectFrom('folder')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The folder, locked until the transaction ends on PostgreSQL (SQLite has one writer at a time):
 * whoever files an envelope into it, moves it or deletes it queues behind the others, so a delete
 * never misses an envelope filed concurrently.
 */
export async function lockFolder(trx: Db, platformId: number, id: string): Promise<FolderRow | undefined> {
  let query = trx.selectFrom('folder').selectAll().where('platformId', '=', platformId).where('id', '=', id);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateFolder(trx: Db, platformId: number, id: string, patch: Updateable<FolderTable>) {
  await trx.updateTable('folder').set(patch).where('platformId', '=', platformId).where('id', '=', id).execute();
}

/** The ids of the platform's folders directly inside any of `parentIds`. */
export async function childFolderIds(db: Db, platformId: number, parentIds: string[]): Promise<string[]> {
  if (parentIds.length === 0) return [];
  const rows = await db
    .selectFrom('folder')
    .select('id')
    .where('platformId', '=', platformId)
    .where('parentId', 'in', parentIds)
    .execute();
  return rows.map((r) => r.id);
}

/** The parent of a folder of the platform: undefined when there is no such folder, null for a root. */
export async function parentOfFolder(db: Db, platformId: number, id: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('folder')
    .select('parentId')
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.parentId : undefined;
}

/** Live envelopes of the platform filed in any of these folders (one is enough to refuse a delete). */
export async function liveEnvelopeInFolders(db: Db, platformId: number, folderIds: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('envelope')
    .select('id')
    .where('platformId', '=', platformId)
    .where('folderId', 'in', folderIds)
    .where('deletedAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deleted envelopes keep their rows (evidence); they let go of folders that are going away. */
export async function releaseDeletedEnvelopes(trx: Db, platformId: number, folderIds: string[]): Promise<void> {
  await trx
    .updateTable('envelope')
    .set({ folderId: null })
    .where('platformId', '=', platformId)
    .where('folderId', 'in', folderIds)
    .where('deletedAt', 'is not', null)
    .execute();
}

/** Deletes the platform's folders; subfolders go with their parent (ON DELETE CASCADE). */
export async function deleteFolders(trx: Db, platformId: number, ids: string[]): Promise<void> {
  await trx.deleteFrom('folder').where('platformId', '=', platformId).where('id', 'in', ids).execute();
}

/**
 * A change of a folder shows in the views of the envelopes it holds (the document view names the
 * folder): touching them bumps their `version` (migration 0017's triggers), so cached views follow.
 */
export async function touchEnvelopesInFolder(trx: Db, platformId: number, folderId: string): Promise<void> {
  await trx
    .updateTable('envelope')
    .set({ folderId })
    .where('platformId', '=', platformId)
    .where('folderId', '=', folderId)
    .execute();
}

export interface FolderFilter {
  platformId: number;
  type?: FolderType | undefined;
  parentId?: string | undefined;
  /** A part of the name, case-insensitive (ASCII). */
  query?: string | undefined;
  /** Only folders of these visibilities; undefined: all. */
  visibilities?: readonly Visibility[] | undefined;
}

/** One page of the platform's folders, pinned first, then newest first, and the total. */
export async function findFolderPage(
  db: Db,
  filter: FolderFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: FolderRow[]; count: number }> {
  let base = db.selectFrom('folder').where('platformId', '=', filter.platformId);
  if (filter.type) base = base.where('type', '=', filter.type);
  if (filter.parentId !== undefined) base = base.where('parentId', '=', filter.parentId);
  if (filter.visibilities) base = base.where('visibility', 'in', filter.visibilities);
  if (filter.query) {
    const pattern = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`lower(${sql.ref('name')}) like lower(${pattern}) escape '\\'`);
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('pinned', 'desc')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
