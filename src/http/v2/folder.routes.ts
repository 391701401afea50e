import { createFolder } from '../../domain/folders/create-folder.js';
import { deleteFolder } from '../../domain/folders/delete-folder.js';
import { findFolders } from '../../domain/folders/find-folders.js';
import { updateFolder } from '../../domain/folders/update-folder.js';
import { defineOperation } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { ZSuccess } from '../schemas/common.schema.js';
import {
  ZFolder,
  ZFolderCreateBody,
  ZFolderDeleteBody,
  ZFolderFindQuery,
  ZFolderFindResponse,
  ZFolderUpdateBody,
} from './folder.schema.js';

const tags = ['Folders'];

/** Folders of the platform (Documenso's `/folder` operations); envelopes are filed with `folderId`. */
export const folderOperations = [
  defineOperation({
    method: 'GET',
    url: '/folder',
    operationId: 'folder-findFolders',
    summary: 'Find folders: pinned first, then newest first, pages of at most 100',
    tags,
    query: ZFolderFindQuery,
    response: ZFolderFindResponse,
    handle: (ctx, request) => findFolders(ctx, principalOf(request), request.query),
  }),

  defineOperation({
    method: 'POST',
    url: '/folder/create',
    operationId: 'folder-createFolder',
    summary: 'Create a folder, at the root or inside a folder of the same type',
    tags,
    idempotent: 'json',
    body: ZFolderCreateBody,
    response: ZFolder,
    errors: [404],
    handle: (ctx, request) => createFolder(ctx, principalOf(request), request.body),
  }),

  defineOperation({
    method: 'POST',
    url: '/folder/update',
    operationId: 'folder-updateFolder',
    summary: 'Rename, move (never into itself), pin or unpin a folder',
    tags,
    body: ZFolderUpdateBody,
    response: ZFolder,
    errors: [404],
    handle: (ctx, request) => updateFolder(ctx, principalOf(request), request.body.folderId, request.body.data),
  }),

  defineOperation({
    method: 'POST',
    url: '/folder/delete',
    operationId: 'folder-deleteFolder',
    summary: 'Delete a folder and its subfolders; refused (409 FOLDER_NOT_EMPTY) while they hold documents',
    tags,
    body: ZFolderDeleteBody,
    response: ZSuccess,
    errors: [404, 409],
    handle: async (ctx, request) => {
      await deleteFolder(ctx, principalOf(request), request.body.folderId);
      return { success: true };
    },
  }),
];
