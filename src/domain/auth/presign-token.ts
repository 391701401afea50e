import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import type { PresignTarget } from './principal.js';

/**
 * Presign tokens (Documenso's embedding tokens): short-lived stand-ins for an API token, for a
 * browser embedding Firma, optionally limited to one envelope. Firma's are self-contained: the
 * claims sealed with the secret box (AES-256-GCM under FIRMA_SECRET_KEY), so they cannot be
 * forged or read, cost no row and no write, and work on every node. Each use still reads the
 * issuing API token's row (cached like the token check), so revoking or expiring the issuer ends
 * its presign tokens at once.
 */
export const PRESIGN_PREFIX = 'presign_';

export interface PresignClaims {
  /** The issuing API token's id. */
  t: string;
  /** Its platform. */
  p: number;
  /** Expiry, ms since the epoch. */
  e: number;
  /** The one envelope it may reach, or absent. */
  s?: { i: string; d: number } | undefined;
}

export function isPresignShaped(token: string): boolean {
  return token.startsWith(PRESIGN_PREFIX) && token.length < 1024;
}

export function sealPresignToken(ctx: Ctx, claims: PresignClaims): string {
  return PRESIGN_PREFIX + Buffer.from(ctx.secrets.seal(JSON.stringify(claims))).toString('base64url');
}

/** The claims of a token this instance sealed, or null for anything else (never throws). */
export function openPresignToken(ctx: Ctx, token: string): PresignClaims | null {
  if (!isPresignShaped(token)) return null;
  try {
    const claims = JSON.parse(
      ctx.secrets.open(Buffer.from(token.slice(PRESIGN_PREFIX.length), 'base64url').toString()),
    ) as PresignClaims;
    return typeof claims.t === 'string' && typeof claims.p === 'number' && typeof claims.e === 'number' ? claims : null;
  } catch {
    return null;
  }
}

export function targetOf(claims: PresignClaims): PresignTarget | null {
  return claims.s ? { publicId: claims.s.i, documentId: claims.s.d } : null;
}

export type PresignScope = { kind: 'documentId' | 'templateId'; id: number } | { kind: 'envelopeId'; id: string };

/**
 * Documenso's scope strings: `documentId:<n>`, `templateId:<n>` or `envelopeId:<envelope id>`.
 * @throws PRESIGN_SCOPE_INVALID
 */
export function parsePresignScope(scope: string, path: (string | number)[] = ['scope']): PresignScope {
  const match = /^(documentId|templateId|envelopeId):(.+)$/.exec(scope);
  const kind = match?.[1];
  const value = match?.[2] ?? '';
  if (kind === 'envelopeId' && /^[A-Za-z0-9_-]{1,64}$/.test(value)) return { kind, id: value };
  if ((kind === 'documentId' || kind === 'templateId') && /^[1-9][0-9]{0,14}$/.test(value))
    return { kind, id: Number(value) };
  throw new AppError('PRESIGN_SCOPE_INVALID', 'scope must be documentId:<n>, templateId:<n> or envelopeId:<id>', {
    issues: [{ message: 'not a scope Firma knows', path }],
  });
}
