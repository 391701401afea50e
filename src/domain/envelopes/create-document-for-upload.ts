import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import type { StoredPendingField } from '../../lib/stored/pending-field.js';
import { issueUploadUrl } from '../uploads/upload-url.js';
import { createEnvelope, type CreateEnvelopeInput } from './create-envelope.js';
import { placeFields } from './place-fields.js';
import { IssueCollector } from './validation-issues.js';

export type CreateDocumentForUploadInput = Omit<CreateEnvelopeInput, 'type' | 'files' | 'withinTransaction'> & {
  /** DOCUMENT (the default) or TEMPLATE (template/create/beta): the upload works the same. */
  type?: CreateEnvelopeInput['type'] | undefined;
  /** The API version whose path the upload URL takes. */
  api: 'v1' | 'v2';
  /** More rows that belong to the creation (the idempotent answer), in its transaction. */
  withinTransaction?: ((trx: Db, graph: EnvelopeGraph, uploadUrl: string) => Promise<void>) | undefined;
};

/**
 * Creates a DRAFT document without its PDF and issues the upload URL that takes it (v1
 * `documents`, v2 `document/create/beta`). Fields are checked now as far as they can be without
 * the PDF (role, fieldMeta, box inside the page, page within FIRMA_MAX_PAGES) and wait with the
 * URL; the upload places them, all or nothing, once the PDF tells its page count.
 * @throws what createEnvelope throws, FIELD_ROLE_NOT_ALLOWED, FIELD_OUT_OF_BOUNDS, LIMIT_EXCEEDED
 */
export async function createDocumentForUpload(
  ctx: Ctx,
  caller: ApiCaller,
  input: CreateDocumentForUploadInput,
): Promise<{ graph: EnvelopeGraph; uploadUrl: string }> {
  const limits = ctx.config.limits;
  const fieldCount = input.recipients.reduce((n, r) => n + (r.fields?.length ?? 0), 0);
  if (fieldCount > limits.fieldsPerEnvelope)
    throw new AppError('LIMIT_EXCEEDED', `At most ${limits.fieldsPerEnvelope} fields per envelope`);
  const issues = new IssueCollector();
  const anyPdf = [{ identifier: 'file', pageCount: limits.pagesPerDocument }];
  for (const r of input.recipients) placeFields(r.role, r.fields ?? [], anyPdf, issues);
  issues.throwIfAny('Some fields cannot be placed on the document');

  let uploadUrl = '';
  const { withinTransaction, ...members } = input;
  const graph = await createEnvelope(ctx, caller, {
    ...members,
    type: input.type ?? 'DOCUMENT',
    files: [],
    recipients: input.recipients.map(({ fields: _fields, ...r }) => r),
    withinTransaction: async (trx, created) => {
      // createEnvelope inserts recipients in the order given, so index i is request recipient i.
      const pendingFields = input.recipients.flatMap((r, i): StoredPendingField[] =>
        (r.fields ?? []).map((f) => ({
          recipientId: created.recipients[i]!.id,
          type: f.type,
          fieldMeta: f.fieldMeta,
          page: f.page,
          positionX: f.positionX,
          positionY: f.positionY,
          width: f.width,
          height: f.height,
          path: f.path,
          names: f.names,
        })),
      );
      uploadUrl = await issueUploadUrl(
        ctx,
        trx,
        { envelopeId: created.envelope.id, platformId: created.envelope.platformId, api: input.api, pendingFields },
        ctx.clock(),
      );
      await withinTransaction?.(trx, created, uploadUrl);
    },
  });
  return { graph, uploadUrl };
}
