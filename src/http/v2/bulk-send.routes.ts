import { isIdOutOfRange } from '../../domain/model/record-id.js';
import { validationFailure } from '../schemas/validation-failure.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getBulkSend } from '../../domain/bulk-send/get-bulk-send.js';
import { assertBulkSendTemplate, startBulkSend } from '../../domain/bulk-send/start-bulk-send.js';
import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { documentOnlyValidator, parsePayload, readMultipart } from '../plugins/multipart.js';
import { errorResponses } from '../schemas/common.schema.js';
import { ZBulkSend, ZBulkSendBody, ZBulkSendIdParams, ZBulkSendParams, ZBulkSendPayload } from './bulk-send.schema.js';

const tags = ['Templates'];

/** `POST /template/{templateId}/bulk-send` (multipart): registered where multipart bodies are parsed. */
export function registerBulkSendStartRoute(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/template/:templateId/bulk-send',
    {
      validatorCompiler: documentOnlyValidator,
      schema: {
        operationId: 'template-bulkSend',
        summary:
          'Firma extension: one document per CSV row from a template (answers at once; follow GET /bulk-send/{id})',
        description:
          'multipart/form-data: `payload` (JSON) and `file` (the CSV). Every row is checked first: a header Firma cannot read is refused (400 BULK_SEND_CSV_INVALID); a row with a problem is reported in `failures` with its line and column while the others go ahead. Each row becomes one document in its own transaction; a run interrupted by a crash resumes without duplicates.',
        tags,
        consumes: ['multipart/form-data'],
        params: ZBulkSendParams,
        body: ZBulkSendBody,
        response: { 202: ZBulkSend, ...errorResponses(404, 413) },
      },
    },
    async (request, reply) => {
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
      await assertBulkSendTemplate(ctx, principalOf(request).platformId, templateId);
      const body = await readMultipart(ctx, request, ['file']);
      try {
        const payload = await parsePayload(ZBulkSendPayload, body);
        const [file, ...more] = body.files;
        if (!file || more.length > 0)
          throw new AppError('INVALID_MULTIPART', 'Send exactly one CSV in the "file" part', {
            issues: [{ path: ['file'], message: 'file: one CSV expected' }],
          });
        const csv = (await file.staged.read()).toString('utf8');
        const view = await startBulkSend(ctx, callerOf(request), {
          templateId,
          csv,
          distribute: payload.distributeDocument,
        });
        return reply.code(202).send(view);
      } finally {
        await Promise.all(body.files.map((f) => f.staged.discard()));
      }
    },
  );
}

/** `GET /bulk-send/{bulkSendId}`: a run's progress. */
export function registerBulkSendRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/bulk-send/:bulkSendId',
    {
      schema: {
        operationId: 'bulkSend-get',
        summary: 'Firma extension: a bulk send’s progress (rows done and failed, why, the documents made)',
        tags,
        params: ZBulkSendIdParams,
        response: { 200: ZBulkSend, ...errorResponses(404) },
      },
    },
    async (request) => getBulkSend(ctx, principalOf(request).platformId, request.params.bulkSendId),
  );
}
