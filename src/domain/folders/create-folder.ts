import { insertFolder } from '../../db/repositories/folder.repo.js';
import type { FolderType } from '../../db/schema.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { folderView } from '../model/folder-view.js';
import { lockFolderFor } from './folder-rules.js';

export interface CreateFolderInput {
  name: string;
  parentId?: string | undefined;
  type?: FolderType | undefined;
}

/**
 * A folder of the platform, at the root or inside a folder of the same type.
 * @throws NOT_FOUND (parent), FOLDER_TYPE_MISMATCH
 */
export async function createFolder(ctx: Ctx, principal: Principal, input: CreateFolderInput) {
  const type = input.type ?? 'DOCUMENT';
  return ctx.db.transaction().execute(async (trx) => {
    if (input.parentId !== undefined)
      await lockFolderFor(trx, principal.platformId, input.parentId, type, ['parentId'], principal.member);
    const now = ctx.clock().toISOString();
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
    return folderView(row);
  });
}
