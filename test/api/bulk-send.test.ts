import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readBulkCsv } from '../../src/domain/bulk-send/read-bulk-csv.js';
import { runBulkSend } from '../../src/domain/bulk-send/run-bulk-send.js';
import { findBulkSendTemplate, startBulkSend } from '../../src/domain/bulk-send/start-bulk-send.js';
import { getPlatformOperator } from '../../src/domain/platforms/get-platform-operator.js';
import {
  bulkSendBody,
  createRentalTemplate,
  hostileCsv,
  nthCuil,
  rentalCsv,
  streamBulkSend,
  waitForBulkSend,
} from '../helpers/bulk-send.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`bulk send (${database})`, () => {
    let server: TestServer;
    let template: Awaited<ReturnType<typeof createRentalTemplate>>;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '50' } });
      template = await createRentalTemplate(server.api, 'Locación (bulk)');
    });
    after(() => server?.close());

    const documentsOf = async (templateId: number) =>
      (await server.api.get(`/api/v2/envelope?templateId=${templateId}&perPage=1`)).body.count as number;

    // 100 rows for a newcomer's `npm test`, 1,000 in CI's extended tier (FIRMA_TEST_EXTENDED=1): the
    // same run, at the size the spec's example names.
    const rows = process.env.FIRMA_TEST_EXTENDED === '1' ? 1000 : 100;
    const wrongRow = Math.floor(rows * 0.811);
    test(`${rows} rows, one with a wrong CUIL: ${rows - 1} documents sent, that row reported by line and column`, async () => {
      const csv = rentalCsv(rows, (cells, i) => {
        if (i === wrongRow) cells[5] = '20123456780'; // wrong check digit (the header is line 1)
      });
      const started = await server.api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
        body: bulkSendBody(csv),
      });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      assert.equal(started.body.totalRows, rows);
      assert.equal(started.body.failedRows, 1, 'checked before anything is made');
      assert.deepEqual(started.body.failures, [
        {
          line: wrongRow + 2,
          column: 'r2.cuil',
          message: 'is not a valid CUIL (11 digits, a person prefix and a correct check digit)',
        },
      ]);
      const done = await waitForBulkSend(server.api, started.body.id);
      assert.equal(done.doneRows, rows - 1);
      assert.equal(done.failedRows, 1);
      assert.equal(done.pendingRows, 0);
      assert.equal(new Set(done.documentIds).size, rows - 1);
      assert.equal(await documentsOf(template.templateId), rows - 1);

      // A row's document: its people, title, externalId and prefill, sent.
      const doc = await server.api.get(`/api/v2/document/${done.documentIds[5]}`);
      assert.equal(doc.status, 200);
      assert.equal(doc.body.title, 'Contrato 5');
      assert.equal(doc.body.externalId, 'bulk-5');
      assert.equal(doc.body.status, 'PENDING');
      assert.equal(doc.body.templateId, template.templateId);
      const emails = doc.body.recipients.map((r: { email: string }) => r.email).sort();
      assert.deepEqual(emails, ['landlord5@example.com', 'tenant5@example.com']);
      assert.equal(
        doc.body.recipients.find((r: { email: string }) => r.email === 'landlord5@example.com').name,
        'Locador 5, Sr.',
      );
      const address = doc.body.fields.find(
        (f: { id: number; fieldMeta: { label?: string } }) => f.fieldMeta?.label === 'Domicilio',
      );
      assert.equal(address.customText, 'Calle 5 123');
    });

    test('a header Firma cannot read, a CSV syntax error or an empty file is refused whole, creating nothing', async () => {
      const before = await documentsOf(template.templateId);
      for (const [csv, pattern] of [
        ['r1.email,Colour\nx@example.com,red\n', /Colour/],
        ['r3.email\nx@example.com\n', /r3\.email/],
        ['r1.email,r1.email\na@example.com,b@example.com\n', /named twice/],
        ['r1.email\n"unclosed\n', /line 2/],
        ['r1.email\n', /no rows/],
      ] as const) {
        const res = await server.api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
          body: bulkSendBody(csv),
        });
        assert.equal(res.status, 400, csv);
        assert.equal(res.body.code, 'BULK_SEND_CSV_INVALID');
        assert.match(JSON.stringify(res.body.issues), pattern);
      }
      const badPayload = await server.api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
        body: bulkSendBody(rentalCsv(1), { distributeDocument: true, extra: 1 }),
      });
      assert.equal(badPayload.status, 400, 'an unknown payload member is refused, not ignored');
      assert.equal(await documentsOf(template.templateId), before);
      const rows = await server.ctx.db.selectFrom('bulkSend').select('id').where('templateId', '=', -1).execute();
      assert.equal(rows.length, 0);
    });

    test('hostile CSVs are refused with their code while they stream in, storing nothing', async () => {
      // Runs and rows are only ever inserted by a start; documents are counted by the hostile
      // rows' own externalIds, as an earlier test's run may still be making its documents.
      const count = async (table: 'bulkSend' | 'bulkSendRow') =>
        Number(
          (
            await server.ctx.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const hostileDocuments = async () =>
        Number(
          (
            await server.ctx.db
              .selectFrom('envelope')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where((eb) => eb.or([eb('externalId', 'like', 'huge-%'), eb('externalId', 'like', 'many-%')]))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const counts = async () => [await count('bulkSend'), await count('bulkSendRow'), await hostileDocuments()];
      const before = await counts();
      assert.equal(before[2], 0);
      for (const [name, csv, status, code] of [
        ['45 MB, ten 4.5 MB cells', hostileCsv.hugeCells(), 400, 'BULK_CSV_CELL_TOO_LONG'],
        ['a header of 200,000 columns', hostileCsv.wideHeader(), 400, 'BULK_CSV_TOO_MANY_COLUMNS'],
        ['100,000 rows', hostileCsv.manyRows(), 413, 'BULK_CSV_TOO_MANY_ROWS'],
      ] as const) {
        const res = await streamBulkSend(server.url, server.api.token!, template.templateId, csv);
        assert.equal(res.status, status, `${name}: ${JSON.stringify(res.body).slice(0, 300)}`);
        assert.equal(res.body.code, code, name);
        assert.equal(typeof res.body.message, 'string', name);
        assert.ok(JSON.stringify(res.body).length < 2000, `${name}: a short answer`);
        if (name.startsWith('45 MB'))
          assert.ok(
            res.sentAtAnswer < 20 * 1024 * 1024,
            `${name}: answered before the upload was half sent (${res.sentAtAnswer} bytes handed over)`,
          );
      }
      assert.deepEqual(await counts(), before, 'no run, row or document stored');
      const after = await server.api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
        body: bulkSendBody(rentalCsv(1), { distributeDocument: false }),
      });
      assert.equal(after.status, 202, 'the server still takes a bulk send');
      await waitForBulkSend(server.api, after.body.id);
    });

    test('5,000 rows are checked and stored in steps: the event loop turns while the run is started', async () => {
      // A template of its own: the documents its job may make before the rows are removed below
      // are not counted by the other tests.
      const own = await createRentalTemplate(server.api, 'Locación (steps)');
      const principal = await getPlatformOperator(server.ctx, 'default');
      const graph = await findBulkSendTemplate(server.ctx, principal.platformId, own.templateId);
      const text = rentalCsv(5000, (cells, i) => {
        if (i === 4321) cells[1] = 'not an address';
      });
      async function* source() {
        yield new TextEncoder().encode(text);
      }
      const csv = await readBulkCsv(source(), graph, 2 ** 24);
      assert.equal(csv.length, 5000);
      // Counted only while the rows are planned and inserted (on SQLite every statement is
      // synchronous: storing them in one go gave the event loop no turn at all).
      let turns = 0;
      let counting = true;
      const tick = () => {
        if (!counting) return;
        turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      const view = await startBulkSend(
        server.ctx,
        { principal, request: { ip: null, userAgent: 'test' } },
        { template: graph, csv, distribute: false },
      );
      counting = false;
      assert.ok(turns >= 5, `${turns} turns while 5,000 rows were stored`);
      assert.equal(view.totalRows, 5000);
      assert.equal(view.pendingRows + view.doneRows, 4999, 'the job may have begun');
      assert.deepEqual(
        view.failures.map((f) => [f.line, f.column]),
        [[4323, 'r1.email']],
      );
      const stored = server.ctx.db.selectFrom('bulkSendRow').where('bulkSendId', '=', view.id);
      const rows = await stored.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.equal(Number(rows.n), 5000);
      // Not worked through: a row the job takes after this finds itself gone and rolls back.
      await server.ctx.db.deleteFrom('bulkSendRow').where('bulkSendId', '=', view.id).execute();
    });

    test('a row missing what the template lacks is reported; the others are made', async () => {
      const csv = `r1.email,r1.cuil,r2.email,r2.cuil\na@example.com,${nthCuil(5000)},b@example.com,${nthCuil(5001)}\n,${nthCuil(5002)},c@example.com,${nthCuil(5003)}\n`;
      const started = await server.api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
        body: bulkSendBody(csv),
      });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      const done = await waitForBulkSend(server.api, started.body.id);
      assert.equal(done.doneRows, 1);
      assert.deepEqual(
        done.failures.map((f: { line: number; message: string }) => [f.line, f.message]),
        [[3, "r1.email is needed: the template's recipient has none"]],
      );
    });

    test('another platform: its template id is 404 and its run is 404, nothing made', async () => {
      const other = await server.newPlatform();
      const before = await documentsOf(template.templateId);
      const res = await other.post(`/api/v2/template/${template.templateId}/bulk-send`, {
        body: bulkSendBody(rentalCsv(2)),
      });
      assert.equal(res.status, 404);
      const mine = await server.api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
        body: bulkSendBody(rentalCsv(1), { distributeDocument: false }),
      });
      assert.equal(mine.status, 202);
      assert.equal((await other.get(`/api/v2/bulk-send/${mine.body.id}`)).status, 404);
      assert.equal((await server.api.get('/api/v2/bulk-send/bulk_unknown')).status, 404);
      const done = await waitForBulkSend(server.api, mine.body.id);
      assert.equal(done.doneRows, 1);
      const draft = await server.api.get(`/api/v2/document/${done.documentIds[0]}`);
      assert.equal(draft.body.status, 'DRAFT', 'distributeDocument: false leaves drafts');
      assert.equal(await documentsOf(template.templateId), before + 1);
      // A document id of a template is not a template: 404 too.
      assert.equal(
        (
          await server.api.post(`/api/v2/template/${done.documentIds[0]}/bulk-send`, {
            body: bulkSendBody(rentalCsv(1)),
          })
        ).status,
        404,
      );
    });

    test('two runs of one job at once make each row once', async () => {
      const started = await server.api.post(`/api/v2/template/${template.templateId}/bulk-send`, {
        body: bulkSendBody(
          rentalCsv(40, (cells, i) => (cells[9] = `twice-${i}`)),
          { distributeDocument: false },
        ),
      });
      assert.equal(started.status, 202);
      await Promise.all([runBulkSend(server.ctx, started.body.id), runBulkSend(server.ctx, started.body.id)]);
      const done = await waitForBulkSend(server.api, started.body.id);
      assert.equal(done.doneRows, 40);
      assert.equal(new Set(done.documentIds).size, 40);
      const made = await server.ctx.db
        .selectFrom('envelope')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('externalId', 'like', 'twice-%')
        .executeTakeFirstOrThrow();
      assert.equal(Number(made.n), 40);
    });
  });
}
