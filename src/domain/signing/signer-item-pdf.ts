import { Readable } from 'node:stream';
import { renderInputs } from '../completion/field-render-inputs.js';
import type { Ctx } from '../context.js';
import { safeFilename, type PdfDownload } from '../model/pdf-download.js';
import { invalidLink, loadSigningSession } from './signing-session.js';
import { assertAccessVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

/**
 * The PDF a recipient signs: the original with what recipients who already completed filled
 * burned in (so a later signer sees what they agree to). The recipient's own values are drawn
 * by the page over it, not baked in, so the recipient can still change them.
 * @throws NOT_FOUND for an unknown token or an item of another envelope
 */
export async function signerItemPdf(
  ctx: Ctx,
  token: string,
  itemId: string,
  request: SigningRequest,
): Promise<PdfDownload> {
  const s = await loadSigningSession(ctx.db, token);
  const now = ctx.clock();
  await assertAccessVerified(ctx.db, s, now, passesOf(ctx.secrets, s, request, now));
  const item = s.graph.items.find((i) => i.id === itemId);
  if (!item) throw invalidLink();
  const filename = `${safeFilename(item.title)}.pdf`;
  const completed = new Set(
    s.graph.recipients.filter((r) => r.signingStatus === 'SIGNED' && r.id !== s.recipient.id).map((r) => r.id),
  );
  const shown = s.graph.fields.filter((f) => f.envelopeItemId === item.id && completed.has(f.recipientId));
  const inputs = await renderInputs(ctx, shown, { legacy: s.graph.envelope.legacyFieldInsertion === 1 });
  if (inputs.length === 0)
    return { stream: ctx.storage.getStream(item.originalSha256), size: item.originalSize, filename };
  const bytes = await ctx.pdf.run({
    kind: 'render',
    original: await ctx.storage.getBytes(item.originalSha256),
    fields: inputs,
    options: {},
  });
  return { stream: Readable.from([Buffer.from(bytes)]), size: bytes.length, filename };
}
