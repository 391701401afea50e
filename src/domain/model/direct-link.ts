import { createHash } from 'node:crypto';
import type { DirectLinkRow } from '../../db/repositories/direct-link.repo.js';
import type { EnvelopeRow } from '../../db/repositories/envelope.repo.js';
import type { Ctx } from '../context.js';
import { randomToken } from '../ids.js';
import type { TokenReveal } from './signing-links.js';

/** 32 random bytes, as a signing token: whoever holds it may make documents from the template. */
export function newDirectLinkToken(): string {
  return randomToken(32);
}

export function hashDirectLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function directLinkUrl(ctx: Ctx, token: string): string {
  return `${ctx.config.publicUrl}/d/${token}`;
}

/**
 * Documenso's direct-link shape. The token is a capability: it is answered only through a
 * reveal (full-scope tokens of the owner, see tokenRevealFor), '' otherwise, like signing tokens.
 */
export function directLinkView(
  link: DirectLinkRow,
  template: Pick<EnvelopeRow, 'id' | 'publicId'>,
  reveal?: TokenReveal,
) {
  return {
    id: link.id,
    envelopeId: template.publicId,
    token: reveal ? reveal.open(link.tokenSealed) : '',
    createdAt: link.createdAt,
    enabled: link.enabled === 1,
    directTemplateRecipientId: link.directRecipientId,
    templateId: template.id,
  };
}
