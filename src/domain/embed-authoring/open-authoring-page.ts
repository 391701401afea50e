import { findEnvelope } from '../../db/repositories/envelope.repo.js';
import { platformsWithEmbedWhiteLabel } from '../../db/repositories/platform.repo.js';
import type { EnvelopeType } from '../../db/schema.js';
import { isAppError } from '../../errors.js';
import { authenticatePresignToken } from '../auth/authenticate-api-token.js';
import { hasScope, type Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';

/** What an authoring page is asked to open: a new document/template/envelope, or one by its id. */
export type AuthoringTarget =
  | { kind: 'create' }
  /** Documenso's v1 pages name documents and templates by their numeric id. */
  | { kind: 'edit'; type: EnvelopeType; documentId: number }
  /** v2 names the envelope by its public id, of either type. */
  | { kind: 'edit'; type: null; publicId: string };

export interface AuthoringPage {
  principal: Principal;
  /** The envelope an edit page opens (null for a create page). */
  envelope: { publicId: string; documentId: number; type: EnvelopeType } | null;
  /** Whether the platform lets embedding apps restyle Firma (Documenso's css/cssVars claim). */
  whiteLabel: boolean;
}

/**
 * Whether a presign token opens an authoring page, and on what. Anything that would be refused —
 * a token that does not open, has expired, was issued by a read-only or revoked token; an envelope
 * that is unknown, another platform's, deleted, of the other type, or not the one the token is
 * scoped to; a scoped token on a create page (a scoped token only reaches its own envelope, and
 * creating names none, as on the API) — is null alike, so the page says one thing for all.
 * An unscoped token reaches every envelope of its platform, as on the API (Documenso's verify).
 */
export async function openAuthoringPage(
  ctx: Ctx,
  token: string,
  target: AuthoringTarget,
): Promise<AuthoringPage | null> {
  let principal: Principal;
  try {
    principal = await authenticatePresignToken(ctx, token);
  } catch (error) {
    if (isAppError(error) && error.code === 'UNAUTHORIZED') return null;
    throw error;
  }
  if (!hasScope(principal, 'full')) return null;
  const scoped = principal.presign?.target ?? null;
  const whiteLabel = (await platformsWithEmbedWhiteLabel(ctx.db, [principal.platformId])).length > 0;
  if (target.kind === 'create') return scoped ? null : { principal, envelope: null, whiteLabel };
  const envelope = await findEnvelope(
    ctx.db,
    principal.platformId,
    'documentId' in target ? { documentId: target.documentId } : { publicId: target.publicId },
  );
  if (!envelope || (target.type !== null && envelope.type !== target.type)) return null;
  if (scoped && scoped.publicId !== envelope.publicId) return null;
  return {
    principal,
    envelope: { publicId: envelope.publicId, documentId: envelope.id, type: envelope.type },
    whiteLabel,
  };
}
