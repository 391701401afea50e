import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';

/**
 * pdf-lib compresses every stream it writes (font subsets, ToUnicode maps, object streams, images)
 * with pako, a deflate written in JavaScript that also allocates some 300 kB of window and hash
 * tables per stream on the V8 heap. A completion writes dozens of small streams per document, so
 * in a PDF thread pako and the scavenges its garbage caused were about a sixth of the thread's
 * time. Here pdf-lib's pako is made to call node's native zlib (same zlib format, same default
 * level 6; the bytes may differ, the inflated content is identical), whose buffers live outside
 * the V8 heap. Installed once by the PDF worker thread entry; pdf-lib's own calls pass no options,
 * so any other call goes to pako as before.
 */

interface Pako {
  deflate(input: Uint8Array | ArrayBuffer | string, options?: unknown): Uint8Array;
}

let installed = false;

export function useNativeDeflateForPdfLib(): void {
  if (installed) return;
  installed = true;
  // The pako that pdf-lib itself resolves (a nested copy would otherwise be missed).
  const fromPdfLib = createRequire(createRequire(import.meta.url).resolve('pdf-lib'));
  const pako = fromPdfLib('pako') as Pako;
  const jsDeflate = pako.deflate.bind(pako);
  pako.deflate = (input, options) =>
    options === undefined && typeof input !== 'string'
      ? deflateSync(input instanceof ArrayBuffer ? new Uint8Array(input) : input)
      : jsDeflate(input, options);
}
