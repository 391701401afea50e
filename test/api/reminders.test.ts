import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import type { ParsedMail } from 'mailparser';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { sendReminder } from '../../src/domain/reminders/send-reminder.js';
import { setPlatformReminders } from '../../src/domain/reminders/set-platform-reminders.js';

/** With FIRMA_REMINDER_DAY_SECONDS=1 a reminder "day" lasts one second. */
const every = (sendAfter: number, repeatEvery: number | null) => ({
  sendAfter: { unit: 'day', amount: sendAfter },
  repeatEvery: repeatEvery === null ? { disabled: true } : { unit: 'day', amount: repeatEvery },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A typical document whose people and title are its own, so its mails are told apart from others'. */
function payloadFor(tag: string) {
  const p = typicalPayload({ title: `Contrato ${tag}` });
  p.recipients = p.recipients.map((r) => ({ ...r, email: r.email.replace('@', `+${tag}@`) }));
  return p;
}

for (const database of testDatabases()) {
  describe(`reminders (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', FIRMA_REMINDER_DAY_SECONDS: '1' },
      });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const reminderTo = (email: string) => (m: ParsedMail) =>
      recipientOf(m) === email && /^(Reminder|Recordatorio):/.test(m.subject ?? '');
    const remindersTo = (email: string) => smtp.messages.filter(reminderTo(email));
    const recipientRow = (id: number) =>
      server.ctx.db.selectFrom('recipient').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const reminderAudit = (envelopeId: number) =>
      server.ctx.db
        .selectFrom('auditEvent')
        .selectAll()
        .where('envelopeId', '=', envelopeId)
        .where('type', '=', 'DOCUMENT_REMINDER_SENT')
        .orderBy('seq')
        .execute();
    const reminderEvents = (envelopeId: number) =>
      server.ctx.db
        .selectFrom('event')
        .select('id')
        .where('envelopeId', '=', envelopeId)
        .where('type', '=', 'DOCUMENT_REMINDER_SENT')
        .execute();

    test('only the recipient whose turn it is is reminded, in the document’s language, until they sign', async () => {
      const p = payloadFor('seq');
      const [ana, bruno, carla] = p.recipients.map((r) => r.email) as [string, string, string];
      const { documentId, envelopeId, urls, distributed } = await createPendingDocument(server.api, p, {
        distributionMethod: 'EMAIL',
        signingOrder: 'SEQUENTIAL',
        language: 'es',
        reminderSettings: every(1, 1),
      });
      const ids = new Map<string, number>(
        (distributed.recipients as { email: string; id: number }[]).map((r) => [r.email, r.id]),
      );
      const [first] = await smtp.waitFor(reminderTo(ana), 2);
      assert.equal(first!.subject, `Recordatorio: revise y firme: Contrato seq`);
      assert.match(first!.html || '', /<html lang="es">/);
      assert.ok(first!.text?.includes(urls.get(ana)!), 'the reminder carries the recipient’s own link');
      assert.equal(remindersTo(bruno).length, 0, 'Bruno’s turn has not come');

      assert.equal((await signAll(server.anon, tokenOf(urls.get(ana)!))).status, 200);
      const anaSignedAt = (await recipientRow(ids.get(ana)!)).signedAt!;
      await smtp.waitFor((m) => recipientOf(m) === bruno && /^Revise y firme/.test(m.subject ?? ''));
      await smtp.waitFor(reminderTo(bruno), 2);
      const audit = await reminderAudit(documentId);
      const forAna = audit.filter((a) => a.recipientId === ids.get(ana));
      assert.ok(forAna.length >= 2);
      assert.ok(
        forAna.every((a) => a.createdAt < anaSignedAt),
        'no reminder for Ana after she signed',
      );
      assert.equal(remindersTo(ana).length, forAna.length, 'one mail per recorded reminder');
      assert.equal(remindersTo(carla).length, 0, 'a CC is never reminded');
      assert.deepEqual(
        forAna.map((a) => (JSON.parse(a.data) as { reminder: number }).reminder),
        forAna.map((_, i) => i + 1),
      );

      assert.equal((await signAll(server.anon, tokenOf(urls.get(bruno)!))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const brunoCount = remindersTo(bruno).length;
      await sleep(2500);
      assert.equal(remindersTo(bruno).length, brunoCount, 'reminders stop once the document is complete');
      assert.equal(remindersTo(ana).length, forAna.length);

      const recorded = await reminderAudit(documentId);
      assert.equal((await reminderEvents(documentId)).length, recorded.length, 'one event per reminder');
      // Documenso's SDK reads the log: each reminder is an EMAIL_SENT of type REMINDER.
      const sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
      const log = await sdk.envelope.envelopeAuditLogFind({ envelopeId, perPage: 100 });
      const sent = log.data.filter((e) => e.type === 'EMAIL_SENT');
      assert.equal(sent.length, recorded.length);
      for (const e of sent) if (e.type === 'EMAIL_SENT') assert.equal(e.data.emailType, 'REMINDER');
    });

    test('redistribute is a manual reminder: DOCUMENT_REMINDER_SENT fires and that recipient’s schedule restarts', async () => {
      const p = payloadFor('redist');
      const [ana, bruno] = p.recipients.map((r) => r.email) as [string, string];
      const { documentId, envelopeId, distributed } = await createPendingDocument(server.api, p, {
        distributionMethod: 'EMAIL',
        language: 'en',
        reminderSettings: every(3, null),
      });
      const anaId = (distributed.recipients as { email: string; id: number }[]).find((r) => r.email === ana)!.id;
      const before = (await recipientRow(anaId)).reminderDueAt!;
      await sleep(1500);
      const res = await server.api.post('/api/v2/envelope/redistribute', {
        json: { envelopeId, recipients: [anaId] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const moved = (await recipientRow(anaId)).reminderDueAt!;
      assert.ok(Date.parse(moved) - Date.parse(before) >= 1000, `${before} → ${moved}`);
      assert.equal((await reminderEvents(documentId)).length, 1, 'the redistribute fired DOCUMENT_REMINDER_SENT');

      const [brunoReminder] = await smtp.waitFor(reminderTo(bruno));
      assert.equal(brunoReminder!.subject, 'Reminder: please review and sign: Contrato redist');
      assert.equal(remindersTo(ana).length, 0, 'Ana’s first reminder was pushed back by the redistribute');
      await smtp.waitFor(reminderTo(ana));
      await sleep(1500);
      assert.equal(remindersTo(ana).length, 1, 'repeat disabled: one reminder');
      assert.equal(remindersTo(bruno).length, 1);
      assert.equal((await reminderAudit(documentId)).length, 2);
    });

    test('the platform default applies to documents without reminderSettings; their own, even disabled, win', async () => {
      const other = await server.newPlatform();
      for (const [sendAfter, repeatEvery, code] of [
        ['0d', 'off', 'VALIDATION_ERROR'],
        ['2y', 'off', 'VALIDATION_ERROR'],
        ['off', '1d', 'REMINDER_SETTINGS_INVALID'],
      ] as const) {
        await assert.rejects(
          setPlatformReminders(server.ctx, { platform: other.platformName, sendAfter, repeatEvery }),
          {
            code,
          },
        );
      }
      await assert.rejects(
        setPlatformReminders(server.ctx, { platform: 'nobody', sendAfter: '1d', repeatEvery: 'off' }),
        {
          code: 'NOT_FOUND',
        },
      );
      await setPlatformReminders(server.ctx, { platform: other.platformName, sendAfter: '1d', repeatEvery: 'off' });

      const byDefault = payloadFor('default');
      const ownOff = payloadFor('ownoff');
      await createPendingDocument(other, byDefault, { distributionMethod: 'EMAIL' });
      await createPendingDocument(other, ownOff, {
        distributionMethod: 'EMAIL',
        reminderSettings: { sendAfter: { disabled: true }, repeatEvery: { disabled: true } },
      });
      // Another platform's default does not reach the default platform's documents.
      const elsewhere = payloadFor('elsewhere');
      await createPendingDocument(server.api, elsewhere, { distributionMethod: 'EMAIL' });
      await smtp.waitFor(reminderTo(byDefault.recipients[0]!.email));
      await sleep(1500);
      assert.equal(remindersTo(byDefault.recipients[0]!.email).length, 1);
      assert.equal(remindersTo(ownOff.recipients[0]!.email).length, 0);
      assert.equal(remindersTo(elsewhere.recipients[0]!.email).length, 0);
      await setPlatformReminders(server.ctx, { platform: other.platformName, sendAfter: '-', repeatEvery: undefined });
    });

    test('a reminder job run twice (a rerun after its commit, or two workers) sends once and schedules the next once', async () => {
      const p = payloadFor('twice');
      const { documentId, distributed } = await createPendingDocument(server.api, p, {
        distributionMethod: 'EMAIL',
        reminderSettings: every(30, 30),
      });
      const anaId = (distributed.recipients as { id: number }[])[0]!.id;
      const dueAt = (await recipientRow(anaId)).reminderDueAt!;
      const runs = await Promise.all([1, 2, 3].map(() => sendReminder(server.ctx, { recipientId: anaId, dueAt })));
      assert.deepEqual(runs.filter(Boolean).length, 1, JSON.stringify(runs));
      assert.equal(await sendReminder(server.ctx, { recipientId: anaId, dueAt }), false, 'a rerun does nothing');
      const row = await recipientRow(anaId);
      assert.equal(row.remindersSent, 1);
      assert.equal(Date.parse(row.reminderDueAt!) - Date.parse(dueAt), 30_000, 'the next, one interval after');
      // Keys are `<kind>:<recipientId>:<dueAt>`; a `like '%:id:%'` would also match a due time's
      // minute (12:16:…), so the recipient is compared as the key's second part.
      const jobs = (
        await server.ctx.db
          .selectFrom('job')
          .select(['kind', 'dedupeKey'])
          .where('dedupeKey', 'like', 'reminder%')
          .execute()
      ).filter((j) => j.dedupeKey?.split(':')[1] === String(anaId));
      assert.deepEqual(jobs.map((j) => j.dedupeKey).sort(), [
        `reminder-mail:${anaId}:${dueAt}`,
        `reminder:${anaId}:${dueAt}`,
        `reminder:${anaId}:${row.reminderDueAt}`,
      ]);
      assert.equal((await reminderAudit(documentId)).length, 1);
      await smtp.waitFor(reminderTo(p.recipients[0]!.email));
      // Documenso's SDK reads the stored settings back.
      const sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
      assert.deepEqual((await sdk.documents.get({ documentId })).documentMeta?.reminderSettings, every(30, 30));

      // Nothing once the recipient's link has expired, or the document is no longer PENDING.
      const brunoId = (distributed.recipients as { id: number }[])[1]!.id;
      const brunoDue = (await recipientRow(brunoId)).reminderDueAt!;
      await server.ctx.db
        .updateTable('recipient')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', brunoId)
        .execute();
      assert.equal(await sendReminder(server.ctx, { recipientId: brunoId, dueAt: brunoDue }), false);
      const next = (await recipientRow(anaId)).reminderDueAt!;
      const cancelled = await server.api.post('/api/v2/document/delete', { json: { documentId } });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal(await sendReminder(server.ctx, { recipientId: anaId, dueAt: next }), false);
      assert.equal((await reminderAudit(documentId)).length, 1);
    });

    test('invalid reminderSettings are refused with 400 and change nothing; another platform’s document is 404', async () => {
      const count = async () =>
        Number(
          (
            await server.ctx.db
              .selectFrom('envelope')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const envelopes = await count();
      for (const reminderSettings of [
        { sendAfter: { unit: 'year', amount: 1 }, repeatEvery: { disabled: true } },
        { sendAfter: { unit: 'day', amount: 0 }, repeatEvery: { disabled: true } },
        { sendAfter: { unit: 'day', amount: 1 } },
        { sendAfter: { disabled: true }, repeatEvery: { unit: 'week', amount: 1 } },
      ]) {
        const res = await createDocument(server.api, typicalPayload({ meta: { reminderSettings } }));
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.ok(['VALIDATION_ERROR', 'REMINDER_SETTINGS_INVALID'].includes(res.body.code), res.body.code);
      }
      assert.equal(await count(), envelopes);

      const p = payloadFor('edit');
      const { envelopeId, distributed } = await createPendingDocument(server.api, p, {
        distributionMethod: 'EMAIL',
        reminderSettings: every(30, null),
      });
      const anaId = (distributed.recipients as { id: number }[])[0]!.id;
      const scheduled = (await recipientRow(anaId)).reminderDueAt;
      assert.ok(scheduled);
      const bad = await server.api.post('/api/v2/envelope/update', {
        json: {
          envelopeId,
          meta: { reminderSettings: { sendAfter: { disabled: true }, repeatEvery: every(1, 1).repeatEvery } },
        },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'REMINDER_SETTINGS_INVALID');
      const stranger = await server.newPlatform();
      const foreign = await stranger.post('/api/v2/envelope/update', {
        json: { envelopeId, meta: { reminderSettings: every(1, 1) } },
      });
      assert.equal(foreign.status, 404);
      assert.equal((await recipientRow(anaId)).reminderDueAt, scheduled, 'nothing rescheduled');

      // Settings changed while PENDING take effect at once: switched off, nothing is due any more.
      const off = await server.api.post('/api/v2/envelope/update', {
        json: {
          envelopeId,
          meta: { reminderSettings: { sendAfter: { disabled: true }, repeatEvery: { disabled: true } } },
        },
      });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.equal((await recipientRow(anaId)).reminderDueAt, null);
      const on = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId, meta: { reminderSettings: every(1, null) } },
      });
      assert.equal(on.status, 200);
      await smtp.waitFor(reminderTo(p.recipients[0]!.email));
    });
  });
}
