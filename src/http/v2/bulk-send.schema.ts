import { z } from 'zod';
import { ZRecordIdParam } from '../../lib/record-id.js';

export const ZBulkSendPayload = z
  .object({
    distributeDocument: z
      .boolean()
      .default(true)
      .describe('Send each document as it is made (default); false leaves them as drafts'),
  })
  .strict()
  .meta({ id: 'BulkSendPayload' });

export const ZBulkSendBody = z.object({
  payload: ZBulkSendPayload.describe('JSON text, e.g. {"distributeDocument": true}'),
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe(
      'CSV (UTF-8), a header line then one line per document. Columns: r1.name, r1.email, r1.cuil, r2.… for the template’s recipients in the order they were added; title and externalId per document; any other column is the label of a prefillable field of the template (checkbox values separated by |)',
    ),
});

export const ZBulkSendParams = z.object({ templateId: ZRecordIdParam });
export const ZBulkSendIdParams = z.object({ bulkSendId: z.string().min(1).max(64) });

export const ZBulkSend = z
  .object({
    id: z.string(),
    templateId: z.number().int(),
    status: z.enum(['RUNNING', 'DONE']),
    distribute: z.boolean(),
    totalRows: z.number().int(),
    pendingRows: z.number().int(),
    doneRows: z.number().int(),
    failedRows: z.number().int(),
    failures: z
      .array(z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() }))
      .describe('Each row that made no document: its line in the CSV (the header is line 1), the column at fault, why'),
    documentIds: z.array(z.number().int()).describe('The documents made so far, in row order'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'BulkSend' });
