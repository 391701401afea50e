import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; event: string; payload: any; createdAt: string; webhookEndpoint: string };
  path: string;
  /** When the body had arrived (Date.now()), for lower-bound checks such as a retry's delay. */
  receivedAt: number;
}

/** How the receiver answers the n-th request (0-based); default 200. */
export type Responder = (n: number, req: ReceivedWebhook, res: ServerResponse) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 that records every webhook POST it gets. */
export async function startReceiver(responder: Responder = (_n, _r, res) => void res.end('ok'), port = 0) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: ReceivedWebhook['body'];
      try {
        body = JSON.parse(raw) as ReceivedWebhook['body'];
      } catch {
        body = {} as ReceivedWebhook['body'];
      }
      const hook = { headers: req.headers, raw, body, path: req.url ?? '/', receivedAt: Date.now() };
      const n = received.length;
      received.push(hook);
      void Promise.resolve(responder(n, hook, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    async waitFor(filter: (w: ReceivedWebhook) => boolean, count = 1, timeoutMs = 120_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(filter);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`expected ${count} webhook(s); got: ${received.map((r) => r.body.event).join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a careful receiver does: recompute the HMAC over `t.body` and compare in constant time. */
export function verifySignature(w: ReceivedWebhook, secret: string, toleranceS = 300): boolean {
  const header = String(w.headers['x-firma-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!parts.v1 || !Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${w.raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
