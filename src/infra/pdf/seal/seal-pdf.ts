import { createHash, randomBytes, type Hash } from 'node:crypto';
import { copyFile, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FileSource, MemorySource } from './byte-source.js';
import type { SealIdentity } from './seal-identity.js';
import {
  createSignature,
  embedSignature,
  prepareUpdate,
  signedDigest,
  type PreparedUpdate,
  type SealOptions,
} from './seal-update.js';

export { SealError } from './seal-error.js';
export type { SealErrorReason } from './seal-error.js';
export type { SealOptions } from './seal-update.js';

/**
 * Seals a PDF held in memory. The result is `pdf` followed by an incremental update holding
 * the signature, so `pdf` is an exact prefix of it.
 */
export async function sealPdf(pdf: Uint8Array, identity: SealIdentity, options: SealOptions): Promise<Buffer> {
  const base = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const update = prepareUpdate(new MemorySource(base), identity, options);
  embedSignature(
    update,
    await createSignature(signedDigest(update, createHash('sha256').update(base)), identity, options),
  );
  return Buffer.concat([base, update.bytes]);
}

/** Below this a document is read whole: fewer system calls, and memory stays small anyway. */
const WHOLE_READ_LIMIT = 8 * 1024 * 1024;
const HASH_CHUNK_BYTES = 1024 * 1024;

/**
 * Seals a PDF file into `outputPath` (which may be `inputPath`). The result is written next to
 * the output under a temporary name and renamed into place, so readers never see half a file.
 * Large documents are never held in memory: the kernel copies the file while the few objects
 * the update needs are parsed and the hash is streamed from disk. In both cases the output is
 * written while the key signs, and the signature is patched into its placeholder afterwards.
 * Independent file operations run side by side: on small documents the thread-pool round trips
 * of node's fs, not the bytes, are what costs.
 */
export async function sealPdfFile(
  inputPath: string,
  outputPath: string,
  identity: SealIdentity,
  options: SealOptions,
): Promise<{ size: number; sha256: string }> {
  const partialPath = join(dirname(outputPath), `.${basename(outputPath)}.${randomBytes(6).toString('hex')}.partial`);
  const { input, output, size } = await openInputAndOutput(inputPath, partialPath);
  let inputClosed: Promise<void> | undefined;
  let pending: Promise<unknown> = Promise.resolve();
  try {
    let update: PreparedUpdate;
    let outputHash: Hash;
    if (size <= WHOLE_READ_LIMIT) {
      const base = await readWhole(input, size);
      inputClosed = started(input.close());
      update = prepareUpdate(new MemorySource(base), identity, options);
      const documentHash = createHash('sha256').update(base);
      outputHash = documentHash.copy();
      const digest = signedDigest(update, documentHash);
      const writing = started(writeFully(output, [base, update.bytes], 0));
      pending = writing;
      const signing = started(createSignature(digest, identity, options));
      pending = Promise.allSettled([writing, signing]);
      await finishSignature(output, writing, signing, update, size);
    } else {
      // copyFile truncates and fills the file we already hold open: same inode, our fd sees it.
      const copied = started(copyFile(inputPath, partialPath));
      pending = copied;
      update = prepareUpdate(new FileSource(input.fd, size), identity, options);
      const documentHash = await hashFile(input, size);
      inputClosed = started(input.close());
      // The output hash shares the original bytes with the signed hash: fork it, don't reread.
      outputHash = documentHash.copy();
      const digest = signedDigest(update, documentHash);
      await copied;
      if ((await output.stat()).size !== size) throw new Error(`${inputPath} changed while it was being sealed`);
      const writing = started(writeFully(output, [update.bytes], size));
      pending = writing;
      const signing = started(createSignature(digest, identity, options));
      pending = Promise.allSettled([writing, signing]);
      await finishSignature(output, writing, signing, update, size);
    }
    if (process.platform === 'win32') {
      await output.close();
      await rename(partialPath, outputPath);
    } else {
      // Every write has landed, so the file can take its name while its descriptor closes.
      await Promise.all([rename(partialPath, outputPath), output.close()]);
    }
    await inputClosed;
    outputHash.update(update.bytes);
    return { size: size + update.bytes.length, sha256: outputHash.digest('hex') };
  } catch (error) {
    // Let in-flight copies and writes settle before removing what they write to.
    await pending.catch(() => undefined);
    await Promise.allSettled([output.close(), inputClosed ?? input.close()]);
    await rm(partialPath, { force: true });
    throw error;
  }
}

async function openInputAndOutput(
  inputPath: string,
  partialPath: string,
): Promise<{ input: FileHandle; output: FileHandle; size: number }> {
  const [input, info, output] = await Promise.allSettled([
    open(inputPath, 'r'),
    stat(inputPath),
    open(partialPath, 'wx'),
  ]);
  if (input.status === 'fulfilled' && info.status === 'fulfilled' && output.status === 'fulfilled') {
    return { input: input.value, output: output.value, size: info.value.size };
  }
  if (input.status === 'fulfilled') await input.value.close();
  if (output.status === 'fulfilled') {
    await output.value.close();
    await rm(partialPath, { force: true });
  }
  throw [input, info, output].find((result) => result.status === 'rejected')!.reason;
}

/** Waits for the output and the signature, then writes the CMS over the placeholder on disk. */
async function finishSignature(
  output: FileHandle,
  writing: Promise<unknown>,
  signing: Promise<Buffer>,
  update: PreparedUpdate,
  updateAt: number,
): Promise<void> {
  const [written, signed] = await Promise.allSettled([writing, signing]);
  if (signed.status === 'rejected') throw signed.reason;
  if (written.status === 'rejected') throw written.reason;
  embedSignature(update, signed.value);
  await writeFully(
    output,
    [update.bytes.subarray(update.contentsStart, update.contentsEnd)],
    updateAt + update.contentsStart,
  );
}

/** Marks a promise as handled now; whoever awaits it later still sees the rejection. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

async function readWhole(file: FileHandle, length: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(length);
  for (let position = 0; position < length;) {
    const { bytesRead } = await file.read(bytes, position, length - position, position);
    if (bytesRead === 0) throw new Error('the document was truncated while it was being sealed');
    position += bytesRead;
  }
  return bytes;
}

async function hashFile(file: FileHandle, length: number): Promise<Hash> {
  const hash = createHash('sha256');
  // One reused buffer keeps memory flat however large the document is.
  const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(HASH_CHUNK_BYTES, length)));
  for (let position = 0; position < length;) {
    const { bytesRead } = await file.read(chunk, 0, Math.min(chunk.length, length - position), position);
    if (bytesRead === 0) throw new Error('the document was truncated while it was being sealed');
    hash.update(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return hash;
}

/** writev may stop short; carry on from where it stopped. */
async function writeFully(file: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  const remaining = buffers.filter((buffer) => buffer.length > 0);
  while (remaining.length > 0) {
    let { bytesWritten } = await file.writev(remaining, position);
    position += bytesWritten;
    while (remaining.length > 0 && bytesWritten >= remaining[0]!.length) bytesWritten -= remaining.shift()!.length;
    if (bytesWritten > 0) remaining[0] = remaining[0]!.subarray(bytesWritten);
  }
}
