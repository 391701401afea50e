import { createHash } from 'node:crypto';
import { listSignedSignatures, type DigitalSignatureRow } from '../../db/repositories/digital-signature.repo.js';
import {
  buildPath,
  fetchRevocation,
  loadTrustAnchors,
  reachablePath,
} from '../../infra/crypto/certificates/validate-certificate.js';
import { readCertificate, type CertificateFields } from '../../infra/crypto/certificates/x509-fields.js';
import {
  readCms,
  signerCertificateOf,
  type SealIdentity,
  type ValidationMaterial,
} from '../../infra/pdf/seal/index.js';
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
  // Most envelopes have no DIGITAL signer: the anchors' file is read only when one does.
  const anchors = rows.length ? loadTrustAnchors(ctx.config.digital.trustAnchorsPath) : [];
  const answers = new Map<string, Answer>();
  const pathOf = new Map<number, Buffer[]>();
  for (const row of rows) {
    const path = signerPath(row, anchors);
    pathOf.set(
      row.id,
      path.map((cert) => cert.der),
    );
    await collectAnswers(ctx, row, path, now, answers);
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

/**
 * PAdES B-LT for one DIGITAL signer's signature, written when they submit (issue #34): their path
 * to the anchor and a revocation answer about each certificate below it, fetched now (else the one
 * kept from the preparation), so the signature carries its validation data from the moment it exists
 * rather than only from completion, which may come days later.
 */
export async function signerValidationMaterial(
  ctx: Ctx,
  row: DigitalSignatureRow,
  now: Date,
  timestampToken?: Buffer,
): Promise<ValidationMaterial> {
  const path = signerPath(row, loadTrustAnchors(ctx.config.digital.trustAnchorsPath));
  const answers = new Map<string, Answer>();
  await collectAnswers(ctx, row, path, now, answers);
  const authority = timestampToken ? await timestampAuthorityMaterial(ctx, timestampToken, now) : null;
  return {
    certificates: [...path.map((cert) => cert.der), ...(authority?.certificates ?? [])],
    revocation: [...answers.values(), ...(authority?.revocation ?? [])],
    time: now,
    lastSignatureOnly: true,
  };
}

/**
 * The validation data of the signer's signature timestamp (B-LT covers it too): the timestamp
 * authority's path, from the certificates its token carries and their AIA caIssuers addresses, and a
 * revocation answer about each certificate below its top, fetched through the same guard. Best
 * effort: the authority's certificate travels in its token, so what cannot be fetched is left out
 * rather than failing the signer's submit.
 */
async function timestampAuthorityMaterial(
  ctx: Ctx,
  token: Buffer,
  now: Date,
): Promise<{ certificates: Buffer[]; revocation: Answer[] }> {
  const none = { certificates: [], revocation: [] };
  let leaf: CertificateFields;
  let pool: CertificateFields[];
  try {
    const cms = readCms(token);
    const signer = signerCertificateOf(cms);
    if (!signer) return none;
    leaf = readCertificate(Buffer.from(signer.raw));
    pool = cms.certificates.flatMap((der) => {
      try {
        return [readCertificate(der)];
      } catch {
        return [];
      }
    });
  } catch {
    return none;
  }
  const fetch = {
    timeoutMs: ctx.config.digital.revocationTimeoutMs,
    allowPrivate: ctx.config.digital.revocationAllowPrivate,
  };
  const path = await reachablePath(leaf, pool, { fetch, issuers: ctx.issuerCertificates });
  const revocation: Answer[] = [];
  for (let i = 0; i < path.length - 1; i++) {
    const answer = await fetchRevocation(path[i]!, path[i + 1]!, { now, fetch });
    if (answer)
      revocation.push({ certificate: path[i]!.der, [answer.source === 'OCSP' ? 'ocsp' : 'crl']: answer.response });
  }
  return { certificates: path.map((cert) => cert.der), revocation };
}

/**
 * A revocation answer about every certificate of `path` below the anchor not yet in `answers`: fresh
 * through the guarded fetch, else the one kept from the preparation (current when the signer signed).
 */
async function collectAnswers(
  ctx: Ctx,
  row: DigitalSignatureRow,
  path: CertificateFields[],
  now: Date,
  answers: Map<string, Answer>,
): Promise<void> {
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
    if (fresh) answers.set(key, { certificate: cert.der, [fresh.source === 'OCSP' ? 'ocsp' : 'crl']: fresh.response });
    else {
      const kept = keptAnswer(row, i, cert.der);
      if (kept && (await ctx.storage.exists(kept.sha256)))
        answers.set(key, {
          certificate: cert.der,
          [kept.source === 'OCSP' ? 'ocsp' : 'crl']: await ctx.storage.getBytes(kept.sha256),
        });
    }
  }
}

/**
 * The answer kept from the preparation about the certificate at `index` on the signer's path: the
 * signer's own (`revocation_sha256`), or an issuer's (`issuer_revocations`, migration 0045).
 */
function keptAnswer(
  row: DigitalSignatureRow,
  index: number,
  der: Buffer,
): { source: 'OCSP' | 'CRL'; sha256: string } | null {
  if (index === 0) return { source: row.revocationSource, sha256: row.revocationSha256 };
  if (!row.issuerRevocations) return null;
  const digest = createHash('sha256').update(der).digest('hex');
  return row.issuerRevocations.find((k) => k.certificateSha256 === digest) ?? null;
}

/** The signer's path to an anchor as validated at signing; the chain as sent if it no longer builds. */
function signerPath(row: DigitalSignatureRow, anchors: Buffer[]): CertificateFields[] {
  const chain = row.certificateChain.map((c) => readCertificate(Buffer.from(c, 'base64')));
  try {
    return buildPath(chain[0]!, chain.slice(1), anchors.map(readCertificate));
  } catch {
    return chain;
  }
}
