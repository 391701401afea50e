import { guardedRequest } from './guarded-request.js';

export interface ExchangeOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Answers longer than this are abandoned. */
  maxBytes: number;
  headers?: Record<string, string>;
}

/** The provider's answer: its status and its body parsed as JSON (null when it is not JSON). */
export interface ExchangeAnswer {
  status: number;
  body: unknown;
}

/**
 * One POST to an API that answers JSON (a CSC provider), through `guardedRequest` (the address is
 * configured by a platform operator, and must not reach the internal network unless allowed).
 * Resolves null when there is no answer at all (refused, guarded, timed out, too large); any
 * status is an answer, for the caller to judge.
 */
export async function exchangeJson(
  url: string,
  body: { contentType: string; text: string },
  options: ExchangeOptions,
): Promise<ExchangeAnswer | null> {
  const answer = await guardedRequest(url, {
    method: 'POST',
    headers: { ...options.headers, accept: 'application/json', 'content-type': body.contentType },
    body: Buffer.from(body.text, 'utf8'),
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate,
    maxBytes: options.maxBytes,
  });
  if (!answer) return null;
  const text = answer.body.toString('utf8');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: answer.status, body: parsed };
}
