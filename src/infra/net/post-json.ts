import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './address-guard.js';

export interface PostResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * One POST with a hard deadline, no redirects (a 3xx is an answer, not an instruction), the
 * answer body read up to a small cap and dropped, and the private-address guard in the lookup.
 * With an `agent` (keep-alive, see `keepAliveAgent`), connections are reused: the guard ran when
 * each was opened, and a reused socket stays connected to the address it checked.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean; agent?: HttpAgent | undefined },
): Promise<PostResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): PostResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const target = new URL(url);
    // A literal IP never goes through `lookup`, so it is checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
      settled = true;
      resolve(done(null, 'the webhook URL resolves to a private or loopback address'));
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        lookup: guardedLookup(options.allowPrivate),
        agent: options.agent ?? false,
      },
      (res) => {
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 64 * 1024) res.destroy();
        });
        const status = res.statusCode ?? 0;
        res.on('end', () =>
          finish(done(status, status >= 200 && status < 300 ? null : describeStatus(status, res.headers))),
        );
        res.on('close', () =>
          finish(done(status, status >= 200 && status < 300 ? null : describeStatus(status, res.headers))),
        );
        res.on('error', () => finish(done(status, describeStatus(status, res.headers))));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(done(null, `no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('error', (error: Error & { code?: string }) =>
      finish(
        done(null, error.code === 'EPRIVATEADDRESS' ? error.message : `${error.code ?? 'error'}: ${error.message}`),
      ),
    );
    req.end(body);
  });
}

function describeStatus(status: number, headers: IncomingHttpHeaders): string {
  if (status >= 300 && status < 400) return `redirect ${status} not followed${headers.location ? '' : ''}`;
  return `HTTP ${status}`;
}

/**
 * A keep-alive agent for one receiver: at most `maxSockets` connections, idle ones closed after a
 * few seconds (before a typical server's own 5 s keep-alive timeout, so a reused socket is rarely
 * one the server is closing).
 */
export function keepAliveAgent(url: string, maxSockets: number): HttpAgent {
  const options = {
    keepAlive: true,
    maxSockets,
    maxFreeSockets: maxSockets,
    timeout: 4000,
    scheduling: 'lifo' as const,
  };
  return new URL(url).protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
}
