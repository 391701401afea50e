import { createHash, X509Certificate } from 'node:crypto';
import { listSignedSignatures } from '../../db/repositories/digital-signature.repo.js';
import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { statusFromCrl } from '../../infra/crypto/certificates/crl.js';
import { ocspProducedAt, statusFromOcsp } from '../../infra/crypto/certificates/ocsp.js';
import {
  buildPath,
  CertificateRejected,
  cuilFromSerialNumber,
  loadTrustAnchors,
} from '../../infra/crypto/certificates/validate-certificate.js';
import { readCertificate, type CertificateFields } from '../../infra/crypto/certificates/x509-fields.js';
import {
  hashName,
  listPdfSignatures,
  readCms,
  readDocumentSecurityStore,
  readTimestampToken,
  signerCertificateOf,
  signerInfoHolds,
  type DocumentSecurityStore,
  type PdfSignature,
} from '../../infra/pdf/seal/index.js';
import type { Ctx } from '../context.js';
import type { Check } from './verify-sealed-evidence.js';

/**
 * `firma audit verify` re-validates, in each stored final, every DIGITAL signer's signature and the
 * document timestamp, with nothing but the file and the trust anchors (no network: the
 * revocation data must be the one embedded in the DSS). Firma's own seal is verify-seal's.
 * A signer's signature holds when: its byte range covers the file from the first byte to the end
 * of its revision; the messageDigest is the hash of those bytes; the signed attributes verify
 * under the signer's certificate; the certificate chains to FIRMA_TRUST_ANCHORS; it carries the
 * CUIL of the recipient whose revision it is; and every certificate on the path below the anchor
 * was not revoked at the signing time (/M) by an embedded OCSP answer from its issuer (or a
 * delegated responder) produced at or after that time, or an embedded CRL of its issuer.
 */
export async function verifyDigitalSignatures(ctx: Ctx, graph: EnvelopeGraph): Promise<Check[]> {
  const rows = await listSignedSignatures(ctx.db, graph.envelope.id);
  const anchors = loadTrustAnchors(ctx.config.digital.trustAnchorsPath).map(readCertificate);
  const checks: Check[] = [];
  for (const item of graph.items) {
    if (!item.finalSha256 || !(await ctx.storage.exists(item.finalSha256))) continue;
    const pdf = await ctx.storage.getBytes(item.finalSha256);
    const ownRows = rows.filter((row) => row.envelopeItemId === item.id);
    let signatures: PdfSignature[];
    let dss: DocumentSecurityStore | null;
    try {
      signatures = listPdfSignatures(pdf);
      dss = readDocumentSecurityStore(pdf);
    } catch (error) {
      if (ownRows.length > 0)
        checks.push({
          name: `signatures of "${item.title}"`,
          status: 'fail',
          detail: `the final is not readable (${(error as Error).message})`,
        });
      continue;
    }
    const revisionHashes = new Map<number, string>();
    const hashOfRevision = (end: number) => {
      if (!revisionHashes.has(end))
        revisionHashes.set(end, createHash('sha256').update(pdf.subarray(0, end)).digest('hex'));
      return revisionHashes.get(end)!;
    };
    for (const row of ownRows) {
      const name = `digital signature of ${row.subject.split(', ').find((p) => p.startsWith('CN=')) ?? row.subject} on "${item.title}"`;
      // The revision is found by the hash Firma stored when the signer submitted; a changed file
      // has none, so the signer's place in signing order picks the signature to judge instead.
      const exact = signatures.find(
        (s) =>
          s.type !== 'DocTimeStamp' &&
          s.byteRange &&
          hashOfRevision(s.byteRange[2] + s.byteRange[3]) === row.signedSha256,
      );
      const signature = exact ?? signatures.filter((s) => s.type !== 'DocTimeStamp')[ownRows.indexOf(row)];
      if (!signature) {
        checks.push({ name, status: 'fail', detail: 'the revision this signer signed is not in the final document' });
        continue;
      }
      const recipient = graph.recipients.find((r) => r.id === row.recipientId);
      const verdict = judgeSignature(pdf, signature, recipient?.cuil ?? null, anchors, dss);
      if (verdict.ok && !exact)
        checks.push({ name, status: 'fail', detail: 'its revision is not the one the signer signed through Firma' });
      else
        checks.push({
          name,
          status: verdict.ok ? (verdict.unanchored ? 'unanchored' : 'pass') : 'fail',
          detail: verdict.detail,
        });
    }
    for (const stamp of signatures.filter((s) => s.type === 'DocTimeStamp')) {
      const verdict = judgeDocumentTimestamp(pdf, stamp);
      checks.push({
        name: `document timestamp on "${item.title}"`,
        status: verdict.ok ? 'pass' : 'fail',
        detail: verdict.detail,
      });
    }
  }
  return checks;
}

/** `unanchored`: everything held but revocation, which a final without a DSS cannot show offline. */
type Verdict = { ok: boolean; detail: string; unanchored?: boolean };
const fail = (detail: string): Verdict => ({ ok: false, detail });

/** The bytes a /ByteRange [0 a b c] covers, or null unless it runs from 0 to the end of a revision. */
function coveredBytes(pdf: Buffer, range: PdfSignature['byteRange']): Buffer[] | null {
  if (!range) return null;
  const [start, gapStart, gapEnd, tail] = range;
  const end = gapEnd + tail;
  if (start !== 0 || gapStart >= gapEnd || end > pdf.length) return null;
  if (pdf[gapStart] !== 0x3c || pdf[gapEnd - 1] !== 0x3e) return null;
  if (!/%%EOF\s*$/.test(pdf.subarray(Math.max(0, end - 32), end).toString('latin1'))) return null;
  return [pdf.subarray(0, gapStart), pdf.subarray(gapEnd, end)];
}

