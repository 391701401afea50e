import { createHash } from 'node:crypto';
import { MemorySource } from './byte-source.js';
import { embedSignature, prepareUpdateWithCapacity, signedDigest } from './seal-update.js';
import { requestTimestampToken, type TsaOptions } from './tsa-client.js';

/** A token with the TSA's chain fits well inside this; what is left over is zero padding. */
const TOKEN_CAPACITY = 16 * 1024;

/**
 * PAdES B-LTA: appends a document timestamp (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161), an
 * RFC 3161 token over the byte range of the whole document as it now is (the DSS included), as
 * an incremental update with its own invisible field. The TSA is asked through tsa-client.ts.
 */
export async function appendDocumentTimestamp(pdf: Buffer, tsa: TsaOptions): Promise<Buffer> {
  const update = prepareUpdateWithCapacity(new MemorySource(pdf), TOKEN_CAPACITY, { reason: '' }, true);
  const digest = signedDigest(update, createHash('sha256').update(pdf));
  embedSignature(update, await requestTimestampToken(tsa, digest));
  return Buffer.concat([pdf, update.bytes]);
}
