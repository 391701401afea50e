import type { Config } from '../config.js';
import { printBanner } from './banner.js';
import type { Ctx } from '../domain/context.js';
import {
  bootstrapWhenAvailable,
  closeContext,
  createContextWhenAvailable,
  sealIdentityWhenAvailable,
} from '../context.js';
import { startServer } from '../server.js';
import { refuseStart } from './start-problem.js';
import { joinClusterMetrics } from '../infra/metrics/cluster-metrics.js';

/**
 * `firma serve`: migrate (waiting for the database if it is not there yet), make or load the seal
 * identity, listen, bootstrap on first start, and shut down gracefully on SIGTERM/SIGINT (stop
 * accepting, finish in-flight requests and running jobs within FIRMA_SHUTDOWN_TIMEOUT_MS, hand back
 * the jobs still running past it, close the database). The first-start token is created
 * only once the server listens, so a start that cannot listen leaves no token nobody saw.
 */
export async function serve(config: Config, bootstrap = true, clusterNode = false): Promise<number> {
  const ctx = await createContextWhenAvailable(config, 'start');
  // A cluster node answers scrapes with the cluster's aggregate; the primary serves the metrics port.
  if (clusterNode) joinClusterMetrics(ctx.metrics);
  let server;
  try {
    await prepareSealIdentity(ctx);
    server = await startServer(ctx, { metricsPort: !clusterNode });
  } catch (error) {
    await closeContext(ctx).catch(() => undefined);
    return refuseStart(error, config);
  }
  ctx.log.info(
    { url: server.url, environment: config.environment, database: config.database.kind },
    'Firma is listening',
  );
  printBanner(config, `\nFirma is listening on ${server.url} (${config.environment}, ${config.database.kind})\n`);
  printBanner(config, `OpenAPI document: ${server.url}/api/v2/openapi.json\n`);
  if (server.metricsUrl) printBanner(config, `Metrics: ${server.metricsUrl}\n`);
  if (bootstrap) {
    let first;
    try {
      first = await bootstrapWhenAvailable(ctx, 'first-start bootstrap');
    } catch (error) {
      await server.close();
      throw error;
    }
    if (first) printBanner(config, firstStartMessage(first, config, server.url));
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      ctx.log.info({ signal }, 'shutting down');
      server.close().then(resolve, (error: unknown) => {
        ctx.log.error({ err: error }, 'error during shutdown');
        resolve();
      });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}

/**
 * Loads the seal identity now (recording it as the installation's, or creating the installation's
 * self-signed one when none is configured or recorded), so the first completion does not wait for
 * a key pair and a bad FIRMA_SEAL_P12_PATH or FIRMA_SECRET_KEY stops the start instead of every
 * completion. Waits for the database like the rest of the start.
 */
export async function prepareSealIdentity(ctx: Ctx): Promise<void> {
  await sealIdentityWhenAvailable(ctx);
}

/** Printed, not logged: the one-time token and link must not end up in log storage. */
export function firstStartMessage(
  first: { token: string; platform: string; setupUrl: string },
  config: Config,
  url: string,
): string {
  return (
    `\nFirst start: created platform "${first.platform}" and this full-scope ${config.environment} API token.\n` +
    `It is shown only once; store it now:\n\n  ${first.token}\n\n` +
    `Try: curl -H "Authorization: Bearer <token>" ${url}/api/v2/me\n` +
    `Another token: firma token create --platform ${first.platform}\n\n` +
    `Create the first administrator (works once, for 7 days):\n\n  ${first.setupUrl}\n\n` +
    `Another one later: firma user invite --platform ${first.platform} --email <address> --role ADMIN\n\n`
  );
}