function judgeSignature(
  pdf: Buffer,
  signature: PdfSignature,
  expectedCuil: string | null,
  anchors: CertificateFields[],
  dss: DocumentSecurityStore | null,
): Verdict {
  const covered = coveredBytes(pdf, signature.byteRange);
  if (!covered) return fail('its byte range does not cover the file up to the end of its revision');
  let cms: ReturnType<typeof readCms>;
  try {
    cms = readCms(signature.contents);
  } catch (error) {
    return fail(`its CMS is malformed (${(error as Error).message})`);
  }
  const hash = hashName(cms.digestAlgorithm);
  if (!hash) return fail('its digest algorithm is not accepted');
  const digest = covered.reduce((h, part) => h.update(part), createHash(hash)).digest();
  if (!cms.messageDigest?.equals(digest)) return fail('the signed bytes do not match its messageDigest');
  const signer = signerCertificateOf(cms);
  if (!signer) return fail('its CMS does not carry the signer’s certificate');
  if (!signerInfoHolds(cms, signer)) return fail('its signature value does not verify under the signer’s certificate');
  const leaf = readCertificate(Buffer.from(signer.raw));
  let path: CertificateFields[];
  try {
    path = buildPath(leaf, readable([...cms.certificates, ...(dss?.certs ?? [])]), anchors);
  } catch (error) {
    if (error instanceof CertificateRejected) return fail('the certificate does not chain to a trust anchor');
    throw error;
  }
  const cuil = leaf.subjectSerialNumbers.map(cuilFromSerialNumber).find((c) => c !== null) ?? null;
  if (!expectedCuil || cuil !== expectedCuil)
    return fail(`the certificate carries CUIL ${cuil ?? '(none)'}, the recipient ${expectedCuil ?? '(none)'}`);
  const at = signature.signingTime;
  if (!at) return fail('it states no signing time (/M)');
  if (!dss)
    return {
      ok: true,
      unanchored: true,
      detail: `CUIL ${cuil}, chain and signature valid; revocation not re-checked: the final has no DSS (completed before PAdES B-LT)`,
    };
  const sources: string[] = [];
  for (let i = 0; i < path.length - 1; i++) {
    const status = embeddedStatus(path[i]!, path[i + 1]!, at, dss);
    if (status.status === 'revoked')
      return fail(`${i === 0 ? 'the certificate' : 'an issuing certificate'} was revoked (${status.source} embedded)`);
    if (status.status === null)
      return fail(
        `no embedded OCSP answer or CRL shows ${i === 0 ? 'the certificate' : 'an issuing certificate'} unrevoked at ${at.toISOString()}`,
      );
    sources.push(status.source);
  }
  return {
    ok: true,
    detail:
      `valid: CUIL ${cuil}, chains to ${new X509Certificate(path.at(-1)!.der).subject.replace(/\n/g, ', ')}, ` +
      `not revoked at ${at.toISOString()} (${sources.join(' + ')} embedded in the DSS)`,
  };
}

/** The certificates that parse; anything else in a CMS or DSS is no help in building a path. */
function readable(ders: Buffer[]): CertificateFields[] {
  return ders.flatMap((der) => {
    try {
      return [readCertificate(der)];
    } catch {
      return [];
    }
  });
}

/** Good only by an answer that speaks for the signing time; revoked by any valid answer that says so. */
function embeddedStatus(
  cert: CertificateFields,
  issuer: CertificateFields,
  at: Date,
  dss: DocumentSecurityStore | null,
): { status: 'good' | 'revoked' | null; source: string } {
  for (const response of dss?.ocsps ?? []) {
    const status = statusFromOcsp(response, cert, issuer, at);
    if (status === 'revoked') return { status, source: 'OCSP' };
    const producedAt = ocspProducedAt(response);
    if (status === 'good' && producedAt && producedAt >= at) return { status, source: 'OCSP' };
  }
  for (const crl of dss?.crls ?? []) {
    const status = statusFromCrl(crl, cert, issuer, at);
    if (status) return { status, source: 'CRL' };
  }
  return { status: null, source: '' };
}

/** An RFC 3161 token over the byte range, signed by the TSA certificate it carries. */
function judgeDocumentTimestamp(pdf: Buffer, stamp: PdfSignature): Verdict {
  const covered = coveredBytes(pdf, stamp.byteRange);
  if (!covered) return fail('its byte range does not cover the file up to the end of its revision');
  try {
    const token = readTimestampToken(stamp.contents);
    const hash = hashName(token.hashAlgorithm);
    if (!hash) return fail('its imprint algorithm is not accepted');
    const digest = covered.reduce((h, part) => h.update(part), createHash(hash)).digest();
    if (!token.imprint.equals(digest)) return fail('the timestamped bytes do not match its imprint');
    const tsa = signerCertificateOf(token.cms);
    const contentHash = hashName(token.cms.digestAlgorithm);
    if (!tsa || !contentHash || !token.cms.content) return fail('the token does not name its TSA certificate');
    const contentDigest = createHash(contentHash).update(token.cms.content).digest();
    if (!token.cms.messageDigest?.equals(contentDigest) || !signerInfoHolds(token.cms, tsa))
      return fail('the token’s signature does not verify under its TSA certificate');
    const whole = stamp.byteRange![2] + stamp.byteRange![3] === pdf.length;
    return {
      ok: true,
      detail: `valid: ${tsa.subject.replace(/\n/g, ', ')} at ${token.genTime.toISOString()}${whole ? ', covering the whole file' : ''}`,
    };
  } catch (error) {
    return fail(`its token is malformed (${(error as Error).message})`);
  }
}
