import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { chosenLanguage } from '../model/envelope-meta.js';
import { loadSigningSession } from './signing-session.js';

/**
 * Whether a signing token opens a session, without recording anything: the page shell uses it to
 * answer a wrong link with 404, to pick the page language (null: the sender did not choose one)
 * to name the envelope in the events an embedding page receives, and to find the team's brand. Opening is recorded when the
 * page's script calls the signing API, which is what a person actually sees.
 */
export async function checkSigningLink(
  ctx: Ctx,
  token: string,
): Promise<{ language: string | null; envelopeId: string; platformId: number } | null> {
  if (token.length < 16 || token.length > 128) return null;
  try {
    const session = await loadSigningSession(ctx.db, token);
    return {
      language: chosenLanguage(session.meta),
      envelopeId: session.graph.envelope.publicId,
      platformId: session.graph.envelope.platformId,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
