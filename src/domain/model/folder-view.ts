import type { FolderRow } from '../../db/repositories/folder.repo.js';

/**
 * Documenso's folder shape. Firma has no users or teams: a platform is both, as in the envelope
 * views (`userId` and `teamId` are the platform's id).
 */
export function folderView(f: FolderRow) {
  return {
    id: f.id,
    name: f.name,
    userId: f.platformId,
    teamId: f.platformId,
    parentId: f.parentId,
    pinned: f.pinned === 1,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    visibility: f.visibility,
    type: f.type,
  };
}
