import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { recipientOf, startSmtpSink } from '../helpers/smtp-sink.js';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

/** A reminder as the audit log answers it (Firma's recorded members beside Documenso's). */
interface ReminderEntry {
  firmaType?: string;
  createdAt: string;
  data: { recipientEmail: string; reminder: number; dueAt: string; nextDueAt: string | null };
}

for (const database of ['sqlite', 'postgres'] as const) {
  describe(
    `a SIGKILL between two reminders neither repeats nor skips one (real processes, ${database})`,
    { skip: database === 'postgres' && !PG_URL ? 'needs FIRMA_TEST_DATABASE_URL' : false },
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'firma-remind-'));
      const schema = `remind_${randomBytes(5).toString('hex')}`;
      after(async () => {
        rmSync(dataDir, { recursive: true, force: true });
        if (database !== 'postgres') return;
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      });

      test('the reminder due while the server was down is sent once after the restart, the next on time', async () => {
        const smtp = await startSmtpSink();
        let databaseUrl: Record<string, string> = {};
        if (database === 'postgres') {
          const admin = new pg.Client({ connectionString: PG_URL });
          await admin.connect();
          await admin.query(`create schema ${schema}`);
          await admin.end();
          const url = new URL(PG_URL!);
          url.searchParams.set('options', `-c search_path=${schema}`);
          databaseUrl = { DATABASE_URL: url.toString() };
        }
        const env = {
          ...databaseUrl,
          FIRMA_DATA_DIR: dataDir,
          PORT: '0',
          SMTP_URL: smtp.url,
          FIRMA_JOB_POLL_MS: '100',
          // A reminder "day" is a second: reminders every three seconds.
          FIRMA_REMINDER_DAY_SECONDS: '1',
        };
        const children: ChildProcessWithoutNullStreams[] = [];
        try {
          const first = spawnFirma(['serve'], env);
          children.push(first);
          const output = watchOutput(first);
          const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 60_000);
          const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
          const api = new HttpClient(url!, token!);

          // The platform default through the CLI (the document below has its own settings, which win).
          const set = await runFirma(['platform', 'set-reminders', 'default', '2d', '1w', '--json'], env);
          assert.equal(set.code, 0, set.stderr);
          assert.deepEqual(JSON.parse(set.stdout), {
            platform: 'default',
            reminderSettings: { sendAfter: { unit: 'day', amount: 2 }, repeatEvery: { unit: 'week', amount: 1 } },
          });
          const refused = await runFirma(['platform', 'set-reminders', 'default', 'off', '1d'], env);
          assert.equal(refused.code, 1, refused.stderr);
          assert.match(refused.stderr, /sendAfter.*REMINDER_SETTINGS_INVALID/);

          const { envelopeId, urls } = await createPendingDocument(api, typicalPayload(), {
            distributionMethod: 'EMAIL',
            signingOrder: 'SEQUENTIAL',
            reminderSettings: { sendAfter: { unit: 'day', amount: 3 }, repeatEvery: { unit: 'day', amount: 3 } },
          });
          const ana = 'ana@example.com';
          const reminderToAna = (m: ParsedMail) => recipientOf(m) === ana && /^Reminder:/.test(m.subject ?? '');
          const reminders = async (client: HttpClient) => {
            const log = await client.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`);
            assert.equal(log.status, 200, JSON.stringify(log.body));
            return (log.body.data as ReminderEntry[]).filter((e) => e.firmaType === 'DOCUMENT_REMINDER_SENT');
          };

          await smtp.waitFor(reminderToAna, 1);
          // Between two reminders: the first one's mail job has settled, the second is not due yet.
          await sleep(500);
          const [firstReminder] = await reminders(api);
          first.kill('SIGKILL');
          await exited(first);
          const killedAt = Date.now();
          // Stay down past the second reminder's due time.
          const secondDue = Date.parse(firstReminder!.data.nextDueAt!);
          await sleep(Math.max(0, secondDue - Date.now()) + 1000);

          const second = spawnFirma(['serve'], env);
          children.push(second);
          const [, url2] = await watchOutput(second).waitFor(/listening on (http:\/\/\S+)/, 60_000);
          const api2 = new HttpClient(url2!, token!);
          await smtp.waitFor(reminderToAna, 3, 30_000);
          // Ana signs: her reminders stop, Bruno's turn comes.
          assert.equal((await signAll(new HttpClient(url2!, null), tokenOf(urls.get(ana)!))).status, 200);
          await sleep(1000);

          const recorded = (await reminders(api2)).filter((e) => e.data.recipientEmail === ana);
          assert.deepEqual(
            recorded.map((e) => e.data.reminder),
            [1, 2, 3],
            'each reminder recorded once, in order',
          );
          const dues = recorded.map((e) => Date.parse(e.data.dueAt));
          assert.equal(new Set(dues).size, 3, 'three distinct due times');
          assert.equal(dues[1], secondDue, 'the reminder due while the server was down was not skipped');
          assert.ok(Date.parse(recorded[1]!.createdAt) > killedAt, 'it was sent after the restart');
          assert.ok(dues[2]! - dues[1] >= 3000, 'the next one came a full interval later');
          assert.equal(smtp.messages.filter(reminderToAna).length, 3, 'three reminder mails, none twice');
          second.kill('SIGTERM');
          await exited(second);
        } finally {
          for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await Promise.all(children.map(exited));
          await smtp.stop();
        }
      });
    },
  );
}
