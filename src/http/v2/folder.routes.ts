import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { createFolder } from '../../domain/folders/create-folder.js';
import { deleteFolder } from '../../domain/folders/delete-folder.js';
import { findFolders } from '../../domain/folders/find-folders.js';
import { updateFolder } from '../../domain/folders/update-folder.js';
import { principalOf } from '../plugins/authenticate.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
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
export function registerFolderRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/folder',
    {
      schema: {
        operationId: 'folder-findFolders',
        summary: 'Find folders: pinned first, then newest first, pages of at most 100',
        tags,
        querystring: ZFolderFindQuery,
        response: { 200: ZFolderFindResponse, ...errorResponses() },
      },
    },
    async (request) => findFolders(ctx, principalOf(request), request.query),
  );

  r.post(
    '/folder/create',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'folder-createFolder',
        summary: 'Create a folder, at the root or inside a folder of the same type',
        tags,
        body: ZFolderCreateBody,
        response: { 200: ZFolder, ...errorResponses(404) },
      },
    },
    async (request) => createFolder(ctx, principalOf(request), request.body),
  );

  r.post(
    '/folder/update',
    {
      schema: {
        operationId: 'folder-updateFolder',
        summary: 'Rename, move (never into itself), pin or unpin a folder',
        tags,
        body: ZFolderUpdateBody,
        response: { 200: ZFolder, ...errorResponses(404) },
      },
    },
    async (request) => updateFolder(ctx, principalOf(request), request.body.folderId, request.body.data),
  );

  r.post(
    '/folder/delete',
    {
      schema: {
        operationId: 'folder-deleteFolder',
        summary: 'Delete a folder and its subfolders; refused (409 FOLDER_NOT_EMPTY) while they hold documents',
        tags,
        body: ZFolderDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await deleteFolder(ctx, principalOf(request), request.body.folderId);
      return { success: true };
    },
  );
}
