import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createDocument, typicalPayload } from '../helpers/documents.js';
import { parseConfig } from '../../src/config.js';
import { closeContext, createContext } from '../../src/context.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { CONSENT } from '../helpers/signing.js';

const execFileAsync = promisify(execFile);

/** Files under a data directory's folder (blobs or tmp), at any depth. */
const filesUnder = (server: TestServer, folder: string) =>
  readdirSync(join(server.dataDir, folder), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

for (const database of testDatabases()) {
  describe(`hostile requests (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const count = (table: 'envelope' | 'envelopeItem') => countRows(server, table);

    test('webhook URLs on IPv6 forms that embed IPv4 or reach non-public space are refused with 400', async () => {
      server.ctx.config.webhooks.allowPrivate = false;
      try {
        for (const host of [
          '[::127.0.0.1]',
          '[::ffff:0:127.0.0.1]',
          '[64:ff9b::127.0.0.1]',
          '[64:ff9b::10.0.0.1]',
          '[2002:7f00:1::]',
          '[fec0::1]',
          '[100::1]',
          '[2001:db8::1]',
          '[::ffff:127.0.0.1]',
        ]) {
          const res = await server.api.post('/api/v2/webhook/create', {
            json: { url: `http://${host}:8080/hook`, events: ['DOCUMENT_SENT'] },
          });
          assert.equal(res.status, 400, host);
          assert.equal(res.body.code, 'WEBHOOK_URL_NOT_ALLOWED', host);
        }
        const fine = await server.api.post('/api/v2/webhook/create', {
          json: { url: 'https://[2606:4700:4700::1111]/hook', events: ['DOCUMENT_SENT'] },
        });
        assert.equal(fine.status, 200, 'a public IPv6 address is accepted');
      } finally {
        server.ctx.config.webhooks.allowPrivate = true;
      }
    });

    test('malformed multipart bodies are 400 INVALID_MULTIPART on every upload route, and nothing is written', async () => {
      const draft = await createDocument(server.api, typicalPayload({ recipients: [] }));
      assert.equal(draft.status, 200);
      const envelopeId = draft.body.envelopeId as string;
      const before = {
        envelopes: await count('envelope'),
        items: await count('envelopeItem'),
        blobs: filesUnder(server, 'blobs'),
      };
      const payload = (json: unknown) =>
        `--x\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(json)}\r\n`;
      const filePart = (bytes: string) =>
        `--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${bytes}`;
      const cases: [string, string, string | Blob][] = [
        ['garbage', 'multipart/form-data; boundary=x', 'this is not multipart at all'],
        [
          'no boundary',
          'multipart/form-data',
          '--x\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{}\r\n--x--\r\n',
        ],
        ['empty boundary', 'multipart/form-data; boundary=', 'garbage'],
        [
          'truncated text part',
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{"title":"a"',
        ],
        [
          'truncated file part',
          'multipart/form-data; boundary=x',
          `${payload({ title: 'T', envelopeId })}${filePart('%PDF-1.7\n1 0 obj')}`,
        ],
        // Past the 4 MiB kept in memory, so the cut lands while the upload is spilled to a scratch file.
        [
          'truncated large file part',
          'multipart/form-data; boundary=x',
          `${payload({ title: 'T', envelopeId })}${filePart(`%PDF-1.7\n${'0'.repeat(5 * 1024 * 1024)}`)}`,
        ],
        [
          'binary noise',
          'multipart/form-data; boundary=x',
          new Blob([new Uint8Array(4096).map((_, i) => (i * 7919) % 256)]),
        ],
      ];
      for (const path of ['/api/v2/document/create', '/api/v2/envelope/create', '/api/v2/envelope/item/create-many']) {
        for (const [name, type, body] of cases) {
          const res = await server.api.post(path, {
            body:
              typeof body === 'string'
                ? body.replaceAll('name="file"', path.includes('envelope') ? 'name="files"' : 'name="file"')
                : body,
            headers: { 'content-type': type },
          });
          assert.equal(res.status, 400, `${path} ${name}: ${JSON.stringify(res.body)}`);
          assert.equal(res.body.code, 'INVALID_MULTIPART', `${path} ${name}`);
        }
      }
      assert.deepEqual(
        { envelopes: await count('envelope'), items: await count('envelopeItem'), blobs: filesUnder(server, 'blobs') },
        before,
        'nothing written',
      );
      assert.equal(filesUnder(server, 'tmp'), 0, 'no scratch file left behind');
      assert.equal(
        (await createDocument(server.api, typicalPayload({ recipients: [] }))).status,
        200,
        'the server still serves',
      );
    });

    test('a signing token of any shape that opens nothing is 404 on every signing route and the page, never quoted', async () => {
      const tokens = [
        'abcde',
        'a',
        'x'.repeat(129),
        'y'.repeat(500),
        '%E2%82%AC%E2%82%AC',
        'a%00b',
        '..%2F..%2Fsecret',
        '%252e%252e',
        '\'"<>{}|^`',
        'ñandú',
        '%ZZ',
        'a.b;c=d,e',
        'tok%20en',
      ];
      const routes: [string, (t: string) => string, unknown?][] = [
        ['GET', (t) => `/api/v2/signing/${t}`],
        ['GET', (t) => `/api/v2-beta/signing/${t}`],
        ['GET', (t) => `/api/v2/signing/${t}/item/envelope_item_1`],
        ['POST', (t) => `/api/v2/signing/${t}/field/1`, { value: 'x' }],
        ['DELETE', (t) => `/api/v2/signing/${t}/field/1`],
        ['POST', (t) => `/api/v2/signing/${t}/complete`, CONSENT],
        ['GET', (t) => `/api/v2/signing/${t}/download/envelope_item_1`],
        ['GET', (t) => `/api/v2/signing/${t}/certificate`],
        ['POST', (t) => `/api/v2/signing/${t}/reject`, { reason: 'no' }],
        ['GET', (t) => `/sign/${t}`],
      ];
      for (const token of tokens) {
        for (const [method, path, json] of routes) {
          const res = await server.anon.request(method, path(token), json === undefined ? {} : { json });
          assert.equal(res.status, 404, `${method} ${path(token)}: ${res.bytes.toString()}`);
          const text = res.bytes.toString();
          let decoded = token;
          try {
            decoded = decodeURIComponent(token);
          } catch {
            // %ZZ does not decode: the raw form is the one to look for.
          }
          for (const form of new Set([token, decoded])) {
            if (form.length >= 5) assert.ok(!text.includes(form), `${method} ${path(token)} quotes the token`);
          }
        }
      }
    });

    test('40 uploads over FIRMA_MAX_UPLOAD_MB sent by fetch from another process all receive the 413, none a reset', async () => {
      // The client must be another process: in this one its reads and the server's close share an
      // event loop and the race (the server closing with the upload unread) never shows.
      const limited = await startTestServer({ database, worker: false, env: { FIRMA_MAX_UPLOAD_MB: '1' } });
      try {
        const client = `
          const [url, token] = process.argv.slice(1);
          const big = new Uint8Array(3_000_000);
          big.set(new TextEncoder().encode('%PDF-1.7\\n'));
          const outcomes = {};
          for (let i = 0; i < 40; i++) {
            const form = new FormData();
            form.append('payload', JSON.stringify({ title: 'Too big', recipients: [] }));
            form.append('file', new Blob([big], { type: 'application/pdf' }), 'big.pdf');
            const outcome = await fetch(url + '/api/v2/document/create', { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form })
              .then(async (res) => res.status + ' ' + (await res.json()).code)
              .catch((error) => 'error ' + (error.cause?.code ?? error.message));
            outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          }
          process.stdout.write(JSON.stringify(outcomes));
        `;
        const { stdout } = await execFileAsync(
          process.execPath,
          ['--input-type=module', '-e', client, limited.url, limited.api.token!],
          { timeout: 120_000 },
        );
        assert.deepEqual(JSON.parse(stdout), { '413 PAYLOAD_TOO_LARGE': 40 });
        assert.equal(filesUnder(limited, 'blobs'), 0, 'nothing stored');
      } finally {
        await limited.close();
      }
    });
  });
}

// The temp directory does not depend on the database, so SQLite is enough here.
describe('startup after a crash', () => {
  test('temp files a killed process left are removed at start; recent ones (another node may own them) are kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'firma-crash-'));
    try {
      const tmp = join(dataDir, 'tmp');
      mkdirSync(tmp, { recursive: true });
      const hourAgo = Date.now() / 1000 - 3600;
      for (const name of ['1790000000000-0123456789abcdef', '1790000000001-fedcba9876543210']) {
        writeFileSync(join(tmp, name), Buffer.alloc(1024, 7));
        utimesSync(join(tmp, name), hourAgo, hourAgo);
      }
      writeFileSync(join(tmp, `${Date.now()}-0000000000000000`), 'being written by another node');
      const ctx = await createContext(parseConfig({ FIRMA_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
      await closeContext(ctx);
      assert.equal(readdirSync(tmp).length, 1, 'only the recent file is left');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
