import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import type { EnvelopeType } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { DATE_FORMATS } from '../../lib/stored/envelope-meta.js';
import { fieldView } from '../model/field-view.js';

/**
 * What the editor draws and changes: one envelope's items, recipients, fields (the API's field view:
 * positions in percent of the page, as stored) and the meta the settings panel edits. Never a
 * signing token or link: a draft has none, and the editor needs none.
 */
export function editorDocumentView(graph: EnvelopeGraph) {
  const { envelope, items, recipients, fields } = graph;
  const meta = envelope.meta;
  return {
    id: envelope.publicId,
    type: envelope.type,
    title: envelope.title,
    status: envelope.status,
    items: [...items]
      .sort((a, b) => a.order - b.order)
      .map((i) => ({
        id: i.id,
        title: i.title,
        order: i.order,
        pageCount: i.pageCount,
        // Each page's size as displayed, so the editor lays out every page before drawing any.
        pages: i.pages.map((p) => ({ width: p.width, height: p.height })),
      })),
    recipients: recipients.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      signingOrder: r.signingOrder,
      cuil: r.cuil,
      signatureLevel: r.signatureLevel,
      signingStatus: r.signingStatus,
    })),
    fields: fields.map((f) => {
      const { envelopeItemId, type, id, recipientId, page, positionX, positionY, width, height, fieldMeta } = fieldView(
        f,
        envelope,
      );
      return { envelopeItemId, type, id, recipientId, page, positionX, positionY, width, height, fieldMeta };
    }),
    meta: {
      subject: meta.subject ?? '',
      message: meta.message ?? '',
      language: meta.language,
      dateFormat: meta.dateFormat,
      timezone: meta.timezone,
      redirectUrl: meta.redirectUrl ?? '',
      distributionMethod: meta.distributionMethod,
      signingOrder: meta.signingOrder,
    },
    // The server's own list, so the page's bundle carries no copy (nor the schema library it sits beside).
    dateFormats: [...DATE_FORMATS],
  };
}
export type EditorDocument = ReturnType<typeof editorDocumentView>;

/**
 * The editor prepares what has not been sent: a DRAFT document, or a template (never sent). A sent
 * document is changed through its own page's actions (resend, cancel), not here.
 * @throws ENVELOPE_NOT_DRAFT
 */
export function assertEditable(graph: EnvelopeGraph, type: EnvelopeType): void {
  if (type === 'DOCUMENT' && graph.envelope.status !== 'DRAFT')
    throw new AppError('ENVELOPE_NOT_DRAFT', 'Only a draft document is prepared in the editor: this one was sent');
}
