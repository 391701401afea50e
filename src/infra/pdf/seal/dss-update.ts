import { createHash, X509Certificate } from 'node:crypto';
import { appendObjects } from './append-objects.js';
import { MemorySource } from './byte-source.js';
import { certificatesInCms } from './cms-reader.js';
import type { UpdateObject } from './incremental-update.js';
import { PdfDict, PdfRef, rewriteDict, textString } from './pdf-objects.js';
import { PdfReader } from './pdf-reader.js';
import { listPdfSignatures, vriKey } from './pdf-signatures.js';
import { unsupportedPdf } from './seal-error.js';
import { pdfDate } from './signature-dictionary.js';

/**
 * PAdES B-LT (ETSI EN 319 142-1 §5.4): what a verifier needs years later, gathered by the caller
 * (the network stays outside this folder) and written here as plain bytes.
 */
export interface ValidationMaterial {
  /** Certificates beyond those the signatures carry: issuers, trust anchors. */
  certificates: Buffer[];
  /** The revocation answer about each certificate that has one (an OCSP response, else a CRL). */
  revocation: { certificate: Buffer; ocsp?: Buffer; crl?: Buffer }[];
  /** The VRI /TU time: when this material was gathered. */
  time: Date;
  /**
   * Only the document's last signature gets a VRI entry: a DIGITAL signer's own update at signing
   * time (issue #34) speaks for their signature alone; the earlier ones already have theirs.
   */
  lastSignatureOnly?: boolean;
}

const MAX_CHAIN_STEPS = 16;

/**
 * Appends a Document Security Store as one incremental update: /Certs, /OCSPs and /CRLs (one
 * stream per distinct blob) and a /VRI entry per signature keyed by the SHA-1 of its /Contents,
 * naming that signature's certificates (its CMS, its timestamp tokens' TSA certificates and the
 * issuers found up to an anchor) and the revocation data about them. A DSS already in the
 * document is kept and extended; a signature that already has a VRI entry (written when its signer
 * signed) keeps it unchanged, since validators (pyHanko) refuse an update that modifies a VRI entry,
 * and the new material about it goes into the DSS's lists only. Every earlier byte, and so every
 * earlier signature, is unchanged.
 */
