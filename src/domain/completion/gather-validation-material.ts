import { listSignedSignatures, type DigitalSignatureRow } from '../../db/repositories/digital-signature.repo.js';
import { buildPath, fetchRevocation, loadTrustAnchors } from '../../infra/crypto/certificates/validate-certificate.js';
import { readCertificate, type CertificateFields } from '../../infra/crypto/certificates/x509-fields.js';
import type { SealIdentity, ValidationMaterial } from '../../infra/pdf/seal/index.js';
import type { Ctx } from '../context.js';

type Answer = ValidationMaterial['revocation'][number];

/**
 * PAdES B-LT material for each item of an envelope, gathered before the PDF work so the worker
 * threads never touch the network: every certificate on each DIGITAL signer's path (up to the
 * trust anchor) and Firma's sealing chain, and a fresh revocation answer about each certificate
 * below the anchor (OCSP, else CRL, through the same guarded fetch as at signing). When the
 * signer's own responder does not answer now, the answer kept from the preparation stands in:
 * it was current when the signer signed. Items nobody signed digitally get the seal's chain.
 */
export async function gatherValidationMaterial(
  ctx: Ctx,
  envelopeId: number,
  identity: SealIdentity,
): Promise<(itemId: string) => ValidationMaterial> {
  const now = ctx.clock();
  const rows = await listSignedSignatures(ctx.db, envelopeId);
  const anchors = loadTrustAnchors(ctx.config.digital.trustAnchorsPath);
  const answers = new Map<string, Answer>();
  const pathOf = new Map<number, Buffer[]>();
  for (const row of rows) {
    const path = signerPath(row, anchors);
    pathOf.set(
      row.id,
      path.map((cert) => cert.der),
    );
    for (let i = 0; i < path.length - 1; i++) {
      const cert = path[i]!;
      const key = cert.der.toString('base64');
      if (answers.has(key)) continue;
      const fresh = await fetchRevocation(cert, path[i + 1]!, {
        now,
        fetch: {
          timeoutMs: ctx.config.digital.revocationTimeoutMs,
          allowPrivate: ctx.config.digital.revocationAllowPrivate,
        },
      });
      if (fresh)
        answers.set(key, { certificate: cert.der, [fresh.source === 'OCSP' ? 'ocsp' : 'crl']: fresh.response });
      else if (i === 0 && (await ctx.storage.exists(row.revocationSha256))) {
        const kept = await ctx.storage.getBytes(row.revocationSha256);
        answers.set(key, { certificate: cert.der, [row.revocationSource === 'OCSP' ? 'ocsp' : 'crl']: kept });
      }
    }
  }
  const sealChain = [identity.certificate, ...identity.chain];
  return (itemId) => {
    const signers = rows.filter((row) => row.envelopeItemId === itemId);
    const certificates = [...sealChain, ...signers.flatMap((row) => pathOf.get(row.id) ?? [])];
    return {
      certificates,
      revocation: [...answers.values()].filter((answer) => certificates.some((c) => c.equals(answer.certificate))),
      time: now,
    };
  };
}

/** The signer's path to an anchor as validated at signing; the chain as sent if it no longer builds. */
function signerPath(row: DigitalSignatureRow, anchors: Buffer[]): CertificateFields[] {
  const chain = (JSON.parse(row.certificateChain) as string[]).map((c) => readCertificate(Buffer.from(c, 'base64')));
  try {
    return buildPath(chain[0]!, chain.slice(1), anchors.map(readCertificate));
  } catch {
    return chain;
  }
}
