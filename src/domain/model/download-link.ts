import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';

export type LinkedVersion = 'original' | 'signed';

interface LinkClaims {
  /** documentId */
  d: number;
  /** platformId */
  p: number;
  /** expiry, ms since the epoch */
  e: number;
  /** version; absent in links made before it existed, which served the signed PDF */
  v?: LinkedVersion;
}

/**
 * A download URL that works without the API token, like a presigned URL (v1 `documents/{id}/
 * download`, v2 `document/{id}/download-beta`). Firma's is the claims sealed with the secret box
 * (AES-256-GCM): unforgeable, unreadable, valid on every node that shares FIRMA_SECRET_KEY, for
 * FIRMA_V1_DOWNLOAD_TTL_MINUTES. It names the document, its platform and the version it serves;
 * the URL sits under the API version that made it, and either version's route serves it.
 */
export function createDownloadUrl(
  ctx: Ctx,
  link: { documentId: number; platformId: number; version: LinkedVersion; api: 'v1' | 'v2' },
): string {
  const claims: LinkClaims = {
    d: link.documentId,
    p: link.platformId,
    e: ctx.clock().getTime() + ctx.config.v1.downloadTtlMinutes * 60_000,
    v: link.version,
  };
  const sealed = Buffer.from(ctx.secrets.seal(JSON.stringify(claims))).toString('base64url');
  return `${ctx.config.publicUrl}/api/${link.api}/downloads/${sealed}`;
}

/** @throws NOT_FOUND (not a link Firma made), DOWNLOAD_LINK_EXPIRED */
export function openDownloadLink(
  ctx: Ctx,
  link: string,
): { documentId: number; platformId: number; version: LinkedVersion } {
  let claims: LinkClaims;
  try {
    claims = JSON.parse(ctx.secrets.open(Buffer.from(link, 'base64url').toString())) as LinkClaims;
  } catch {
    throw new AppError('NOT_FOUND', 'This download link is not valid');
  }
  if (claims.e <= ctx.clock().getTime())
    throw new AppError('DOWNLOAD_LINK_EXPIRED', 'This download link has expired; ask the API for a new one');
  return { documentId: claims.d, platformId: claims.p, version: claims.v ?? 'signed' };
}