export function appendDss(pdf: Buffer, material: ValidationMaterial): Buffer {
  const reader = PdfReader.open(new MemorySource(pdf));
  const rootRef = reader.trailerValue('Root');
  if (!(rootRef instanceof PdfRef)) throw unsupportedPdf('the trailer /Root is not an indirect reference');
  const catalogObject = reader.getObject(rootRef);
  if (!catalogObject || !(catalogObject.value instanceof PdfDict))
    throw unsupportedPdf('the document catalog is missing');

  let next = reader.xref.size;
  const objects: UpdateObject[] = [];
  const streamRefs = new Map<string, string>();
  const streamOf = (bytes: Buffer): string => {
    const key = createHash('sha256').update(bytes).digest('hex');
    let ref = streamRefs.get(key);
    if (!ref) {
      const num = next++;
      ref = `${num} 0 R`;
      streamRefs.set(key, ref);
      objects.push({
        num,
        gen: 0,
        body: Buffer.concat([
          Buffer.from(`<< /Length ${bytes.length} >>\nstream\n`, 'latin1'),
          bytes,
          Buffer.from('\nendstream', 'latin1'),
        ]),
      });
    }
    return ref;
  };

  const pool = dedupe(material.certificates);
  const certs: string[] = [];
  const ocsps: string[] = [];
  const crls: string[] = [];
  const vri: string[] = [];
  const addTo = (list: string[], ref: string) => {
    if (!list.includes(ref)) list.push(ref);
  };
  const previous = reader.resolveDict(catalogObject.value.get('DSS'));
  const previousVri = reader.resolveDict(previous?.get('VRI'));
  const refObjects = (dict: PdfDict | null | undefined, key: string): PdfRef[] => {
    const list = reader.resolve(dict?.get(key));
    return Array.isArray(list) ? list.filter((v): v is PdfRef => v instanceof PdfRef) : [];
  };
  // A blob the DSS already holds (the signer's chain, written when they signed) is named, not written again.
  for (const ref of ['Certs', 'OCSPs', 'CRLs'].flatMap((key) => refObjects(previous, key))) {
    const data = reader.getStreamData(ref);
    if (data) streamRefs.set(createHash('sha256').update(data).digest('hex'), ref.toString());
  }
  const all = listPdfSignatures(pdf);
  for (const signature of material.lastSignatureOnly ? all.slice(-1) : all) {
    if (signature.contents.length === 0) continue;
    let own: Buffer[];
    try {
      own = certificatesInCms(signature.contents);
    } catch {
      continue; // not a CMS we can read: nothing to say about it
    }
    const chain = withIssuers(dedupe(own), [...pool, ...own]);
    const key = vriKey(signature.contents);
    const earlier = previousVri?.get(key) !== undefined;
    const entry = { cert: [] as string[], ocsp: [] as string[], crl: [] as string[] };
    for (const cert of chain) {
      const ref = streamOf(cert);
      addTo(certs, ref);
      addTo(entry.cert, ref);
      for (const answer of material.revocation.filter((r) => r.certificate.equals(cert))) {
        if (answer.ocsp) {
          const ocspRef = streamOf(answer.ocsp);
          addTo(ocsps, ocspRef);
          addTo(entry.ocsp, ocspRef);
        }
        if (answer.crl) {
          const crlRef = streamOf(answer.crl);
          addTo(crls, crlRef);
          addTo(entry.crl, crlRef);
        }
      }
    }
    if (!earlier)
      vri.push(
        `/${key} << /Cert [${entry.cert.join(' ')}] /OCSP [${entry.ocsp.join(' ')}] ` +
          `/CRL [${entry.crl.join(' ')}] /TU ${textString(pdfDate(material.time))} >>`,
      );
  }
  for (const cert of pool) addTo(certs, streamOf(cert));

  const kept = (key: string): string[] =>
    refObjects(previous, key)
      .map((r) => r.toString())
      .filter((ref) => !listed(key, ref));
  const listed = (key: string, ref: string): boolean =>
    (key === 'Certs' ? certs : key === 'OCSPs' ? ocsps : crls).includes(ref);
  const keptVri = previousVri
    ? [...previousVri.keys()].map((key) => `/${key} ${previousVri.raw(key)!.toString('latin1')}`)
    : [];
  const dssNum = next++;
  objects.push({
    num: dssNum,
    gen: 0,
    body: Buffer.from(
      `<< /Type /DSS /Certs [${[...kept('Certs'), ...certs].join(' ')}] /OCSPs [${[...kept('OCSPs'), ...ocsps].join(' ')}] ` +
        `/CRLs [${[...kept('CRLs'), ...crls].join(' ')}] /VRI << ${[...keptVri, ...vri].join(' ')} >> >>`,
      'latin1',
    ),
  });
  objects.push({
    num: catalogObject.num,
    gen: catalogObject.gen,
    body: rewriteDict(catalogObject.value, new Map([['DSS', `${dssNum} 0 R`]])),
  });
  return appendObjects(pdf, objects, next);
}

function dedupe(certificates: Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  for (const cert of certificates) if (!out.some((c) => c.equals(cert))) out.push(cert);
  return out;
}

/** The certificates plus, transitively, each one's issuer found in `pool` (up to a self-signed one). */
function withIssuers(certificates: Buffer[], pool: Buffer[]): Buffer[] {
  const parsed = new Map<Buffer, X509Certificate | null>();
  const x509 = (der: Buffer): X509Certificate | null => {
    if (!parsed.has(der)) {
      try {
        parsed.set(der, new X509Certificate(der));
      } catch {
        parsed.set(der, null);
      }
    }
    return parsed.get(der)!;
  };
  const out = [...certificates];
  for (let step = 0, grew = true; grew && step < MAX_CHAIN_STEPS; step++) {
    grew = false;
    for (const cert of [...out]) {
      const child = x509(cert);
      if (!child) continue;
      for (const candidate of pool) {
        if (out.some((c) => c.equals(candidate))) continue;
        const issuer = x509(candidate);
        if (issuer && child.checkIssued(issuer) && child.verify(issuer.publicKey)) {
          out.push(candidate);
          grew = true;
        }
      }
    }
  }
  return out;
}
