import {
  childFolderIds,
  deleteFolders,
  liveEnvelopeInFolders,
  lockFolder,
  releaseDeletedEnvelopes,
} from '../../db/repositories/folder.repo.js';
import { AppError, notFound } from '../../errors.js';
import { memberMaySeeFolder } from '../auth/member-visibility.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { recordFolderChange } from './folder-audit.js';

/**
 * Deletes a folder and its subfolders, as Documenso does, but only while none of them holds a
 * live envelope: Documenso's cascade would take documents with it, and Firma never destroys a
 * document (or its evidence) as a side effect of tidying folders. A folder that still holds
 * documents answers 409 FOLDER_NOT_EMPTY and nothing changes; move or delete them first.
 * Soft-deleted envelopes keep their rows and simply leave the folder. A member acting in the app
 * cannot delete a folder above their role (NOT_FOUND, as if it were not there); a member's delete
 * is in the user-level audit log.
 * @throws NOT_FOUND, FOLDER_NOT_EMPTY
 */
export async function deleteFolder(
  ctx: Ctx,
  principal: Principal,
  folderId: string,
  request?: RequestMeta,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const folder = await lockFolder(trx, principal.platformId, folderId);
    if (!folder || !memberMaySeeFolder(principal.member, folder.visibility)) throw notFound('Folder');
    const subtree = [folder.id];
    for (let level = [folder.id]; level.length > 0;) {
      level = await childFolderIds(trx, principal.platformId, level);
      for (const id of level) await lockFolder(trx, principal.platformId, id);
      subtree.push(...level);
    }
    if (await liveEnvelopeInFolders(trx, principal.platformId, subtree)) {
      throw new AppError(
        'FOLDER_NOT_EMPTY',
        'The folder or one of its subfolders still holds documents; move or delete them first',
      );
    }
    await releaseDeletedEnvelopes(trx, principal.platformId, subtree);
    await deleteFolders(trx, principal.platformId, [folder.id]);
    await recordFolderChange(
      trx,
      principal,
      request,
      'FOLDER_DELETED',
      { folderId: folder.id, name: folder.name, subfolders: subtree.length - 1 },
      ctx.clock(),
    );
  });
}
