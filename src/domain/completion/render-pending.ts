import type { EnvelopeGraph, ItemRow } from '../../db/repositories/envelope.repo.js';
import type { Ctx } from '../context.js';
import { renderInputs } from './field-render-inputs.js';

/**
 * The original with the fields inserted so far burned in: a preview while PENDING, never the
 * final document (it is neither sealed nor certified). Rendered on demand, never stored.
 */
export async function renderPendingItem(ctx: Ctx, graph: EnvelopeGraph, item: ItemRow): Promise<Uint8Array> {
  const inputs = await renderInputs(
    ctx,
    graph.fields.filter((f) => f.envelopeItemId === item.id),
    { legacy: graph.envelope.legacyFieldInsertion === 1 },
  );
  const original = await ctx.storage.getBytes(item.originalSha256);
  return inputs.length === 0 ? original : ctx.pdf.run({ kind: 'render', original, fields: inputs, options: {} });
}
