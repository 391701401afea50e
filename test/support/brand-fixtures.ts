import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { SIGNATURE_JPEG, signaturePng } from './signature-images.js';

/** Logo files for the branding tests: good ones and each kind of bad one. */
export const LOGO_PNG = signaturePng(160, 48);
export const LOGO_JPEG = SIGNATURE_JPEG;

/** A PNG of random pixels: incompressible, so about 4 bytes a pixel (380: 580 KB; 600: 1.4 MB). */
export function noisePng(side: number): Buffer {
  const png = new PNG({ width: side, height: side });
  png.data = randomBytes(side * side * 4);
  return PNG.sync.write(png);
}

/** A 1×1 GIF (GIF89a): a real image, not one of the two formats taken. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The PNG cut before its end (its IDAT and IEND chunks lost). */
export const TRUNCATED_PNG = LOGO_PNG.subarray(0, Math.floor(LOGO_PNG.length / 2));

/** A PNG followed by an HTML page with a script: a polyglot a browser could sniff as HTML. */
export const POLYGLOT_PNG = Buffer.concat([
  LOGO_PNG,
  Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
]);

/** A JPEG followed by a ZIP's local header: the classic image-and-archive polyglot. */
export const POLYGLOT_JPEG = Buffer.concat([LOGO_JPEG, Buffer.from('PK\u0003\u0004rest-of-a-zip-archive')]);

/** A PDF (what a "logo.png" picked by mistake often is). */
export const PDF_NAMED_PNG = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export const base64 = (bytes: Buffer) => bytes.toString('base64');
