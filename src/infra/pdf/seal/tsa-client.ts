import { randomBytes } from 'node:crypto';
import { sha256AlgorithmIdentifier, OID } from './cms.js';
import {
  childrenOf,
  contentOf,
  decodeOid,
  derBoolean,
  encodingOf,
  expectTag,
  octetString,
  readNode,
  sequence,
  TAG,
  unsignedInteger,
  type DerNode,
} from './der.js';
import { SealError } from './seal-error.js';

export interface TsaOptions {
  url: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A reply carries a token and maybe the TSA's chain: a few KB. Anything far larger is not a reply. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * Asks an RFC 3161 authority to timestamp `imprint` (the SHA-256 of the signature value) and
 * returns the TimeStampToken (a ContentInfo) to embed as an unsigned attribute.
 */
export async function requestTimestampToken(tsa: TsaOptions, imprint: Buffer): Promise<Buffer> {
  const nonce = randomBytes(8);
  nonce[0]! &= 0x7f; // keep it positive so the INTEGER needs no sign byte
  const request = sequence(
    unsignedInteger(1),
    sequence(sha256AlgorithmIdentifier(), octetString(imprint)),
    unsignedInteger(nonce),
    derBoolean(true),
  );
  const response = await post(tsa, request);
  try {
    return tokenFromResponse(response, imprint, nonce);
  } catch (error) {
    if (error instanceof SealError) throw error;
    throw tsaFailed(`the timestamp reply is malformed (${(error as Error).message})`, error);
  }
}

function tsaFailed(message: string, cause?: unknown): SealError {
  return new SealError('TSA_FAILED', `timestamping failed: ${message}`, cause === undefined ? undefined : { cause });
}

async function post(tsa: TsaOptions, request: Buffer): Promise<Buffer> {
  const timeoutMs = tsa.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // One signal covers connecting, the answer and the body: a TSA that trickles bytes times out too.
  const signal = AbortSignal.timeout(timeoutMs);
  let reply: Response;
  try {
    reply = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: new Uint8Array(request),
      signal,
    });
  } catch (error) {
    throw tsaFailed(
      signal.aborted ? `no answer from ${tsa.url} within ${timeoutMs} ms` : `cannot reach ${tsa.url}`,
      error,
    );
  }
  if (!reply.ok) {
    await reply.body?.cancel().catch(() => undefined);
    throw tsaFailed(`${tsa.url} answered HTTP ${reply.status}`);
  }
  try {
    return await readCapped(reply);
  } catch (error) {
    if (error instanceof SealError) throw error;
    throw tsaFailed(
      signal.aborted ? `the reply from ${tsa.url} did not complete within ${timeoutMs} ms` : 'the reply was cut off',
      error,
    );
  }
}

async function readCapped(reply: Response): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (!reply.body) return Buffer.alloc(0);
  const reader = reply.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.length;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tsaFailed(`the reply exceeds ${MAX_RESPONSE_BYTES} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
}

const STATUS_TEXT = [
  'granted',
  'grantedWithMods',
  'rejection',
  'waiting',
  'revocationWarning',
  'revocationNotification',
];

/** TimeStampResp → the token, after checking it answers this request (RFC 3161 §2.4.2). */
function tokenFromResponse(response: Buffer, imprint: Buffer, nonce: Buffer): Buffer {
  const [statusInfo, token] = childrenOf(response, expectTag(readNode(response, 0), TAG.sequence, 'TimeStampResp'));
  const [status] = childrenOf(response, expectTag(statusInfo, TAG.sequence, 'PKIStatusInfo'));
  const statusValue = integerValue(response, expectTag(status, TAG.integer, 'PKIStatus'));
  if (statusValue !== 0 && statusValue !== 1)
    throw tsaFailed(`the TSA refused the request (status ${STATUS_TEXT[statusValue] ?? statusValue})`);
  if (!token) throw tsaFailed('the TSA granted the request but sent no token');

  const tstInfo = readTstInfo(response, expectTag(token, TAG.sequence, 'TimeStampToken'));
  const fields = childrenOf(tstInfo.bytes, tstInfo.node);
  const [, , messageImprint, , genTime, ...optional] = fields;
  const [algorithm, hashed] = childrenOf(tstInfo.bytes, expectTag(messageImprint, TAG.sequence, 'MessageImprint'));
  const [algorithmOid] = childrenOf(tstInfo.bytes, expectTag(algorithm, TAG.sequence, 'AlgorithmIdentifier'));
  if (decodeOid(contentOf(tstInfo.bytes, expectTag(algorithmOid, TAG.oid, 'hash OID'))) !== OID.sha256)
    throw tsaFailed('the token imprint is not SHA-256');
  if (!contentOf(tstInfo.bytes, expectTag(hashed, TAG.octetString, 'hashedMessage')).equals(imprint))
    throw tsaFailed('the token timestamps a different signature');
  expectTag(genTime, TAG.generalizedTime, 'genTime');
  // Optional fields after genTime: accuracy, ordering, nonce, tsa, extensions: the nonce is the only INTEGER.
  const tokenNonce = optional.find((node) => node.tag === TAG.integer);
  if (!tokenNonce || !stripLeadingZeros(contentOf(tstInfo.bytes, tokenNonce)).equals(stripLeadingZeros(nonce)))
    throw tsaFailed('the token nonce does not match the request');
  return encodingOf(response, token);
}

/** ContentInfo → SignedData → EncapsulatedContentInfo → the DER TSTInfo inside its OCTET STRING. */
function readTstInfo(bytes: Buffer, token: DerNode): { bytes: Buffer; node: DerNode } {
  const [contentType, explicitContent] = childrenOf(bytes, token);
  if (decodeOid(contentOf(bytes, expectTag(contentType, TAG.oid, 'contentType'))) !== OID.signedData)
    throw tsaFailed('the token is not SignedData');
  const [signedData] = childrenOf(bytes, expectTag(explicitContent, 0xa0, '[0] content'));
  const encapsulated = childrenOf(bytes, expectTag(signedData, TAG.sequence, 'SignedData'))[2];
  const [eContentType, explicitEContent] = childrenOf(
    bytes,
    expectTag(encapsulated, TAG.sequence, 'EncapsulatedContentInfo'),
  );
  if (decodeOid(contentOf(bytes, expectTag(eContentType, TAG.oid, 'eContentType'))) !== OID.tstInfo)
    throw tsaFailed('the token does not hold a TSTInfo');
  const [octets] = childrenOf(bytes, expectTag(explicitEContent, 0xa0, '[0] eContent'));
  const tstInfoBytes = contentOf(bytes, expectTag(octets, TAG.octetString, 'eContent OCTET STRING'));
  return { bytes: tstInfoBytes, node: expectTag(readNode(tstInfoBytes, 0), TAG.sequence, 'TSTInfo') };
}

function integerValue(bytes: Buffer, node: DerNode): number {
  return contentOf(bytes, node).reduce((value, byte) => value * 256 + byte, 0);
}

function stripLeadingZeros(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start);
}
