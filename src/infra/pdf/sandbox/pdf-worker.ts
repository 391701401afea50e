import { parentPort, workerData } from 'node:worker_threads';
import { renderFinalItem, renderSealedEvidence } from '../final/render-final.js';
import { renderSignerRevision } from '../final/signer-revision.js';
import { fillForm } from '../forms/fill-form.js';
import { normalizeSignatureImage } from '../images/signature-image.js';
import { inspectPdf } from '../inspect-pdf.js';
import { renderFields } from '../render/index.js';
import { findAndCoverTags, findAndCoverText } from '../tags/cover-tags.js';
import { sealPdf } from '../seal/index.js';
import { withInflateBudget } from './inflate-guard.js';
import { useNativeDeflateForPdfLib } from './native-deflate.js';
import { serializeError, type PdfTask } from './pdf-task.js';

/**
 * A PDF worker thread: parses, renders and seals off the main event loop, one task at a time
 * (the pool never sends a second before the first is answered), within an inflate budget.
 */

const { inflateBudgetBytes } = workerData as { inflateBudgetBytes: number };
useNativeDeflateForPdfLib();

async function run(task: PdfTask): Promise<unknown> {
  switch (task.kind) {
    case 'inspect':
      return inspectPdf(task.bytes, { findTags: task.findTags === true });
    case 'render':
      return renderFields(task.original, task.fields, task.options);
    case 'seal':
      return sealPdf(task.pdf, task.identity, task.options);
    case 'fill-form':
      return fillForm(task.pdf, task.values);
    case 'find-tags':
      return findAndCoverTags(task.bytes, task.pages);
    case 'find-text':
      return findAndCoverText(task.bytes, task.texts);
    case 'final-item':
      return renderFinalItem(task);
    case 'sealed-evidence':
      return renderSealedEvidence(task);
    case 'signer-revision':
      return renderSignerRevision(task);
    case 'signature-image':
      return normalizeSignatureImage(task);
  }
}

/** Hands a result's memory over instead of copying it, unless it shares a pooled slab. */
function transferable(value: unknown): ArrayBuffer[] {
  if (
    value instanceof Uint8Array &&
    value.byteOffset === 0 &&
    value.byteLength === value.buffer.byteLength &&
    value.buffer instanceof ArrayBuffer
  )
    return [value.buffer];
  return [];
}

parentPort!.on('message', (message: { id: number; task: PdfTask }) => {
  withInflateBudget(inflateBudgetBytes, () => run(message.task)).then(
    (value) => parentPort!.postMessage({ id: message.id, ok: true, value }, transferable(value)),
    (error: unknown) => parentPort!.postMessage({ id: message.id, ok: false, error: serializeError(error) }),
  );
});
// Loaded: the pool starts a task's deadline from here, not from the thread's creation (a cold
// thread on a busy machine can take seconds to load its modules).
parentPort!.postMessage({ ready: true });
