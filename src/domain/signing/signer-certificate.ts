import { AppError } from '../../errors.js';
import {
  CertificateRejected,
  loadTrustAnchors,
  validateSignerCertificate,
  type CertificateProblem,
  type CertificateVerdict,
} from '../../infra/crypto/certificates/validate-certificate.js';
import type { Ctx } from '../context.js';

const CODE_OF: Record<CertificateProblem, ConstructorParameters<typeof AppError>[0]> = {
  INVALID: 'CERT_INVALID',
  CUIL_MISMATCH: 'CERT_CUIL_MISMATCH',
  UNTRUSTED: 'CERT_UNTRUSTED',
  EXPIRED: 'CERT_EXPIRED',
  KEY_USAGE: 'CERT_KEY_USAGE',
  REVOKED: 'CERT_REVOKED',
  REVOCATION_UNAVAILABLE: 'CERT_REVOCATION_UNAVAILABLE',
};

/** Up to this many certificates in a chain sent by a signer; real ones have two or three. */
const MAX_CHAIN = 8;
const MAX_CERT_BYTES = 16 * 1024;

/** Base64 DER or PEM, one certificate per entry, the signer's first. @throws CERT_INVALID */
export function decodeCertificateChain(entries: string[]): Buffer[] {
  if (entries.length === 0 || entries.length > MAX_CHAIN)
    throw new AppError('CERT_INVALID', `Send the signer's certificate first, then its issuers (1 to ${MAX_CHAIN})`);
  return entries.map((entry, index) => {
    const body = entry.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    const der = /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? Buffer.from(body, 'base64') : Buffer.alloc(0);
    if (der.length < 64 || der.length > MAX_CERT_BYTES || der[0] !== 0x30)
      throw new AppError('CERT_INVALID', 'Each certificate must be base64 DER or PEM', {
        issues: [{ message: 'not a certificate', path: ['certificateChain', index] }],
      });
    return der;
  });
}

/**
 * The signer's certificate checked for this recipient (validate-certificate.ts says what and in
 * which order), each problem its own code.
 * @throws CERT_INVALID, CERT_CUIL_MISMATCH, CERT_KEY_USAGE, CERT_UNTRUSTED, CERT_EXPIRED, CERT_REVOKED (400),
 *   CERT_REVOCATION_UNAVAILABLE (503)
 */
export async function checkSignerCertificate(
  ctx: Ctx,
  chain: Buffer[],
  expectedCuil: string | null,
  now: Date,
): Promise<CertificateVerdict> {
  try {
    return await validateSignerCertificate(chain, {
      anchors: loadTrustAnchors(ctx.config.digital.trustAnchorsPath),
      now,
      expectedCuil: expectedCuil ?? '',
      fetch: {
        timeoutMs: ctx.config.digital.revocationTimeoutMs,
        allowPrivate: ctx.config.digital.revocationAllowPrivate,
      },
      issuers: ctx.issuerCertificates,
    });
  } catch (error) {
    if (error instanceof CertificateRejected) throw new AppError(CODE_OF[error.problem], error.message);
    throw error;
  }
}
