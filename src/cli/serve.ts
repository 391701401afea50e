import type { Config } from '../config.js';
import { createContextWhenAvailable, startServer } from '../server.js';

/**
 * `firma serve`: migrate, bootstrap on first start (waiting for the database if it is not
 * there yet), listen, and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish
 * in-flight requests, close the database).
 */
export async function serve(config: Config, bootstrap = true): Promise<number> {
  const { ctx, first } = await createContextWhenAvailable(config, 'start', bootstrap);
  const server = await startServer(ctx);
  ctx.log.info(
    { url: server.url, environment: config.environment, database: config.database.kind },
    'Firma is listening',
  );
  // Printed, not logged: the one-time token must not end up in log storage.
  process.stdout.write(`\nFirma is listening on ${server.url} (${config.environment}, ${config.database.kind})\n`);
  process.stdout.write(`OpenAPI document: ${server.url}/api/v2/openapi.json\n`);
  if (first) {
    process.stdout.write(
      `\nFirst start: created platform "${first.platform}" and this full-scope ${config.environment} API token.\n` +
        `It is shown only once; store it now:\n\n  ${first.token}\n\n` +
        `Try: curl -H "Authorization: Bearer <token>" ${server.url}/api/v2/me\n\n`,
    );
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
