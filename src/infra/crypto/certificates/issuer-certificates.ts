import { childrenOf, decodeOid, contentOf, encodingOf, readNode } from '../../pdf/seal/index.js';
import { fetchBytes } from '../../net/fetch-bytes.js';
import { pemCertificates, readCertificate, type CertificateFields } from './x509-fields.js';

/** An issuer's certificate, or a certs-only bundle of a few, is a few kilobytes; anything larger is not one. */
const MAX_ISSUER_BYTES = 256 * 1024;
const SIGNED_DATA = '1.2.840.113549.1.7.2';

/**
 * Issuers' certificates fetched from AIA caIssuers addresses, kept in this process: they are
 * public, change only when an authority re-issues its certificate, and one fetch per node per
 * TTL is nothing, so a table shared by a cluster would buy nothing but a write per signer. Least
 * recently used entries leave first; a fetch in flight is shared by concurrent signers of the
 * same authority. Failures are not kept (the next signer tries again).
 */
export class IssuerCertificateCache {
  private readonly entries = new Map<string, { expires: number; certificates: Promise<Buffer[]> }>();

  constructor(
    private readonly options: { maxEntries: number; ttlMs: number; now?: () => number } = {
      maxEntries: 256,
      ttlMs: 6 * 60 * 60 * 1000,
    },
  ) {}

  /** The certificates at `url`: from the cache while fresh, else from `load` (whose empty answer is not kept). */
  get(url: string, load: () => Promise<Buffer[]>): Promise<Buffer[]> {
    const now = (this.options.now ?? Date.now)();
    const hit = this.entries.get(url);
    if (hit && hit.expires > now) {
      this.entries.delete(url);
      this.entries.set(url, hit);
      return hit.certificates;
    }
    const forget = () => {
      if (this.entries.get(url)?.certificates === certificates) this.entries.delete(url);
    };
    const certificates = load().then(
      (found) => {
        if (found.length === 0) forget();
        return found;
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    this.entries.set(url, { expires: now + this.options.ttlMs, certificates });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return certificates;
  }
}

/**
 * The CA certificates `cert`'s AIA caIssuers addresses serve (RFC 5280 4.2.2.1: one DER certificate,
 * or a PKCS#7 certs-only bundle; PEM tolerated), http only as AIA is. Fetched through the same
 * private-address guard, deadline and size cap as OCSP and CRL answers: the addresses come from a
 * certificate the signer sent. Skips `tried` addresses and adds the ones it asks to it.
 */
export async function fetchIssuerCertificates(
  cert: CertificateFields,
  options: { timeoutMs: number; allowPrivate: boolean; cache: IssuerCertificateCache; tried: Set<string> },
): Promise<CertificateFields[]> {
  const found: CertificateFields[] = [];
  for (const url of cert.caIssuersUrls) {
    if (options.tried.has(url) || !url.startsWith('http://')) continue;
    options.tried.add(url);
    const certificates = await options.cache.get(url, async () => {
      const bytes = await fetchBytes(url, { ...options, maxBytes: MAX_ISSUER_BYTES });
      return bytes ? certificatesIn(bytes) : [];
    });
    for (const der of certificates) {
      try {
        const issuer = readCertificate(der);
        if (issuer.x509.ca) found.push(issuer);
      } catch {
        // A certificate that does not parse cannot be an issuer; the others may still be.
      }
    }
  }
  return found;
}

/** The DER certificates a caIssuers answer holds: one DER certificate, a DER PKCS#7 certs-only, or PEM. */
export function certificatesIn(bytes: Buffer): Buffer[] {
  if (bytes.subarray(0, 64).toString('latin1').includes('-----BEGIN CERTIFICATE-----'))
    return pemCertificates(bytes.toString('latin1'));
  try {
    const top = readNode(bytes, 0);
    if (top.end !== bytes.length) return [];
    const [first, second] = childrenOf(bytes, top);
    if (first?.tag === 0x06 && second?.tag === 0xa0) {
      if (decodeOid(contentOf(bytes, first)) !== SIGNED_DATA) return [];
      const signedData = childrenOf(bytes, second)[0];
      const set = signedData && childrenOf(bytes, signedData).find((node) => node.tag === 0xa0);
      if (!set) return [];
      return childrenOf(bytes, set)
        .filter((node) => node.tag === 0x30)
        .map((node) => Buffer.from(encodingOf(bytes, node)));
    }
    return [bytes];
  } catch {
    return [];
  }
}
