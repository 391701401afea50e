import type { Db } from '../../db/database.js';
import { lockFolder, parentOfFolder, type FolderRow } from '../../db/repositories/folder.repo.js';
import type { FolderType } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { memberMaySeeFolder } from '../auth/member-visibility.js';
import type { AppMember } from '../auth/principal.js';

type Path = (string | number)[];

/**
 * The folder a request names for something of `type` (an envelope, or a subfolder), locked for the
 * transaction. Unknown, another platform's and (for a member acting in the app) one above the
 * member's role are the same 404; a folder of the other type (a TEMPLATE folder for a document) is
 * a 400.
 * @throws NOT_FOUND, FOLDER_TYPE_MISMATCH
 */
export async function lockFolderFor(
  trx: Db,
  platformId: number,
  folderId: string,
  type: FolderType,
  path: Path,
  member: AppMember | undefined,
): Promise<FolderRow> {
  const folder = await lockFolder(trx, platformId, folderId);
  if (!folder || !memberMaySeeFolder(member, folder.visibility))
    throw new AppError('NOT_FOUND', 'Folder not found', { issues: [{ message: 'no such folder', path }] });
  if (folder.type !== type) {
    throw new AppError('FOLDER_TYPE_MISMATCH', `A ${folder.type} folder cannot hold a ${type.toLowerCase()}`, {
      issues: [{ message: `the folder holds ${folder.type.toLowerCase()}s`, path }],
    });
  }
  return folder;
}

/** Deep enough for any real tree; a longer walk means the data is corrupt, not a deeper tree. */
const MAX_DEPTH = 1000;

/**
 * Refuses to put `folderId` under `newParentId` when that parent is the folder itself or lies
 * inside it: the tree would become a loop and its folders unreachable from the root.
 * @throws FOLDER_CYCLE
 */
export async function refuseCycle(db: Db, platformId: number, folderId: string, newParentId: string): Promise<void> {
  let at: string | null | undefined = newParentId;
  for (let depth = 0; at != null && depth < MAX_DEPTH; depth++) {
    if (at === folderId) {
      throw new AppError('FOLDER_CYCLE', 'A folder cannot move into itself or one of its subfolders', {
        issues: [{ message: 'this folder is inside the folder being moved', path: ['data', 'parentId'] }],
      });
    }
    at = await parentOfFolder(db, platformId, at);
  }
}
