import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './address-guard.js';

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
 * One POST to an API that answers JSON (a CSC provider): http or https only, no redirects, a hard
 * deadline, a size cap and the same private-address guard as webhooks in the lookup (the address
 * is configured by a platform operator, and must not reach the internal network unless allowed).
 * Resolves null when there is no answer at all (refused, guarded, timed out, too large); any
 * status is an answer, for the caller to judge.
 */
export function exchangeJson(
  url: string,
  body: { contentType: string; text: string },
  options: ExchangeOptions,
): Promise<ExchangeAnswer | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(null);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.resolve(null);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) return Promise.resolve(null);
  const bytes = Buffer.from(body.text, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: ExchangeAnswer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...options.headers,
          accept: 'application/json',
          'content-type': body.contentType,
          'content-length': String(bytes.length),
        },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let seen = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = null;
          }
          finish({ status: res.statusCode ?? 0, body: parsed });
        };
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
    req.end(bytes);
  });
}
