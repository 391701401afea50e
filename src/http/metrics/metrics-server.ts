import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { hasMetricsToken } from './metrics-access.js';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  host: string;
  port: number;
  /** When set, a scrape must send `Authorization: Bearer <token>` here too. */
  token: string | null;
  render(): Promise<string>;
  contentType: string;
  log: Logger;
}

/**
 * The metrics port (FIRMA_METRICS_PORT): a plain HTTP listener answering `GET /metrics` and
 * nothing else, apart from the API, so it can be bound to an internal interface and reached only
 * by the scraper. Used by `serve`, `worker` and a cluster's primary (which serves the aggregate).
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((request, response) => void answer(options, request, response));
  // A scraper's kept-alive connection must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(options: MetricsServerOptions, request: IncomingMessage, response: ServerResponse) {
  const path = (request.url ?? '').split('?')[0];
  if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD'))
    return send(response, 404, { message: 'Only GET /metrics is served here', code: 'ROUTE_NOT_FOUND' });
  if (options.token && !hasMetricsToken(request.headers.authorization, options.token))
    return send(response, 401, { message: 'The metrics need the metrics token', code: 'UNAUTHORIZED' });
  try {
    const text = await options.render();
    response.writeHead(200, { 'content-type': options.contentType, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : text);
  } catch (error) {
    options.log.warn({ err: error }, 'metrics could not be collected');
    send(response, 503, { message: 'The metrics could not be collected; try again', code: 'METRICS_UNAVAILABLE' });
  }
}

function send(response: ServerResponse, status: number, body: { message: string; code: string }): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
