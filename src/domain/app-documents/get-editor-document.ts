import type { EnvelopeType } from '../../db/schema.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { editorDocumentView, type EditorDocument } from './editor-document.js';
import { findVisibleEnvelope } from './visible-envelope.js';

/**
 * The editor's view of a document (or template) the member may see, in any status: the page shows
 * a sent one as no longer editable rather than as missing. Hidden, unknown or another platform's:
 * NOT_FOUND.
 * @throws NOT_FOUND
 */
export async function getEditorDocument(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  type: EnvelopeType,
): Promise<EditorDocument> {
  return editorDocumentView(await findVisibleEnvelope(ctx, caller, publicId, type));
}
