import { isIdOutOfRange } from '../../lib/record-id.js';
import { validationFailure } from '../schemas/validation-failure.js';
import { getBulkSend } from '../../domain/bulk-send/get-bulk-send.js';
import { findBulkSendTemplate, startBulkSend } from '../../domain/bulk-send/start-bulk-send.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { readBulkSendUpload } from './bulk-send-upload.js';
import { defineOperation } from '../operation.js';
import { ZBulkSend, ZBulkSendBody, ZBulkSendIdParams, ZBulkSendParams } from './bulk-send.schema.js';

const tags = ['Templates'];

/** Bulk send: one document per CSV row (the start is multipart, answered at once), and its progress. */
export const bulkSendOperations = [
  defineOperation({
    method: 'POST',
    url: '/template/:templateId/bulk-send',
    operationId: 'template-bulkSend',
    summary: 'Firma extension: one document per CSV row from a template (answers at once; follow GET /bulk-send/{id})',
    description:
      'multipart/form-data: `payload` (JSON) and `file` (the CSV). Every row is checked first, as the file streams in: a header Firma cannot read is refused (400 BULK_SEND_CSV_INVALID); a row with a problem is reported in `failures` with its line and column while the others go ahead. Caps, enforced while reading (the file is refused at the first byte past one, nothing stored): a cell of 10,000 characters (400 BULK_CSV_CELL_TOO_LONG), 100 columns or what the template can fill if more (400 BULK_CSV_TOO_MANY_COLUMNS), 50,000 rows (413 BULK_CSV_TOO_MANY_ROWS), FIRMA_MAX_UPLOAD_MB (413 PAYLOAD_TOO_LARGE). Each row becomes one document in its own transaction; a run interrupted by a crash resumes without duplicates.',
    tags,
    upload: 'multipart',
    params: ZBulkSendParams,
    body: ZBulkSendBody,
    response: ZBulkSend,
    status: 202,
    errors: [404, 413],
    handle: async (ctx, request, reply) => {
      // Multipart routes validate nothing before the handler (documentOnlyValidator): the path here.
      const params = ZBulkSendParams.safeParse(request.params);
      if (!params.success)
        throw validationFailure(
          params.error.issues.map((i) => ({
            message: i.message,
            path: ['params', 'templateId'],
            idOutOfRange: isIdOutOfRange(i),
          })),
        );
      const templateId = params.data.templateId;
      const template = await findBulkSendTemplate(ctx, principalOf(request).platformId, templateId);
      const upload = await readBulkSendUpload(ctx, request, reply, template);
      const view = await startBulkSend(ctx, callerOf(request), {
        template,
        csv: upload.csv,
        distribute: upload.payload.distributeDocument,
      });
      return reply.code(202).send(view);
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/bulk-send/:bulkSendId',
    operationId: 'bulkSend-get',
    summary: 'Firma extension: a bulk send’s progress (rows done and failed, why, the documents made)',
    tags,
    params: ZBulkSendIdParams,
    response: ZBulkSend,
    errors: [404],
    handle: (ctx, request) => getBulkSend(ctx, principalOf(request).platformId, request.params.bulkSendId),
  }),
];
