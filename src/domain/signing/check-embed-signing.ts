import { platformsWithEmbedWhiteLabel } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { chosenLanguage } from '../model/envelope-meta.js';
import { loadSigningSession, signingState, type SigningState } from './signing-session.js';
import { requirementsOf } from './verification-state.js';

/** One signing link as Documenso's embed pages need it, read without recording anything. */
export interface EmbedSigningLink {
  language: string | null;
  envelopeId: string;
  /** The document's team, whose brand colour the page takes (the embedder's css and cssVars win). */
  platformId: number;
  /** The legacy numeric id (v1 and v2 `documentId`), which Documenso's events carry. */
  documentId: number;
  recipientId: number;
  state: SigningState;
  signingStatus: 'NOT_SIGNED' | 'SIGNED' | 'REJECTED';
  rejectionReason: string | null;
  /** Null while the recipient must verify before seeing the document: the signing API hides it too. */
  title: string | null;
}

/**
 * The links behind the tokens of an embedded signing page (`/embed/sign/{token}`, or the several
 * of `/embed/v1/multisign`), in order, and whether the page may take the embedder's css and
 * cssVars: only when every document's platform turned white-label embedding on. Null when any
 * token opens nothing (the page answers 404). Opening is recorded when the page's script calls
 * the signing API, as for `/sign/{token}`.
 */
export async function checkEmbedSigning(
  ctx: Ctx,
  tokens: readonly string[],
): Promise<{ links: EmbedSigningLink[]; whiteLabel: boolean } | null> {
  const links: EmbedSigningLink[] = [];
  const platforms = new Set<number>();
  const now = ctx.clock();
  for (const token of tokens) {
    if (token.length < 16 || token.length > 128) return null;
    try {
      const s = await loadSigningSession(ctx.db, token);
      const { envelope } = s.graph;
      platforms.add(envelope.platformId);
      links.push({
        language: chosenLanguage(s.meta),
        envelopeId: envelope.publicId,
        platformId: envelope.platformId,
        documentId: envelope.id,
        recipientId: s.recipient.id,
        state: signingState(s, now),
        signingStatus: s.recipient.signingStatus,
        rejectionReason: s.recipient.rejectionReason,
        title: requirementsOf(s).access.length > 0 ? null : envelope.title,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }
  const allowed = await platformsWithEmbedWhiteLabel(ctx.db, [...platforms]);
  return { links, whiteLabel: platforms.size > 0 && allowed.length === platforms.size };
}
