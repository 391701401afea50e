import { lockFolder, touchEnvelopesInFolder, updateFolder as writeFolder } from '../../db/repositories/folder.repo.js';
import type { Visibility } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { memberMaySeeFolder } from '../auth/member-visibility.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { folderView } from '../model/folder-view.js';
import { recordFolderChange } from './folder-audit.js';
import { lockFolderFor, refuseCycle } from './folder-rules.js';

export interface UpdateFolderInput {
  name?: string | undefined;
  /** null: move to the root. */
  parentId?: string | null | undefined;
  visibility?: Visibility | undefined;
  pinned?: boolean | undefined;
}

/**
 * Renames, moves, pins or unpins a folder, or sets who sees it (`visibility`, as a document's: a
 * member acting in the app never sees a folder above their role, nor its documents through it).
 * A move stays within the platform and the folder's type and never under the folder itself. A
 * member cannot raise a folder above their own role (they would lose it): 403 FORBIDDEN. A member's
 * change is in the user-level audit log.
 * @throws NOT_FOUND, FOLDER_TYPE_MISMATCH, FOLDER_CYCLE, FORBIDDEN
 */
export async function updateFolder(
  ctx: Ctx,
  principal: Principal,
  folderId: string,
  input: UpdateFolderInput,
  request?: RequestMeta,
) {
  if (input.visibility !== undefined && !memberMaySeeFolder(principal.member, input.visibility)) {
    throw new AppError('FORBIDDEN', 'Your role cannot give a folder a visibility above it', {
      issues: [{ message: 'a visibility your role sees', path: ['data', 'visibility'] }],
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const folder = await lockFolder(trx, principal.platformId, folderId);
    if (!folder || !memberMaySeeFolder(principal.member, folder.visibility)) throw notFound('Folder');
    if (typeof input.parentId === 'string') {
      await lockFolderFor(
        trx,
        principal.platformId,
        input.parentId,
        folder.type,
        ['data', 'parentId'],
        principal.member,
      );
      await refuseCycle(trx, principal.platformId, folder.id, input.parentId);
    }
    const at = ctx.clock();
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
      ...(input.pinned !== undefined ? { pinned: input.pinned ? 1 : 0 } : {}),
      updatedAt: at.toISOString(),
    };
    await writeFolder(trx, principal.platformId, folder.id, patch);
    const { updatedAt: _updatedAt, ...changed } = patch;
    await recordFolderChange(trx, principal, request, 'FOLDER_UPDATED', { folderId: folder.id, ...changed }, at);
    // The document view shows the folder: its envelopes' cached views must not outlive the change.
    await touchEnvelopesInFolder(trx, principal.platformId, folder.id);
    return folderView({ ...folder, ...patch });
  });
}
