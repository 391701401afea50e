import { insertFolder } from '../../db/repositories/folder.repo.js';
import type { FolderType } from '../../db/schema.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { folderView } from '../model/folder-view.js';
import { recordFolderChange } from './folder-audit.js';
import { lockFolderFor } from './folder-rules.js';

export interface CreateFolderInput {
  name: string;
  parentId?: string | undefined;
  type?: FolderType | undefined;
}

/**
 * A folder of the platform, at the root or inside a folder of the same type; a member's is in the
 * user-level audit log.
 * @throws NOT_FOUND (parent), FOLDER_TYPE_MISMATCH
 */
export async function createFolder(ctx: Ctx, principal: Principal, input: CreateFolderInput, request?: RequestMeta) {
  const type = input.type ?? 'DOCUMENT';
  return ctx.db.transaction().execute(async (trx) => {
    if (input.parentId !== undefined)
      await lockFolderFor(trx, principal.platformId, input.parentId, type, ['parentId'], principal.member);
    const at = ctx.clock();
    const now = at.toISOString();
    const row = {
      id: newId('folder'),
      platformId: principal.platformId,
      name: input.name,
      type,
      parentId: input.parentId ?? null,
      visibility: 'EVERYONE' as const,
      pinned: 0,
      createdAt: now,
      updatedAt: now,
    };
    await insertFolder(trx, row);
    await recordFolderChange(trx, principal, request, 'FOLDER_CREATED', { folderId: row.id, name: row.name, type }, at);
    return folderView(row);
  });
}
