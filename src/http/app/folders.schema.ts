import { z } from 'zod';
import { ZPlatformParams } from './app.schema.js';

/* The web app's folder shapes (no OpenAPI ids: see app.schema.ts). */
const ZFolderType = z.enum(['DOCUMENT', 'TEMPLATE']);
const ZVisibility = z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']);
const ZFolderId = z.string().min(1).max(64).describe('The folder id, `folder_…`');
const ZFolderName = z.string().trim().min(1).max(255);

export const ZAppFolderParams = ZPlatformParams.extend({ folderId: ZFolderId });

export const ZAppFolderListQuery = z.object({
  type: ZFolderType.default('DOCUMENT').describe('What the folders hold'),
  parentId: ZFolderId.optional().describe('Only the folders directly inside this one; absent: every folder'),
});

export const ZAppFolder = z.object({
  id: z.string().describe('`folder_…`'),
  name: z.string(),
  type: ZFolderType,
  parentId: z.string().nullable(),
  visibility: ZVisibility.describe('Which members see it: a member never sees a folder above their role'),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZAppFolderList = z.object({
  data: z.array(ZAppFolder).describe('Pinned first, then newest first; at most 100'),
  count: z.number().int(),
});

export const ZAppFolderCreateBody = z.object({
  name: ZFolderName,
  type: ZFolderType.default('DOCUMENT'),
  parentId: ZFolderId.optional().describe('A folder of the same type; absent: at the root'),
});

export const ZAppFolderUpdateBody = z
  .object({
    name: ZFolderName.optional(),
    parentId: ZFolderId.nullable().optional().describe('null: move to the root'),
    visibility: ZVisibility.optional().describe('At most the member’s own role (403 FORBIDDEN above it)'),
    pinned: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Nothing to change' });

export const ZAppMoveBody = z.object({
  folderId: ZFolderId.nullable().describe('The folder to file the document in; null: out of any folder'),
});
