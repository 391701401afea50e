import { readFileSync } from 'node:fs';
import { fetchBytes } from '../../net/fetch-bytes.js';
import { statusFromCrl, type RevocationStatus } from './crl.js';
import { fetchIssuerCertificates, type IssuerCertificateCache } from './issuer-certificates.js';
import { ocspRequest, statusFromOcsp } from './ocsp.js';
import { pemCertificates, readCertificate, type CertificateFields } from './x509-fields.js';

/** Why a signer's certificate is refused; the domain turns each into its CERT_* code. */
export type CertificateProblem =
  'INVALID' | 'CUIL_MISMATCH' | 'UNTRUSTED' | 'EXPIRED' | 'KEY_USAGE' | 'REVOKED' | 'REVOCATION_UNAVAILABLE';

export class CertificateRejected extends Error {
  constructor(
    readonly problem: CertificateProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface ValidationOptions {
  /** DER trust anchors (self-signed roots, or any certificate the operator chose to trust). */
  anchors: Buffer[];
  now: Date;
  expectedCuil: string;
  fetch: { timeoutMs: number; allowPrivate: boolean };
  /** Set: a chain that stops short of an anchor is completed from the AIA caIssuers addresses (cached here). */
  issuers?: IssuerCertificateCache;
}

/** What was checked, kept with the signature (the certificate lists it; B-LT embeds the evidence). */
export interface CertificateVerdict {
  leaf: CertificateFields;
  /** Leaf first, the anchor last. */
  path: CertificateFields[];
  /** The chain as sent, then any issuer fetched from an AIA address to complete it: what the CMS carries. */
  chain: Buffer[];
  cuil: string;
  subject: string;
  issuer: string;
  serialHex: string;
  revocation: { source: 'OCSP' | 'CRL'; url: string; response: Buffer };
  /** The same answer about each issuing certificate below the anchor, issuer of the leaf first. */
  issuerRevocations: { certificate: Buffer; source: 'OCSP' | 'CRL'; url: string; response: Buffer }[];
}

const MAX_PATH = 6;
const MAX_CRL_BYTES = 20 * 1024 * 1024;
const MAX_OCSP_BYTES = 64 * 1024;

/** Reads FIRMA_TRUST_ANCHORS; an unreadable or empty bundle trusts nothing. */
export function loadTrustAnchors(path: string | null): Buffer[] {
  if (!path) return [];
  try {
    return pemCertificates(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
}

/**
 * The CUIL a subject serialNumber carries, in the forms Argentina's certification authorities
 * write it: `CUIL 20123456786`, `CUIL20-12345678-6`, or the bare 11 digits. `CUIT` counts too:
 * a person's CUIT has the same 11 digits as their CUIL, so matching digits name the same person
 * (a company's CUIT never equals a recipient's CUIL). Anything else is null.
 */
export function cuilFromSerialNumber(value: string): string | null {
  const match = /^(?:CUI[LT]\s?)?(\d{2}-?\d{8}-?\d)$/i.exec(value.trim());
  if (!match) return null;
  const body = match[1]!;
  // Hyphens come in pairs or not at all: 20-12345678-6 or 20123456786.
  if (body.includes('-') && !/^\d{2}-\d{8}-\d$/.test(body)) return null;
  return body.replace(/-/g, '');
}

/**
 * Every check a signer's certificate passes before Firma prepares a signature with it, in order of
 * cost: parse, CUIL in the subject serialNumber, key usage, validity of each certificate on the
 * path, the path to a trust anchor, then revocation of every certificate on the path below the
 * anchor, the signer's first (OCSP from its AIA URLs, else its CRL distribution points): a revoked
 * intermediate voids every certificate it issued. Throws CertificateRejected with the first problem.
 */
export async function validateSignerCertificate(
  chainDer: Buffer[],
  options: ValidationOptions,
): Promise<CertificateVerdict> {
  let certs: CertificateFields[];
  try {
    certs = chainDer.map(readCertificate);
  } catch {
    throw new CertificateRejected('INVALID', 'the certificate chain is not made of DER X.509 certificates');
  }
  const leaf = certs[0];
  if (!leaf) throw new CertificateRejected('INVALID', 'no certificate was sent');
  const cuils = leaf.subjectSerialNumbers.map(cuilFromSerialNumber);
  const cuil = cuils.find((c) => c !== null) ?? null;
  if (cuil !== options.expectedCuil) {
    throw new CertificateRejected(
      'CUIL_MISMATCH',
      cuil === null
        ? 'the certificate’s subject carries no CUIL in its serialNumber'
        : 'the certificate belongs to another CUIL than the recipient’s',
    );
  }
  if (!leaf.keyUsage || !(leaf.keyUsage.digitalSignature || leaf.keyUsage.nonRepudiation))
    throw new CertificateRejected(
      'KEY_USAGE',
      'the certificate’s key usage allows neither digitalSignature nor nonRepudiation',
    );
  const anchors = options.anchors.map(readCertificate);
  const { path, fetched } = await completePath(leaf, certs.slice(1), anchors, options);
  for (const cert of path) {
    if (new Date(cert.x509.validFrom) > options.now || new Date(cert.x509.validTo) < options.now)
      throw new CertificateRejected(
        'EXPIRED',
        cert === leaf
          ? 'the certificate is outside its validity period'
          : 'an issuing certificate is outside its validity period',
      );
  }
  const revocation = await checkRevocation(leaf, path[1]!, options, true);
  const issuerRevocations: CertificateVerdict['issuerRevocations'] = [];
  for (let i = 1; i < path.length - 1; i++) {
    const answer = await checkRevocation(path[i]!, path[i + 1]!, options, false);
    issuerRevocations.push({ certificate: path[i]!.der, ...answer });
  }
  return {
    leaf,
    path,
    chain: [...chainDer, ...fetched.map((c) => c.der)],
    cuil,
    subject: leaf.x509.subject.replace(/\n/g, ', '),
    issuer: leaf.x509.issuer.replace(/\n/g, ', '),
    serialHex: leaf.x509.serialNumber,
    revocation,
    issuerRevocations,
  };
}

const NO_PATH = 'the certificate does not chain to a trusted certification authority';

/** Leaf up to an anchor, each certificate verified under the next one's key; intermediates must be CAs. */
export function buildPath(
  leaf: CertificateFields,
  pool: CertificateFields[],
  anchors: CertificateFields[],
): CertificateFields[] {
  const walked = walkPath(leaf, pool, anchors);
  if (!walked.anchored) throw new CertificateRejected('UNTRUSTED', NO_PATH);
  return walked.path;
}

/**
 * The path of a certificate Firma does not judge but keeps validation data for (a timestamp
 * authority's): up through `pool` and the AIA caIssuers addresses of the last one reached, until a
 * self-issued certificate or nothing more is found. No trust decision is made here.
 */
export async function reachablePath(
  leaf: CertificateFields,
  pool: CertificateFields[],
  options: Pick<ValidationOptions, 'fetch'> & { issuers: IssuerCertificateCache },
): Promise<CertificateFields[]> {
  const known = [...pool];
  const tried = new Set<string>();
  for (let round = 0; round <= MAX_PATH; round++) {
    const roots = known.filter((c) => issued(c, c));
    const walked = walkPath(leaf, known, roots);
    const last = walked.path[walked.path.length - 1]!;
    if (walked.anchored || issued(last, last)) return walked.path;
    const more = await fetchIssuerCertificates(last, { ...options.fetch, cache: options.issuers, tried });
    const fresh = more.filter((c) => !known.some((k) => k.der.equals(c.der)));
    if (fresh.length === 0) return walked.path;
    known.push(...fresh);
  }
  return [leaf];
}

/** As far up as `pool` and the anchors reach; `anchored` when the last certificate is (or was issued by) an anchor. */
function walkPath(
  leaf: CertificateFields,
  pool: CertificateFields[],
  anchors: CertificateFields[],
): { path: CertificateFields[]; anchored: boolean } {
  const path = [leaf];
  let current = leaf;
  for (let depth = 0; depth < MAX_PATH; depth++) {
    const anchor = anchors.find((a) => issued(current, a));
    if (anchor) {
      if (!anchor.der.equals(current.der)) path.push(anchor);
      return { path, anchored: true };
    }
    const next = pool.find((c) => c.x509.ca && !path.includes(c) && issued(current, c));
    if (!next) break;
    path.push(next);
    current = next;
  }
  return { path, anchored: false };
}

/**
 * `buildPath`, and where the path stops short of an anchor, the issuer fetched from the last
 * certificate's AIA caIssuers addresses (smart cards and desktop applications often send only the
 * signer's own certificate), again up to an anchor or until nothing more can be fetched. Returns
 * the certificates fetched that the path uses.
 */
async function completePath(
  leaf: CertificateFields,
  sent: CertificateFields[],
  anchors: CertificateFields[],
  options: ValidationOptions,
): Promise<{ path: CertificateFields[]; fetched: CertificateFields[] }> {
  const pool = [...sent];
  const tried = new Set<string>();
  for (let round = 0; round <= MAX_PATH; round++) {
    const walked = walkPath(leaf, pool, anchors);
    if (walked.anchored) {
      const fetched = walked.path.filter((c) => !sent.includes(c) && !anchors.includes(c));
      return { path: walked.path, fetched };
    }
    if (!options.issuers) break;
    const last = walked.path[walked.path.length - 1]!;
    const more = await fetchIssuerCertificates(last, { ...options.fetch, cache: options.issuers, tried });
    const fresh = more.filter((c) => !pool.some((p) => p.der.equals(c.der)));
    if (fresh.length === 0)
      throw new CertificateRejected(
        'UNTRUSTED',
        last.caIssuersUrls.length > 0
          ? `${NO_PATH} (no issuer could be fetched from the address the certificate names)`
          : NO_PATH,
      );
    pool.push(...fresh);
  }
  throw new CertificateRejected('UNTRUSTED', NO_PATH);
}

function issued(child: CertificateFields, issuer: CertificateFields): boolean {
  try {
    return child.x509.checkIssued(issuer.x509) && child.x509.verify(issuer.x509.publicKey);
  } catch {
    return false;
  }
}

async function checkRevocation(
  cert: CertificateFields,
  issuer: CertificateFields,
  options: ValidationOptions,
  isLeaf: boolean,
): Promise<CertificateVerdict['revocation']> {
  const what = isLeaf ? 'the certificate' : 'an issuing certificate';
  // Nothing to ask ever: a lasting refusal (400), not the 503 of responders that did not answer now.
  if (cert.ocspUrls.length === 0 && cert.crlUrls.length === 0)
    throw new CertificateRejected(
      'INVALID',
      `${what} names no OCSP responder and no CRL, so whether it was revoked cannot be checked`,
    );
  const answer = await fetchRevocation(cert, issuer, options);
  if (!answer)
    throw new CertificateRejected(
      'REVOCATION_UNAVAILABLE',
      `neither the OCSP responder nor the CRL of ${what} gave a usable answer`,
    );
  if (answer.status === 'revoked')
    throw new CertificateRejected(
      'REVOKED',
      isLeaf ? 'the certificate has been revoked' : 'a certificate that issued it has been revoked',
    );
  return { source: answer.source, url: answer.url, response: answer.response };
}

/**
 * A current answer about `cert` from its own URLs: OCSP first, else its CRL; null when none
 * answered usably. Completion calls it again for fresh long-term validation data.
 */
export async function fetchRevocation(
  cert: CertificateFields,
  issuer: CertificateFields,
  options: Pick<ValidationOptions, 'now' | 'fetch'>,
): Promise<{ status: RevocationStatus; source: 'OCSP' | 'CRL'; url: string; response: Buffer } | null> {
  for (const url of cert.ocspUrls) {
    const response = await fetchBytes(url, {
      ...options.fetch,
      maxBytes: MAX_OCSP_BYTES,
      body: { contentType: 'application/ocsp-request', bytes: ocspRequest(cert, issuer) },
    });
    const status = response && statusFromOcsp(response, cert, issuer, options.now);
    if (response && status) return { status, source: 'OCSP', url, response };
  }
  for (const url of cert.crlUrls) {
    const crl = await fetchBytes(url, { ...options.fetch, maxBytes: MAX_CRL_BYTES });
    const status = crl && statusFromCrl(crl, cert, issuer, options.now);
    if (crl && status) return { status, source: 'CRL', url, response: crl };
  }
  return null;
}
