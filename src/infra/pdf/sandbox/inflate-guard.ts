import { decodePDFRawStream, PDFContext, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * A bound on what pdf-lib may inflate. pdf-lib decodes object and cross-reference streams with
 * pdf.js's pure-JavaScript decoders, which grow their output buffer without limit: a few
 * kilobytes deflated twice can ask for gigabytes. Every decoder grows its buffer through
 * `DecodeStream.prototype.ensureBuffer`, so that one method is where the budget is charged.
 * The budget belongs to the task running in this thread (PDF work runs in worker threads, one
 * task at a time per thread), and exceeding it is remembered even if pdf-lib swallows the error
 * to try to recover the object.
 */

interface DecodeStreamPrototype {
  buffer: Uint8Array;
  minBufferLength: number;
  ensureBuffer(requested: number): Uint8Array;
}

export class InflateLimitError extends Error {
  override readonly name = 'InflateLimitError';
}

let remaining = Number.POSITIVE_INFINITY;
let exceeded = false;

/**
 * DecodeStream is not exported, so its prototype is reached through a decoder pdf-lib itself
 * builds: the very instance of the module pdf-lib uses (a loader may give a deep `require` of the
 * file a module instance of its own).
 */
function decodeStreamPrototype(): DecodeStreamPrototype {
  const context = PDFContext.create();
  const probe = decodePDFRawStream(
    PDFRawStream.of(context.obj({ Filter: PDFName.of('ASCIIHexDecode') }), new Uint8Array(0)),
  );
  return Object.getPrototypeOf(Object.getPrototypeOf(probe)) as DecodeStreamPrototype;
}

const proto = decodeStreamPrototype();
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the decoder as `this`
const original = proto.ensureBuffer;
proto.ensureBuffer = function guardedEnsureBuffer(this: DecodeStreamPrototype, requested: number): Uint8Array {
  const current = this.buffer.byteLength;
  if (requested > current) {
    // Decoders ask for one more byte and the buffer doubles: charge what will be allocated.
    let size = this.minBufferLength;
    while (size < requested) size *= 2;
    const growth = size - current;
    if (growth > remaining) {
      exceeded = true;
      remaining = 0;
      throw new InflateLimitError('compressed streams inflate beyond the limit');
    }
    remaining -= growth;
  }
  return original.call(this, requested);
};

/** Runs `task` with at most `budget` bytes of inflated output; throws InflateLimitError beyond. */
export async function withInflateBudget<T>(budget: number, task: () => Promise<T>): Promise<T> {
  remaining = budget;
  exceeded = false;
  try {
    const result = await task();
    if (exceeded) throw new InflateLimitError('compressed streams inflate beyond the limit');
    return result;
  } catch (error) {
    if (exceeded && !(error instanceof InflateLimitError))
      throw new InflateLimitError('compressed streams inflate beyond the limit', { cause: error });
    throw error;
  } finally {
    remaining = Number.POSITIVE_INFINITY;
    exceeded = false;
  }
}
