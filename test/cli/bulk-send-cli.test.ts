import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createRentalTemplate, rentalCsv } from '../helpers/bulk-send.js';
import { runFirma } from '../helpers/spawn-firma.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// The CLI shares the API's use cases; SQLite is enough to prove the wiring, output and exit codes.
describe('firma bulk-send (sqlite)', () => {
  let server: TestServer;
  let env: Record<string, string>;
  before(async () => {
    // No worker in the server: the command works through the rows itself.
    server = await startTestServer({ database: 'sqlite', worker: false });
    env = { FIRMA_DATA_DIR: server.dataDir, PORT: '0' };
  });
  after(() => server?.close());

  test('makes one document per row with a progress report, lists the failed row and exits 1', async () => {
    const template = await createRentalTemplate(server.api, 'Locación (CLI)');
    const file = join(server.dataDir, 'rows.csv');
    writeFileSync(
      file,
      rentalCsv(30, (cells, i) => {
        if (i === 7) cells[1] = 'not-an-email';
      }),
    );
    const run = await runFirma(
      ['bulk-send', file, '--platform', 'default', '--template', String(template.templateId), '--json'],
      env,
    );
    assert.equal(run.code, 1, run.stderr);
    const view = JSON.parse(run.stdout) as {
      status: string;
      doneRows: number;
      failedRows: number;
      failures: { line: number; column: string }[];
      documentIds: number[];
      rowsPerSecond: number;
    };
    assert.equal(view.status, 'DONE');
    assert.equal(view.doneRows, 29);
    assert.deepEqual(
      view.failures.map((f) => [f.line, f.column]),
      [[9, 'r1.email']],
    );
    assert.ok(view.rowsPerSecond > 0);
    assert.match(run.stderr, /bulk-send: 100% 30\/30 \(29 made, 1 failed\)/, 'progress lines when not a terminal');
    const doc = await server.api.get(`/api/v2/document/${view.documentIds[0]}`);
    assert.equal(doc.body.status, 'PENDING', 'sent');

    const plain = await runFirma(
      ['bulk-send', file, '--platform', 'default', '--template', String(template.templateId), '--draft'],
      env,
    );
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /30 rows: 29 documents made \(drafts\), 1 failed/);
    assert.match(plain.stdout, /line 9, r1\.email: is not an e-mail address/);
  });

  test('usage mistakes and unknown names are one line and exit 2, nothing made', async () => {
    const before = await server.api.get('/api/v2/envelope?perPage=1');
    for (const args of [
      ['bulk-send', 'rows.csv', '--platform', 'default'],
      ['bulk-send', '--platform', 'default', '--template', '1'],
      ['bulk-send', join(server.dataDir, 'missing.csv'), '--platform', 'default', '--template', '1'],
    ]) {
      const run = await runFirma(args, env);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
    const unknownPlatform = await runFirma(
      ['bulk-send', join(server.dataDir, 'rows.csv'), '--platform', 'nobody', '--template', '1'],
      env,
    );
    assert.notEqual(unknownPlatform.code, 0);
    const after = await server.api.get('/api/v2/envelope?perPage=1');
    assert.equal(after.body.count, before.body.count);
  });
});
