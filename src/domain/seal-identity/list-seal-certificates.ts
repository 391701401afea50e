import { createHash } from 'node:crypto';
import { listSealIdentities } from '../../db/repositories/seal-identity.repo.js';
import type { KnownSealCertificate } from '../../infra/pdf/seal/index.js';
import type { Ctx } from '../context.js';
import { sealIdentityMacHolds } from './seal-identity-mac.js';

/**
 * The certificates this installation has sealed with, ever (every node's, before and after a
 * rotation): what `firma audit verify` accepts a seal from. A row whose MAC does not hold (written
 * by someone without FIRMA_SECRET_KEY) or whose certificate does not hash to its fingerprint is
 * left out, so planting a certificate in the database does not make a forged seal verify.
 */
export async function listSealCertificates(ctx: Pick<Ctx, 'db' | 'auditMac'>): Promise<KnownSealCertificate[]> {
  const rows = await listSealIdentities(ctx.db);
  const known: KnownSealCertificate[] = [];
  for (const row of rows) {
    const certificate = Buffer.from(row.certificate, 'base64');
    const fingerprint = createHash('sha256').update(certificate).digest('hex');
    if (fingerprint === row.fingerprintSha256 && sealIdentityMacHolds(ctx.auditMac, fingerprint, row.mac))
      known.push({ certificate });
  }
  return known;
}
