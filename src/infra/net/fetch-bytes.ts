import { guardedRequest } from './guarded-request.js';

export interface FetchBytesOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Answers longer than this are abandoned. */
  maxBytes: number;
  /** POST this body (with its content type) instead of a GET. */
  body?: { contentType: string; bytes: Buffer };
}

/**
 * Fetches a small binary resource (an OCSP answer, a CRL) from an address a certificate named,
 * through `guardedRequest` (a certificate is attacker-supplied input, and its URLs must not reach
 * the internal network). Resolves null on any failure or any status but 200: the caller decides
 * what a missing answer means.
 */
export async function fetchBytes(url: string, options: FetchBytesOptions): Promise<Buffer | null> {
  const answer = await guardedRequest(url, {
    method: options.body ? 'POST' : 'GET',
    ...(options.body ? { headers: { 'content-type': options.body.contentType }, body: options.body.bytes } : {}),
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate,
    maxBytes: options.maxBytes,
  });
  return answer?.status === 200 ? answer.body : null;
}
