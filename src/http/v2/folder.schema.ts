import { z } from 'zod';
import { ZFolder } from '../schemas/views.schema.js';

export { ZFolder };

const ZFolderType = z.enum(['DOCUMENT', 'TEMPLATE']);
const ZFolderId = z.string().min(1).max(64).describe('The folder id, `folder_…`');
const ZFolderName = z.string().trim().min(1).max(255);

export const ZFolderFindQuery = z.object({
  query: z.string().max(255).optional().describe('Part of the name'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  parentId: ZFolderId.optional().describe('Only the folders directly inside this one; absent: every folder'),
  type: ZFolderType.optional(),
});

export const ZFolderFindResponse = z.object({
  data: z.array(ZFolder),
  count: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});

export const ZFolderCreateBody = z.object({
  name: ZFolderName,
  parentId: ZFolderId.optional().describe('A folder of the same type; absent: at the root'),
  type: ZFolderType.optional().describe('DOCUMENT (default) or TEMPLATE: what the folder holds'),
});

export const ZFolderUpdateBody = z.object({
  folderId: ZFolderId,
  data: z.object({
    name: ZFolderName.optional(),
    parentId: ZFolderId.nullable().optional().describe('null: move to the root'),
    visibility: z
      .enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN'])
      .optional()
      .describe('Which members see the folder in the web app: a member never sees one above their role'),
    pinned: z.boolean().optional().describe('Pinned folders are listed first'),
  }),
});

export const ZFolderDeleteBody = z.object({ folderId: ZFolderId });
