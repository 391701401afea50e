import { loadIdentityPolicy } from '../domain/recipients/load-identity-rule.js';
import { open } from 'node:fs/promises';
import { readBulkCsv } from '../domain/bulk-send/read-bulk-csv.js';
import { getBulkSend } from '../domain/bulk-send/get-bulk-send.js';
import { runBulkSend } from '../domain/bulk-send/run-bulk-send.js';
import { findBulkSendTemplate, startBulkSend } from '../domain/bulk-send/start-bulk-send.js';
import type { Ctx } from '../domain/context.js';
import { getPlatformOperator } from '../domain/platforms/get-platform-operator.js';
import { AppError } from '../errors.js';
import { progressBar } from './progress.js';

export interface BulkSendCommandInput {
  platform: string | undefined;
  template: string | undefined;
  file: string | undefined;
  draft: boolean;
  json: boolean;
}

/**
 * `firma bulk-send --platform <name> --template <id> rows.csv [--draft]`: the API's bulk send from
 * the command line. The rows are worked through here, with a progress bar, rather than left to a
 * worker (one may not be running); a worker that picks the run's job up meanwhile shares the rows
 * safely, each row being made once. Exit 0 when every row made its document, 1 when some failed
 * (each listed with its line, column and reason).
 */
export async function bulkSendCommand(ctx: Ctx, input: BulkSendCommandInput, out: (text: string) => void) {
  const templateId = Number(input.template);
  const { platform, file: path } = input;
  if (!platform || !path || !Number.isInteger(templateId) || templateId <= 0)
    throw new AppError(
      'VALIDATION_ERROR',
      'usage: firma bulk-send --platform <name> --template <id> <rows.csv> [--draft]',
    );
  // Opened first, so a wrong path is told before anything else; read as a stream once the
  // template is known, with the API's caps (a hostile file is refused at its first excess).
  const file = await open(path).catch((error: NodeJS.ErrnoException) => {
    throw cannotRead(path, error);
  });
  const started = Date.now();
  const { principal, template, csv } = await (async () => {
    try {
      const principal = await getPlatformOperator(ctx, platform);
      const template = await findBulkSendTemplate(ctx, principal.platformId, templateId);
      const source = file.createReadStream({ autoClose: false });
      const identity = await loadIdentityPolicy(ctx.db, principal.platformId);
      const csv = await readBulkCsv(source, template, ctx.config.limits.uploadBytes, identity).catch(
        (error: unknown) => {
          throw error instanceof AppError ? error : cannotRead(path, error as NodeJS.ErrnoException);
        },
      );
      return { principal, template, csv };
    } finally {
      await file.close();
    }
  })();
  const run = await startBulkSend(
    ctx,
    { principal, request: { ip: null, userAgent: 'firma-cli' } },
    { template, csv, distribute: !input.draft },
  );
  const bar = progressBar(process.stderr, 'bulk-send');
  let finished = false;
  const working = runBulkSend(ctx, run.id).finally(() => (finished = true));
  while (!finished) {
    const view = await getBulkSend(ctx, principal.platformId, run.id);
    bar.update(view.doneRows + view.failedRows, view.totalRows, `${view.doneRows} made, ${view.failedRows} failed`);
    await Promise.race([working, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  await working;
  const view = await getBulkSend(ctx, principal.platformId, run.id);
  bar.update(view.doneRows + view.failedRows, view.totalRows, `${view.doneRows} made, ${view.failedRows} failed`);
  bar.finish();
  const seconds = (Date.now() - started) / 1000;
  const rowsPerSecond = Math.round((view.totalRows / seconds) * 10) / 10;
  if (input.json) out(JSON.stringify({ ...view, seconds, rowsPerSecond }));
  else {
    out(
      `${view.totalRows} rows: ${view.doneRows} documents made${input.draft ? ' (drafts)' : ' and sent'}, ${view.failedRows} failed, in ${seconds.toFixed(1)} s (${rowsPerSecond} rows/s); bulk send ${view.id}`,
    );
    for (const f of view.failures) out(`  line ${f.line}${f.column ? `, ${f.column}` : ''}: ${f.message}`);
  }
  return view.failedRows > 0 ? 1 : 0;
}

function cannotRead(path: string, error: NodeJS.ErrnoException): AppError {
  return new AppError('VALIDATION_ERROR', `cannot read ${path}: ${error.code ?? error.message}`);
}
