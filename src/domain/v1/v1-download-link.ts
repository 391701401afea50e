import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';

interface LinkClaims {
  /** documentId */
  d: number;
  /** platformId */
  p: number;
  /** expiry, ms since the epoch */
  e: number;
}

/**
 * v1 answers a download with a URL that works without the API token, like a presigned URL. Firma's
 * is the claims sealed with the secret box (AES-256-GCM): unforgeable, unreadable, and valid on
 * every node that shares FIRMA_SECRET_KEY; it expires after FIRMA_V1_DOWNLOAD_TTL_MINUTES.
 */
export function createDownloadUrl(ctx: Ctx, documentId: number, platformId: number): string {
  const claims: LinkClaims = {
    d: documentId,
    p: platformId,
    e: ctx.clock().getTime() + ctx.config.v1.downloadTtlMinutes * 60_000,
  };
  return `${ctx.config.publicUrl}/api/v1/downloads/${Buffer.from(ctx.secrets.seal(JSON.stringify(claims))).toString('base64url')}`;
}

/** @throws NOT_FOUND (not a link Firma made), DOWNLOAD_LINK_EXPIRED */
export function openDownloadLink(ctx: Ctx, link: string): { documentId: number; platformId: number } {
  let claims: LinkClaims;
  try {
    claims = JSON.parse(ctx.secrets.open(Buffer.from(link, 'base64url').toString())) as LinkClaims;
  } catch {
    throw new AppError('NOT_FOUND', 'This download link is not valid');
  }
  if (claims.e <= ctx.clock().getTime())
    throw new AppError('DOWNLOAD_LINK_EXPIRED', 'This download link has expired; ask the API for a new one');
  return { documentId: claims.d, platformId: claims.p };
}
