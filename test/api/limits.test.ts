import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument, multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { makePdf } from '../support/pdf-fixtures.js';

const sig = (pageY: number) => ({ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY, width: 20, height: 5 });

for (const database of testDatabases()) {
  describe(`configurable limits (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        worker: false,
        env: {
          FIRMA_MAX_UPLOAD_MB: '1',
          FIRMA_MAX_JSON_BODY_KB: '8',
          FIRMA_MAX_PAGES: '3',
          FIRMA_MAX_RECIPIENTS_PER_ENVELOPE: '2',
          FIRMA_MAX_FIELDS_PER_ENVELOPE: '3',
        },
      });
    });
    after(() => server?.close());

    const envelopes = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('envelope')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    test('an upload above FIRMA_MAX_UPLOAD_MB is 413, stops early, keeps nothing and does not grow memory with the upload', async () => {
      // Streamed from a generator, so the client holds one 64 KB chunk at a time: the RSS then
      // shows what the server keeps of the 40 MB it is sent.
      const boundary = 'firmalimit';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(typicalPayload())}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
      const chunk = new Uint8Array(64 * 1024);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(head));
        },
        pull(controller) {
          if (sent >= 40 * 1024 * 1024) {
            controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
            controller.close();
            return;
          }
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const before = await envelopes();
      const rssBefore = process.memoryUsage().rss;
      const response = await fetch(`${server.url}/api/v2/document/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.api.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: stream,
        duplex: 'half',
      } as RequestInit).catch((error: unknown) => ({ status: 0, error }) as const);
      const grown = process.memoryUsage().rss - rssBefore;
      const res =
        'json' in response ? { status: response.status, body: (await response.json()) as { code: string } } : response;
      assert.ok(
        sent < 40 * 1024 * 1024,
        `the server stopped reading early (read ${Math.round(sent / 1024 / 1024)} MB)`,
      );
      assert.equal(res.status, 413);
      assert.equal('body' in res ? res.body.code : '', 'PAYLOAD_TOO_LARGE');
      assert.ok(grown < 30 * 1024 * 1024, `RSS grew by ${Math.round(grown / 1024 / 1024)} MB for a 40 MB upload`);
      assert.equal(await envelopes(), before);
      const blobs = join(server.dataDir, 'blobs');
      const files = readdirSync(blobs, { recursive: true }).filter((f) => String(f).includes('.')).length;
      assert.equal(files, 0, 'nothing staged is left behind');
      assert.equal(
        (await createDocument(server.api, typicalPayload({ recipients: [] }))).status,
        200,
        'the server still serves',
      );
    });

    test('JSON bodies above FIRMA_MAX_JSON_BODY_KB are 413', async () => {
      const res = await server.api.post('/api/v2/webhook/create', {
        json: { url: `http://127.0.0.1:9/${'a'.repeat(9000)}`, events: ['DOCUMENT_SENT'] },
      });
      assert.equal(res.status, 413);
      assert.equal(res.body.code, 'PAYLOAD_TOO_LARGE');
    });

    test('recipients, fields and pages per envelope are capped with clear codes', async () => {
      const before = await envelopes();
      const three = typicalPayload({
        recipients: [1, 2, 3].map((n) => ({
          email: `r${n}@example.com`,
          name: `R${n}`,
          role: 'SIGNER',
          cuil: CUIL_A,
          fields: [sig(n * 10)],
        })),
      });
      const tooMany = await createDocument(server.api, three);
      assert.equal(tooMany.status, 400);
      assert.equal(tooMany.body.code, 'LIMIT_EXCEEDED');
      const fields = typicalPayload({
        recipients: [
          {
            email: 'a@example.com',
            name: 'A',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [sig(10), sig(20), sig(30), sig(40)],
          },
        ],
      });
      const tooManyFields = await createDocument(server.api, fields);
      assert.equal(tooManyFields.status, 400);
      assert.equal(tooManyFields.body.code, 'LIMIT_EXCEEDED');
      const fourPages = await makePdf(
        [1, 2, 3, 4].map(() => ({ mediaBox: [0, 0, 595, 842] as [number, number, number, number] })),
      );
      const pages = await server.api.post('/api/v2/document/create', {
        body: multipartBody(typicalPayload({ recipients: [] }), [{ field: 'file', bytes: fourPages }]),
      });
      assert.equal(pages.status, 400);
      assert.equal(pages.body.code, 'PDF_TOO_MANY_PAGES');
      assert.equal(await envelopes(), before);
    });

    test('the string and number limits of the spec (section 8) are enforced with issues', async () => {
      const recipient = (over: Record<string, unknown>, fieldMeta?: Record<string, unknown>) => ({
        recipients: [
          {
            email: 'a@example.com',
            name: 'A',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [
              {
                type: 'TEXT',
                pageNumber: 1,
                pageX: 10,
                pageY: 10,
                width: 20,
                height: 5,
                ...(fieldMeta ? { fieldMeta: { type: 'text', ...fieldMeta } } : {}),
              },
            ],
            ...over,
          },
        ],
      });
      const cases: [string, Record<string, unknown>][] = [
        ['name 256', recipient({ name: 'n'.repeat(256) })],
        ['email 255', recipient({ email: `${'e'.repeat(243)}@example.com` })],
        ['cuil 12 on create', recipient({ cuil: '201234567861' })],
        ['fontSize 7', recipient({}, { fontSize: 7 })],
        ['fontSize 97', recipient({}, { fontSize: 97 })],
        ['lineHeight 11', recipient({}, { lineHeight: 11 })],
        ['letterSpacing 101', recipient({}, { letterSpacing: 101 })],
      ];
      for (const [name, payload] of cases) {
        const res = await server.api.post('/api/v2/document/create', {
          body: multipartBody(typicalPayload(payload), [{ field: 'file', bytes: await onePagePdf() }]),
        });
        assert.equal(res.status, 400, name);
        assert.ok(res.body.issues?.length >= 1, name);
      }
      const ok = await server.api.post('/api/v2/document/create', {
        body: multipartBody(
          typicalPayload(recipient({ name: 'n'.repeat(255) }, { fontSize: 96, lineHeight: 10, letterSpacing: 100 })),
          [{ field: 'file', bytes: await onePagePdf() }],
        ),
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
    });
  });
}
