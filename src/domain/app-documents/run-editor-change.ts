import type { EnvelopeType } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import type { z } from 'zod';
import type { ZMetaInput } from '../model/envelope-meta.js';
import { createFields, deleteField, updateFields, type FieldCreateInput } from '../envelopes/manage-fields.js';
import type { FieldUpdateInput } from '../envelopes/manage-fields.js';
import { updateEnvelopeData } from '../envelopes/manage-items.js';
import { createRecipients, deleteRecipient, updateRecipients } from '../envelopes/manage-recipients.js';
import type { RecipientCreateInput, RecipientUpdateInput } from '../recipients/recipient-input.js';
import { assertEditable, editorDocumentView, type EditorDocument } from './editor-document.js';
import { findVisibleEnvelope } from './visible-envelope.js';

/** The changes the editor makes, each the API's own operation of the same name. */
export type EditorChange =
  | { kind: 'createRecipient'; recipient: RecipientCreateInput }
  | { kind: 'updateRecipient'; recipient: RecipientUpdateInput }
  | { kind: 'deleteRecipient'; recipientId: number }
  | { kind: 'createFields'; fields: FieldCreateInput[] }
  | { kind: 'updateField'; field: FieldUpdateInput }
  | { kind: 'deleteField'; fieldId: number }
  | { kind: 'updateSettings'; title?: string | undefined; meta?: z.output<typeof ZMetaInput> | undefined };

/**
 * One change the editor makes to a draft the member may see, through the use case the API runs for
 * it (envelope/recipient/create-many, …/update-many, …/delete, envelope/field/…, envelope/update):
 * the same checks, one transaction, the same audit entry in the member's name and the same webhooks,
 * so a document prepared here and one prepared through the API are the same. A recipient or field
 * id not on this envelope is NOT_FOUND (the API's own lookups are per platform, this is per
 * document). Answers the editor's view after the change.
 * @throws NOT_FOUND, ENVELOPE_NOT_DRAFT, and what each use case throws (FIELD_OUT_OF_BOUNDS,
 *   RECIPIENT_INVALID_CUIL, FIELD_ROLE_NOT_ALLOWED, VALIDATION_ERROR, …)
 */
export async function runEditorChange(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  type: EnvelopeType,
  change: EditorChange,
): Promise<EditorDocument> {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, type);
  assertEditable(graph, type);
  // Entries' paths in refusals name the request's own members, not the API's `data[i]`.
  const one = () => [] as (string | number)[];
  switch (change.kind) {
    case 'createRecipient':
      await createRecipients(ctx, caller, publicId, [change.recipient], one);
      break;
    case 'updateRecipient':
      if (!graph.recipients.some((r) => r.id === change.recipient.id)) throw notFound('Recipient');
      await updateRecipients(ctx, caller, publicId, [change.recipient], one);
      break;
    case 'deleteRecipient':
      if (!graph.recipients.some((r) => r.id === change.recipientId)) throw notFound('Recipient');
      await deleteRecipient(ctx, caller, change.recipientId);
      break;
    case 'createFields':
      await createFields(ctx, caller, publicId, change.fields, { at: (index) => ['fields', index] });
      break;
    case 'updateField':
      if (!graph.fields.some((f) => f.id === change.field.id)) throw notFound('Field');
      await updateFields(ctx, caller, publicId, [change.field], { at: one });
      break;
    case 'deleteField':
      if (!graph.fields.some((f) => f.id === change.fieldId)) throw notFound('Field');
      await deleteField(ctx, caller, change.fieldId);
      break;
    case 'updateSettings':
      await updateEnvelopeData(ctx, caller, publicId, { title: change.title }, change.meta);
      break;
  }
  return editorDocumentView(await findVisibleEnvelope(ctx, caller, publicId, type));
}
