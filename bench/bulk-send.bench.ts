/**
 * Bulk send end to end: `npx tsx bench/bulk-send.bench.ts [rows]` (10,000 by default). A real
 * `firma serve` (from dist/, SQLite) with a two-signer template; one POST of a CSV with a row per
 * document (both signers with e-mail and CUIL, distributed), timed until the run is DONE. Reports
 * rows (documents made and sent) per second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nthCuil } from '../test/helpers/bulk-send.js';
import { createTemplate, startFirma, stop } from './http.bench.js';

export interface BulkSendBenchRow {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

export async function runBulkSendBench(
  rows = 10_000,
  log: (line: string) => void = console.log,
): Promise<BulkSendBenchRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-bulk-bench-'));
  const firma = await startFirma(dataDir);
  try {
    const auth = { authorization: `Bearer ${firma.token}` };
    const template = await createTemplate(firma.url, auth);
    const lines = ['r1.email,r1.name,r1.cuil,r2.email,r2.name,r2.cuil,externalId'];
    for (let i = 0; i < rows; i++)
      lines.push(
        `a${i}@example.com,Ana ${i},${nthCuil(2 * i)},b${i}@example.com,Bruno ${i},${nthCuil(2 * i + 1)},row-${i}`,
      );
    const form = new FormData();
    form.append('payload', JSON.stringify({ distributeDocument: true }));
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'rows.csv');
    const started = performance.now();
    const res = await fetch(`${firma.url}/api/v2/template/${template.templateId}/bulk-send`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (res.status !== 202) throw new Error(`bulk send: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    let view: { status: string; doneRows: number; failedRows: number };
    do {
      await new Promise((r) => setTimeout(r, 200));
      view = (await (await fetch(`${firma.url}/api/v2/bulk-send/${id}`, { headers: auth })).json()) as typeof view;
    } while (view.status !== 'DONE');
    const seconds = (performance.now() - started) / 1000;
    if (view.doneRows !== rows)
      throw new Error(`bulk send made ${view.doneRows} of ${rows} (${view.failedRows} failed)`);
    const row = { rows, seconds: Math.round(seconds * 10) / 10, rowsPerSecond: Math.round(rows / seconds) };
    log(`bulk send of ${rows} rows (documents made and sent): ${row.seconds} s, ${row.rowsPerSecond} rows/s`);
    return row;
  } finally {
    await stop(firma);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runBulkSendBench(Number(process.argv[2] ?? 10_000));
}
