import { lockFolder, touchEnvelopesInFolder, updateFolder as writeFolder } from '../../db/repositories/folder.repo.js';
import type { Visibility } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { folderView } from '../model/folder-view.js';
import { lockFolderFor, refuseCycle } from './folder-rules.js';

export interface UpdateFolderInput {
  name?: string | undefined;
  /** null: move to the root. */
  parentId?: string | null | undefined;
  visibility?: Visibility | undefined;
  pinned?: boolean | undefined;
}

/**
 * Renames, moves, pins or unpins a folder. A move stays within the platform and the folder's type
 * and never under the folder itself. `visibility` other than EVERYONE is refused like the
 * envelope's: Firma has no team roles, so it would restrict nothing.
 * @throws NOT_FOUND, FOLDER_TYPE_MISMATCH, FOLDER_CYCLE, VISIBILITY_NOT_SUPPORTED
 */
export async function updateFolder(ctx: Ctx, principal: Principal, folderId: string, input: UpdateFolderInput) {
  if (input.visibility !== undefined && input.visibility !== 'EVERYONE') {
    throw new AppError('VISIBILITY_NOT_SUPPORTED', 'Firma has no team roles, so this would restrict nothing', {
      issues: [{ message: 'send EVERYONE or omit it', path: ['data', 'visibility'] }],
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const folder = await lockFolder(trx, principal.platformId, folderId);
    if (!folder) throw notFound('Folder');
    if (typeof input.parentId === 'string') {
      await lockFolderFor(trx, principal.platformId, input.parentId, folder.type, ['data', 'parentId']);
      await refuseCycle(trx, principal.platformId, folder.id, input.parentId);
    }
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
      ...(input.pinned !== undefined ? { pinned: input.pinned ? 1 : 0 } : {}),
      updatedAt: ctx.clock().toISOString(),
    };
    await writeFolder(trx, principal.platformId, folder.id, patch);
    // The document view shows the folder: its envelopes' cached views must not outlive the change.
    await touchEnvelopesInFolder(trx, principal.platformId, folder.id);
    return folderView({ ...folder, ...patch });
  });
}
