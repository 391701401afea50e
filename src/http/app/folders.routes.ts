import type { FastifyRequest } from 'fastify';
import { memberCaller } from '../../domain/app-documents/member-caller.js';
import { runMemberAction } from '../../domain/app-documents/run-member-action.js';
import type { Ctx } from '../../domain/context.js';
import { createFolder } from '../../domain/folders/create-folder.js';
import { deleteFolder } from '../../domain/folders/delete-folder.js';
import { findFolders } from '../../domain/folders/find-folders.js';
import { updateFolder } from '../../domain/folders/update-folder.js';
import type { folderView } from '../../domain/model/folder-view.js';
import { defineOperation, type Operation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { ZPlatformParams } from './app.schema.js';
import { ZAppDone, ZAppEnvelopeParams } from './documents.schema.js';
import {
  ZAppFolder,
  ZAppFolderCreateBody,
  ZAppFolderList,
  ZAppFolderListQuery,
  ZAppFolderParams,
  ZAppFolderUpdateBody,
  ZAppMoveBody,
} from './folders.schema.js';
import { accountOf } from './session-auth.js';

const tags = ['Folders'];

/** The member acting on the platform the path names (404 when they are not one of its members). */
const callerFor = (ctx: Ctx, request: FastifyRequest<{ Params: { platformId: number } }>) =>
  memberCaller(ctx, accountOf(request), request.params.platformId, requestMeta(request));

/** The app's shape of a folder: the API's without Documenso's user and team ids. */
const appFolder = ({ userId: _userId, teamId: _teamId, ...folder }: ReturnType<typeof folderView>) => folder;

/**
 * The web app's folders: the API's folder use cases, for a platform's members. A member never
 * sees a folder above their role (visibility): listing leaves it out, and renaming, deleting,
 * filing into it or filtering by it answer 404 as for another team's folder, changing nothing.
 */
export const folderOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/folders',
    operationId: 'app-listFolders',
    summary: 'The folders of a platform the member may see, pinned first, then newest first',
    tags,
    params: ZPlatformParams,
    query: ZAppFolderListQuery,
    response: ZAppFolderList,
    errors: [404],
    handle: async (ctx, request) => {
      const page = await findFolders(ctx, (await callerFor(ctx, request)).principal, {
        ...request.query,
        page: 1,
        perPage: 100,
      });
      return { data: page.data.map(appFolder), count: page.count };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/folders',
    operationId: 'app-createFolder',
    summary: 'Create a folder, at the root or inside a folder of the same type',
    tags,
    params: ZPlatformParams,
    body: ZAppFolderCreateBody,
    response: ZAppFolder,
    errors: [404],
    handle: async (ctx, request) => {
      const caller = await callerFor(ctx, request);
      return appFolder(await createFolder(ctx, caller.principal, request.body, caller.request));
    },
  }),
  defineOperation({
    method: 'PATCH',
    url: '/platforms/:platformId/folders/:folderId',
    operationId: 'app-updateFolder',
    summary: 'Rename, move, pin or set who sees a folder (never above the member’s own role)',
    tags,
    params: ZAppFolderParams,
    body: ZAppFolderUpdateBody,
    response: ZAppFolder,
    errors: [403, 404],
    handle: async (ctx, request) => {
      const caller = await callerFor(ctx, request);
      return appFolder(
        await updateFolder(ctx, caller.principal, request.params.folderId, request.body, caller.request),
      );
    },
  }),
  defineOperation({
    method: 'DELETE',
    url: '/platforms/:platformId/folders/:folderId',
    operationId: 'app-deleteFolder',
    summary: 'Delete a folder and its subfolders; refused (409 FOLDER_NOT_EMPTY) while they hold documents',
    tags,
    params: ZAppFolderParams,
    response: ZAppDone,
    errors: [404, 409],
    handle: async (ctx, request) => {
      const caller = await callerFor(ctx, request);
      await deleteFolder(ctx, caller.principal, request.params.folderId, caller.request);
      return { id: request.params.folderId };
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/documents/:envelopeId/folder',
    operationId: 'app-moveDocument',
    summary: 'File a document in a folder, or take it out of any (folderId null)',
    tags,
    params: ZAppEnvelopeParams,
    body: ZAppMoveBody,
    response: ZAppDone,
    errors: [404],
    handle: async (ctx, request) =>
      runMemberAction(ctx, await callerFor(ctx, request), request.params.envelopeId, 'DOCUMENT', {
        kind: 'move',
        folderId: request.body.folderId,
      }),
  }),
];
