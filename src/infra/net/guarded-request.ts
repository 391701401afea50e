import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './address-guard.js';

export interface GuardedRequestOptions {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Answers longer than this are abandoned. */
  maxBytes: number;
}

/**
 * One request to an address Firma was given rather than chose (a certificate's OCSP or CRL URL, a
 * platform's CSC provider): http or https only, no redirects, a hard deadline, a size cap, and the
 * webhooks' private-address guard in the lookup (and on literal IPs), so the address checked is the
 * address connected to. Resolves null when there is no complete answer (refused, guarded, timed
 * out, too large, cut off); any status is an answer, for the caller to judge.
 */
export function guardedRequest(
  url: string,
  options: GuardedRequestOptions,
): Promise<{ status: number; body: Buffer } | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(null);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.resolve(null);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: { status: number; body: Buffer } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: options.method,
        headers: {
          ...options.headers,
          ...(options.body ? { 'content-length': String(options.body.length) } : {}),
        },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let seen = 0;
        const done = () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > options.maxBytes) {
            res.destroy();
            finish(null);
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', done);
        res.on('error', () => finish(null));
        res.on('close', () => (res.complete ? done() : finish(null)));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(null);
    }, options.timeoutMs);
    req.on('error', () => finish(null));
    req.end(options.body);
  });
}
