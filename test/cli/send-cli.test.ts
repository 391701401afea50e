import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { makePdf } from '../support/pdf-fixtures.js';
import { onePagePdf } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { runFirma } from '../helpers/spawn-firma.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig } from '../support/pdf-tools.js';

const ANA = 'Ana Pérez <ana@example.com> 20-12345678-6';
const BRUNO = 'Bruno Díaz <bruno@example.com> 27-23456789-1';

for (const database of testDatabases()) {
  describe(`firma send, status, download (${database})`, () => {
    let server: TestServer;
    let env: Record<string, string>;
    let pdfPath: string;
    before(async () => {
      server = await startTestServer({ database });
      // The CLI opens the server's own database: its data dir, and on PostgreSQL its schema.
      env = { FIRMA_DATA_DIR: server.dataDir, PORT: '0', FIRMA_PUBLIC_URL: server.url };
      if (database === 'postgres') {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.ctx.db);
        const url = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
        url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
        env.DATABASE_URL = url.toString();
      }
      pdfPath = join(server.dataDir, 'contrato.pdf');
      writeFileSync(pdfPath, await onePagePdf());
    });
    after(() => server?.close());

    test('send → sign through the API → status shows COMPLETED → download writes a PDF pdfsig validates', async () => {
      const sent = await runFirma(
        [
          'send',
          pdfPath,
          '--signer',
          ANA,
          '--field',
          'signature:1:10,80',
          '--field',
          'name:1:10,70',
          '--signer',
          BRUNO,
        ],
        env,
      );
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stdout, /^Sent "contrato": document (\d+) \(envelope_/);
      const urls = [...sent.stdout.matchAll(/<(\S+@example\.com)>: (http\S+)/g)].map((m) => [m[1]!, m[2]!] as const);
      assert.deepEqual(
        urls.map(([email]) => email),
        ['ana@example.com', 'bruno@example.com'],
      );
      for (const [, url] of urls) assert.ok(url.startsWith(`${server.url}/sign/`), url);
      const documentId = Number(/document (\d+)/.exec(sent.stdout)![1]);

      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(doc.body.status, 'PENDING');
      const anaFields = doc.body.fields.filter(
        (f: { recipientId: number }) => f.recipientId === doc.body.recipients[0].id,
      );
      assert.deepEqual(anaFields.map((f: { type: string }) => f.type).sort(), ['NAME', 'SIGNATURE'], 'her --fields');
      assert.equal(doc.body.recipients[1].cuil, '27234567891');

      const pending = await runFirma(['status', String(documentId)], env);
      assert.equal(pending.code, 0, pending.stderr);
      assert.match(pending.stdout, /contrato: PENDING/);
      const early = await runFirma(['download', String(documentId), '--out', join(server.dataDir, 'early.pdf')], env);
      assert.equal(early.code, 1);
      assert.match(early.stderr, /\(ENVELOPE_NOT_COMPLETED\)|\(DOCUMENT_NOT_COMPLETED\)|not completed/i);
      assert.ok(!existsSync(join(server.dataDir, 'early.pdf')));

      for (const [, url] of urls) assert.equal((await signAll(server.api, tokenOf(url))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED']);

      const status = await runFirma(['status', String(documentId)], env);
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /^contrato: COMPLETED \(document \d+, envelope_/);
      assert.match(status.stdout, /Ana Pérez <ana@example\.com> SIGNER: SIGNED at /);
      assert.match(status.stdout, /Bruno Díaz <bruno@example\.com> SIGNER: SIGNED at /);
      const statusJson = await runFirma(['status', doc.body.envelopeId, '--json'], env);
      const parsed = JSON.parse(statusJson.stdout) as { status: string; recipients: { signingStatus: string }[] };
      assert.equal(parsed.status, 'COMPLETED');
      assert.deepEqual(
        parsed.recipients.map((r) => r.signingStatus),
        ['SIGNED', 'SIGNED'],
      );

      const out = join(server.dataDir, 'firmado.pdf');
      const download = await runFirma(['download', String(documentId), '--out', out, '--json'], env);
      assert.equal(download.code, 0, download.stderr);
      assert.equal(JSON.parse(download.stdout).file, out);
      assert.match(pdfsig(readFileSync(out)), /Signature is Valid/);
      const again = await runFirma(['download', String(documentId), '--out', out], env);
      assert.equal(again.code, 2, 'an existing file is not overwritten');

      const certificate = join(server.dataDir, 'certificado.pdf');
      const cert = await runFirma(['download', String(documentId), '--certificate', '--out', certificate], env);
      assert.equal(cert.code, 0, cert.stderr);
      assert.match(pdfsig(readFileSync(certificate)), /Signature is Valid/);
    });

    test('--json prints the ids and signing URLs; --placeholders without tags leaves no DRAFT behind', async () => {
      const sent = await runFirma(['send', pdfPath, '--signer', ANA, '--title', 'Anexo', '--json'], env);
      assert.equal(sent.code, 0, sent.stderr);
      const body = JSON.parse(sent.stdout) as { id: number; title: string; recipients: { signingUrl: string }[] };
      assert.equal(body.title, 'Anexo');
      assert.match(body.recipients[0]!.signingUrl, /\/sign\//);
      // Above 4 MiB the upload reports its progress (one line per tenth when stderr is not a terminal).
      const large = join(server.dataDir, 'grande.pdf');
      writeFileSync(
        large,
        await makePdf([{ mediaBox: [0, 0, 595, 842], label: 'Grande' }], (doc) => {
          doc.context.register(doc.context.stream(randomBytes(5 * 1024 * 1024)));
        }),
      );
      const big = await runFirma(['send', large, '--signer', ANA], env);
      assert.equal(big.code, 0, big.stderr);
      assert.match(big.stderr, /upload: 0% /);
      assert.match(big.stderr, /upload: 100% \d+\/\d+ \(5\.\d of 5\.\d MB\)/);
      const drafts = async () =>
        (await server.api.get('/api/v2/document?status=DRAFT&perPage=100')).body.data.length as number;
      const draftsBefore = await drafts();
      const placeholders = await runFirma(['send', pdfPath, '--signer', ANA, '--placeholders'], env);
      assert.equal(placeholders.code, 1);
      assert.match(placeholders.stderr, /nothing was sent; the draft it made \(document \d+\) was removed/);
      assert.match(placeholders.stderr, /MISSING_SIGNATURE_FIELD/);
      assert.equal(await drafts(), draftsBefore, 'no DRAFT is left behind');
    });

    test('usage mistakes exit 2 with one clear line and create nothing', async () => {
      const before = await countRows(server, 'envelope');
      for (const [args, message] of [
        [['send', pdfPath], /at least one --signer/],
        [['send', pdfPath, '--signer', 'Ana <ana@example.com> 20-12345678-5'], /check digit/],
        [['send', pdfPath, '--signer', 'just a name'], /expected "Name <email> CUIL"/],
        [['send', pdfPath, '--field', 'signature:1:10,80', '--signer', ANA], /before any --signer/],
        [['send', pdfPath, '--signer', ANA, '--field', 'stamp:1:10,80'], /expected type:page:x,y/],
        [['send', join(server.dataDir, 'missing.pdf'), '--signer', ANA], /cannot read/],
        [['send', pdfPath, '--signer', ANA, '--platform', 'nope'], /platform "nope" not found/],
      ] as const) {
        const run = await runFirma([...args], env);
        assert.ok(run.code === 2 || run.code === 1, `${args.join(' ')}: ${run.code} ${run.stderr}`);
        assert.match(run.stderr, message);
      }
      const unknown = await runFirma(['status', '999999'], env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /NOT_FOUND/);
      assert.equal(await countRows(server, 'envelope'), before);
    });
  });
}
