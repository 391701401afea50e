import { insertFields, loadEnvelopeParts, lockEnvelope, type FieldRow } from '../../db/repositories/envelope.repo.js';
import type { FieldType } from '../../lib/vocabulary/field-types.js';
import { AppError, notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { newFieldRow } from '../envelopes/envelope-rows.js';
import { placeFields } from '../envelopes/place-fields.js';
import { fieldMetaInputSchema, metaTypeOf } from '../fields/field-meta.js';
import { IssueCollector } from '../envelopes/validation-issues.js';

export interface V1FieldInput {
  recipientId: number;
  type: FieldType;
  pageNumber: number;
  pageX: number;
  pageY: number;
  /** v1 names the field's own width and height (in percent of the page) pageWidth and pageHeight. */
  pageWidth: number;
  pageHeight: number;
  fieldMeta?: Record<string, unknown> | undefined;
}

/**
 * Adds fields to a DRAFT document whose PDF has arrived, with the same checks as the v2 flow
 * (page exists, box inside the page, role may hold fields, fieldMeta valid). All or nothing.
 * @throws NOT_FOUND, ENVELOPE_NOT_DRAFT, ENVELOPE_HAS_NO_DOCUMENT, FIELD_*, VALIDATION_ERROR
 */
export async function addV1Fields(
  ctx: Ctx,
  caller: ApiCaller,
  documentId: number,
  fields: V1FieldInput[],
): Promise<FieldRow[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelope(trx, caller.principal.platformId, { documentId });
    if (!envelope) throw notFound('Document');
    if (envelope.status !== 'DRAFT')
      throw new AppError('ENVELOPE_NOT_DRAFT', 'Fields can be added only before the document is sent');
    const graph = await loadEnvelopeParts(trx, envelope);
    if (graph.items.length === 0)
      throw new AppError('ENVELOPE_HAS_NO_DOCUMENT', 'Upload the PDF to the uploadUrl before adding fields');
    if (graph.fields.length + fields.length > ctx.config.limits.fieldsPerEnvelope)
      throw new AppError('LIMIT_EXCEEDED', `At most ${ctx.config.limits.fieldsPerEnvelope} fields per document`);
    const issues = new IssueCollector();
    const items = graph.items.map((i) => ({ id: i.id, identifier: i.id, pageCount: i.pageCount }));
    const rows = [];
    for (const [index, f] of fields.entries()) {
      const recipient = graph.recipients.find((r) => r.id === f.recipientId);
      if (!recipient) {
        issues.add(
          'FIELD_INVALID_REFERENCE',
          [index, 'recipientId'],
          `recipient ${f.recipientId} is not on this document`,
        );
        continue;
      }
      // v1 takes fieldMeta as any object: check it against its type like v2 does, so an unknown
      // or malformed member is refused rather than stored and ignored.
      const metaType = metaTypeOf(f.type);
      let fieldMeta: Record<string, unknown> | undefined;
      if (f.fieldMeta !== undefined && metaType) {
        const parsed = fieldMetaInputSchema(metaType).safeParse(f.fieldMeta);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            issues.add(
              'VALIDATION_ERROR',
              [index, 'fieldMeta', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
              issue.message,
            );
          continue;
        }
        fieldMeta = parsed.data;
      }
      const [placed] = placeFields(
        recipient.role,
        [
          {
            type: f.type,
            fieldMeta,
            page: f.pageNumber,
            positionX: f.pageX,
            positionY: f.pageY,
            width: f.pageWidth,
            height: f.pageHeight,
            path: [index],
            names: {
              page: 'pageNumber',
              positionX: 'pageX',
              positionY: 'pageY',
              width: 'pageWidth',
              height: 'pageHeight',
            },
          },
        ],
        items,
        issues,
      );
      if (placed) rows.push(newFieldRow(envelope.id, graph.items[placed.itemIndex]!.id, recipient.id, placed));
    }
    issues.throwIfAny('Some fields cannot be placed');
    const ids = await insertFields(trx, rows);
    const now = ctx.clock();
    await appendAuditEvent(ctx, trx, {
      envelopeId: envelope.id,
      type: 'FIELD_CREATED',
      data: { fields: [...ids.values()] },
      actor: apiActor(caller),
      request: caller.request,
      at: now,
    });
    return rows.map((r) => ({ ...r, id: ids.get(r.secondaryId)! }) as FieldRow);
  });
}
