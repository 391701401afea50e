import { lockEnvelope } from '../../db/repositories/envelope.repo.js';
import { AppError } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { getCertificate } from '../completion/get-certificate.js';
import type { Ctx } from '../context.js';
import { safeFilename, type PdfDownload } from '../model/pdf-download.js';
import { recipientActor } from './recipient-actor.js';
import { invalidLink, loadSigningSession, type SigningSession } from './signing-session.js';
import { assertAccessVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

const DAY_MS = 86_400_000;

/** Until when the recipient may download the final files from their link; null before completion. */
export function downloadUntil(s: SigningSession, days: number): Date | null {
  const e = s.graph.envelope;
  if (e.status !== 'COMPLETED' || !e.completedAt) return null;
  return new Date(new Date(e.completedAt).getTime() + days * DAY_MS);
}

export type RecipientFile = { kind: 'signed'; envelopeItemId: string } | { kind: 'certificate' };

/**
 * A recipient downloads the sealed PDF of an item, or the certificate, from their signing link:
 * only once the document is COMPLETED and for FIRMA_RECIPIENT_DOWNLOAD_DAYS after (the completion
 * mail's link leads to the page that offers them). Each download is one audit entry
 * (DOCUMENT_RECIPIENT_DOWNLOADED, with IP and user agent): the signing token is a capability, so
 * its use after the signing is on record. Any recipient of the envelope may, a CC too.
 * @throws NOT_FOUND (wrong token, or an item of another envelope), VERIFICATION_REQUIRED (403), DOCUMENT_NOT_COMPLETED (409),
 *   DOWNLOAD_LINK_EXPIRED (410)
 */
export async function downloadRecipientFile(
  ctx: Ctx,
  token: string,
  file: RecipientFile,
  request: SigningRequest,
): Promise<PdfDownload> {
  const s = await loadSigningSession(ctx.db, token);
  const now = ctx.clock();
  // The signed copy and the certificate (every recipient's e-mail, CUIL, IP) are the document and
  // its evidence: as closed as the document was before completion.
  await assertAccessVerified(ctx.db, s, now, passesOf(ctx.secrets, s, request, now));
  const download = resolve(ctx, s, file, now);
  await ctx.db.transaction().execute(async (trx) => {
    await lockEnvelope(trx, null, { documentId: s.graph.envelope.id });
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: 'DOCUMENT_RECIPIENT_DOWNLOADED',
      data: file.kind === 'signed' ? { file: 'signed', envelopeItemId: file.envelopeItemId } : { file: 'certificate' },
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
  });
  return download;
}

function resolve(ctx: Ctx, s: SigningSession, file: RecipientFile, now: Date): PdfDownload {
  const item = file.kind === 'signed' ? s.graph.items.find((i) => i.id === file.envelopeItemId) : undefined;
  if (file.kind === 'signed' && !item) throw invalidLink();
  const until = downloadUntil(s, ctx.config.recipientDownload.days);
  if (!until)
    throw new AppError(
      'DOCUMENT_NOT_COMPLETED',
      `The signed copy can be downloaded once the document is COMPLETED; it is ${s.graph.envelope.status}.`,
    );
  if (until <= now)
    throw new AppError(
      'DOWNLOAD_LINK_EXPIRED',
      `The signed copy could be downloaded from this link until ${until.toISOString()}; ask the sender for a copy.`,
    );
  if (file.kind === 'certificate') return getCertificate(ctx, s.graph);
  if (!item!.finalSha256)
    throw new AppError('DOCUMENT_NOT_COMPLETED', 'The signed copy of this document is not available yet.');
  return {
    stream: ctx.storage.getStream(item!.finalSha256),
    size: null,
    filename: `${safeFilename(item!.title)}_signed.pdf`,
  };
}
