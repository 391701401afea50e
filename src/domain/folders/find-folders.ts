import { findFolderPage } from '../../db/repositories/folder.repo.js';
import type { FolderType } from '../../db/schema.js';
import { folderVisibilitiesOf } from '../auth/member-visibility.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { folderView } from '../model/folder-view.js';

export interface FindFoldersInput {
  page: number;
  perPage: number;
  /** A part of the name. */
  query?: string | undefined;
  /** Only the folders directly inside this one; absent: every folder of the platform. */
  parentId?: string | undefined;
  type?: FolderType | undefined;
}

/**
 * The platform's folders, pinned first, then newest first. An unknown parent matches nothing; a
 * member acting in the app sees only the folders their role may see.
 */
export async function findFolders(ctx: Ctx, principal: Principal, input: FindFoldersInput) {
  const { rows, count } = await findFolderPage(
    ctx.db,
    {
      platformId: principal.platformId,
      type: input.type,
      parentId: input.parentId,
      query: input.query,
      visibilities: folderVisibilitiesOf(principal),
    },
    { offset: (input.page - 1) * input.perPage, limit: input.perPage },
  );
  return {
    data: rows.map(folderView),
    count,
    currentPage: input.page,
    perPage: input.perPage,
    totalPages: Math.ceil(count / input.perPage),
  };
}
