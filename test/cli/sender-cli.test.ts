import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { runFirma } from '../helpers/spawn-firma.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** `firma platform sender add|verify|list|remove` (issue 35, item 7), against the server's own database. */
for (const database of testDatabases()) {
  describe(`firma platform sender (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    let env: Record<string, string>;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
      env = { FIRMA_DATA_DIR: server.dataDir, PORT: '0', FIRMA_PUBLIC_URL: server.url, SMTP_URL: smtp.url };
      if (database === 'postgres') {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.ctx.db);
        const url = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
        url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
        env.DATABASE_URL = url.toString();
      }
      await server.newPlatform('acme');
      await server.newPlatform('otra');
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    test('add mails a code, verify takes it, list shows it, remove removes it; another platform cannot', async () => {
      const added = await runFirma(
        ['platform', 'sender', 'add', 'firmas@acme.example', '--name', 'Acme', '--platform', 'acme', '--json'],
        env,
      );
      assert.equal(added.code, 0, added.stderr);
      const sender = JSON.parse(added.stdout) as { id: string; verified: boolean };
      assert.equal(sender.verified, false);
      const [mail] = await smtp.waitFor((m) => recipientOf(m) === 'firmas@acme.example');
      const code = /\b(\d{6})\b/.exec(String(mail!.text))![1]!;
      assert.ok(!added.stdout.includes(code), 'the code is not printed');

      const wrong = await runFirma(
        ['platform', 'sender', 'verify', sender.id, code === '000000' ? '111111' : '000000', '--platform', 'acme'],
        env,
      );
      assert.notEqual(wrong.code, 0);
      assert.match(wrong.stderr, /not right/);
      const elsewhere = await runFirma(['platform', 'sender', 'verify', sender.id, code, '--platform', 'otra'], env);
      assert.notEqual(elsewhere.code, 0, 'another platform’s sender is unknown');

      const verified = await runFirma(['platform', 'sender', 'verify', sender.id, code, '--platform', 'acme'], env);
      assert.equal(verified.code, 0, verified.stderr);
      const list = await runFirma(['platform', 'sender', 'list', '--platform', 'acme'], env);
      assert.equal(list.stdout.trim(), `${sender.id}\tverified\tfirmas@acme.example\tAcme`);
      const otherList = await runFirma(['platform', 'sender', 'list', '--platform', 'otra'], env);
      assert.equal(otherList.stdout.trim(), '(no sender identities)');

      const notTheirs = await runFirma(['platform', 'sender', 'remove', sender.id, '--platform', 'otra'], env);
      assert.notEqual(notTheirs.code, 0);
      const removed = await runFirma(['platform', 'sender', 'remove', sender.id, '--platform', 'acme', '--json'], env);
      assert.equal(removed.code, 0, removed.stderr);
      assert.deepEqual(JSON.parse(removed.stdout), { id: sender.id, removed: true });
      const empty = await runFirma(['platform', 'sender', 'list', '--platform', 'acme', '--json'], env);
      assert.deepEqual(JSON.parse(empty.stdout), []);
    });

    test('bad input: exit 2 with one line, nothing stored', async () => {
      const noAddress = await runFirma(['platform', 'sender', 'add', '--platform', 'acme'], env);
      assert.equal(noAddress.code, 2);
      const badAddress = await runFirma(['platform', 'sender', 'add', 'no es correo', '--platform', 'acme'], env);
      assert.equal(badAddress.code, 2, badAddress.stderr);
      const badAction = await runFirma(['platform', 'sender', 'rename', '--platform', 'acme'], env);
      assert.equal(badAction.code, 2);
      const rows = await server.ctx.db.selectFrom('senderIdentity').select('email').execute();
      assert.deepEqual(rows, []);
    });
  });
}
