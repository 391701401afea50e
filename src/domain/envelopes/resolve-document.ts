import { envelopeOfAttachment } from '../../db/repositories/attachment.repo.js';
import { findEnvelope } from '../../db/repositories/envelope.repo.js';
import { notFound } from '../../errors.js';
import type { EnvelopeType } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import { envelopeOfPart } from './edit-envelope.js';

/** How Documenso's document routes name what they act on: the document, or one of its parts. */
export type DocumentRef =
  { documentId: number } | { recipientId: number } | { fieldId: number } | { attachmentId: string };

/**
 * The way in of the document and template routes (`/document|template/recipient|field/*`…), which
 * then run the envelope use cases on the answer: the public id of the envelope of `type` that a
 * documentId (or templateId: the same number space), or a recipient, field or attachment id,
 * names. Like Documenso's routes, each family acts on its own type only: a template's id or part
 * on a document route is NOT_FOUND (and the reverse), as is an unknown or deleted one or another
 * platform's.
 * @throws NOT_FOUND
 */
export async function resolveDocument(
  ctx: Ctx,
  platformId: number,
  ref: DocumentRef,
  type: EnvelopeType = 'DOCUMENT',
): Promise<string> {
  let envelopeId: number | undefined;
  if ('documentId' in ref) envelopeId = ref.documentId;
  else if ('attachmentId' in ref) envelopeId = await envelopeOfAttachment(ctx.db, platformId, ref.attachmentId);
  else envelopeId = await envelopeOfPart(ctx.db, platformId, ref);
  const envelope =
    envelopeId === undefined ? undefined : await findEnvelope(ctx.db, platformId, { documentId: envelopeId });
  if (!envelope || envelope.type !== type) throw notFound(thingOf(ref, type));
  return envelope.publicId;
}

function thingOf(ref: DocumentRef, type: EnvelopeType): string {
  if ('documentId' in ref) return type === 'TEMPLATE' ? 'Template' : 'Document';
  if ('attachmentId' in ref) return 'Attachment';
  return 'recipientId' in ref ? 'Recipient' : 'Field';
}
