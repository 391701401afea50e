/**
 * The sealing paths users pick today, run by the seal bench beside Firma's on the same PDFs with
 * the same key and certificate (`npm run bench` loads them as devDependencies):
 *   - Documenso: `@libpdf/core`, `PDF.load` then `pdf.sign` with a `P12Signer` (PAdES B-B,
 *     ETSI.CAdES.detached, its defaults);
 *   - OpenSign: `pdf-lib` loads the PDF, `@signpdf/placeholder-pdf-lib` adds the signature
 *     dictionary and placeholder, `pdf-lib` saves, `@signpdf/signpdf` signs with `@signpdf/signer-p12`.
 * Each is called as its users call it, from the PDF's bytes to the signed bytes; @libpdf's signer is
 * made once (it can be reused, like Firma's identity), @signpdf's once per document (it cannot).
 */
import { PDF, P12Signer as LibPdfP12Signer } from '@libpdf/core';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { SealIdentity } from '../src/infra/pdf/seal/index.js';

export interface Competitor {
  name: string;
  seal(pdf: Uint8Array): Promise<Uint8Array>;
}

const PASSWORD = 'bench';

/** The seal identity's key and certificate as a PKCS#12 file, which both competitors read. */
export function pkcs12Of(identity: SealIdentity): Buffer {
  const key = forge.pki.privateKeyFromPem(identity.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const certificate = forge.pki.certificateFromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(identity.certificate.toString('binary'))),
  );
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], PASSWORD, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

export async function competitors(identity: SealIdentity): Promise<Competitor[]> {
  const p12 = pkcs12Of(identity);
  const libpdfSigner = await LibPdfP12Signer.create(new Uint8Array(p12), PASSWORD);
  return [
    {
      name: '@libpdf/core (Documenso)',
      async seal(bytes) {
        const pdf = await PDF.load(bytes);
        const { bytes: signed } = await pdf.sign({ signer: libpdfSigner, reason: 'Sealed', location: 'bench' });
        return signed;
      },
    },
    {
      name: 'pdf-lib + @signpdf (OpenSign)',
      async seal(bytes) {
        const pdfDoc = await PDFDocument.load(bytes);
        pdflibAddPlaceholder({ pdfDoc, reason: 'Sealed', contactInfo: '', name: 'bench', location: 'bench' });
        const withPlaceholder = await pdfDoc.save({ useObjectStreams: false });
        // A P12Signer reads its PKCS#12 once (forge consumes the buffer): one per document, as OpenSign does.
        return new SignPdf().sign(Buffer.from(withPlaceholder), new P12Signer(p12, { passphrase: PASSWORD }));
      },
    },
  ];
}
