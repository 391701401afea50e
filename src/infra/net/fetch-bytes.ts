import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './address-guard.js';

export interface FetchBytesOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Answers longer than this are abandoned. */
  maxBytes: number;
  /** POST this body (with its content type) instead of a GET. */
  body?: { contentType: string; bytes: Buffer };
}

/**
 * Fetches a small binary resource (an OCSP answer, a CRL) from an address a certificate named:
 * http or https only, no redirects, a hard deadline, a size cap, and the same private-address
 * guard as webhooks in the lookup (a certificate is attacker-supplied input, and its URLs must not
 * reach the internal network). Resolves null on any failure: the caller decides what a missing
 * answer means.
 */
export function fetchBytes(url: string, options: FetchBytesOptions): Promise<Buffer | null> {
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
    const finish = (value: Buffer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: options.body ? 'POST' : 'GET',
        headers: options.body
          ? { 'content-type': options.body.contentType, 'content-length': String(options.body.bytes.length) }
          : {},
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish(null);
          return;
        }
        const chunks: Buffer[] = [];
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > options.maxBytes) {
            res.destroy();
            finish(null);
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => finish(Buffer.concat(chunks)));
        res.on('error', () => finish(null));
        res.on('close', () => finish(res.complete ? Buffer.concat(chunks) : null));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(null);
    }, options.timeoutMs);
    req.on('error', () => finish(null));
    req.end(options.body?.bytes);
  });
}
