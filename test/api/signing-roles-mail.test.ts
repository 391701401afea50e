import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, CUIL_B, createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { CONSENT, signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { setPlatformNotifyEmail } from '../../src/domain/mail/owner-notice.js';
import { expireRecipients } from '../../src/domain/signing/expire-recipients.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const sig = (pageY: number) => ({ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY, width: 20, height: 5 });

/** Two groups and a last signer: order 1 signs and approves, order 2 views and assists, order 3 signs. */
function rolesPayload() {
  return {
    title: 'Acta de directorio',
    recipients: [
      { email: 'ana@example.com', name: 'Ana', role: 'SIGNER', cuil: CUIL_A, signingOrder: 1, fields: [sig(5)] },
      { email: 'ayelen@example.com', name: 'Ayelén', role: 'APPROVER', signingOrder: 1 },
      { email: 'bruno@example.com', name: 'Bruno', role: 'VIEWER', signingOrder: 2 },
      { email: 'carla@example.com', name: 'Carla', role: 'ASSISTANT', signingOrder: 2 },
      {
        email: 'diego@example.com',
        name: 'Diego',
        role: 'SIGNER',
        cuil: CUIL_B,
        signingOrder: 3,
        fields: [
          sig(20),
          {
            type: 'TEXT',
            pageNumber: 1,
            pageX: 10,
            pageY: 30,
            width: 30,
            height: 5,
            fieldMeta: { type: 'text', label: 'Cargo', required: true },
          },
        ],
      },
      { email: 'eva@example.com', name: 'Eva', role: 'CC' },
    ],
  };
}

for (const database of testDatabases()) {
  describe(`roles, signing order and e-mail through a real SMTP server (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const mailsTo = (email: string, subject: RegExp) => (m: Parameters<Parameters<SmtpSink['waitFor']>[0]>[0]) =>
      recipientOf(m) === email && subject.test(String(m.subject));

    test('SEQUENTIAL groups act in turn, each group mailed when the previous is done; CC gets the sealed PDF', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, rolesPayload(), {
        distributionMethod: 'EMAIL',
        signingOrder: 'SEQUENTIAL',
        language: 'es',
        subject: 'Acta para firmar',
      });
      const token = (email: string) => tokenOf(urls.get(email)!);
      assert.equal(urls.size, 5, 'every acting recipient has a link; the CC has none');

      const [anaMail] = await smtp.waitFor(mailsTo('ana@example.com', /Acta para firmar/));
      await smtp.waitFor(mailsTo('ayelen@example.com', /Acta para firmar/));
      assert.ok(anaMail!.html && anaMail!.text, 'HTML and text bodies');
      assert.ok(String(anaMail!.text).includes(urls.get('ana@example.com')!), 'the mail carries her own link');
      assert.ok(!smtp.messages.some((m) => recipientOf(m) === 'bruno@example.com'), 'the second group waits');

      const early = await server.anon.get(`/api/v2/signing/${token('bruno@example.com')}`);
      assert.equal(early.body.state, 'out_of_turn');
      assert.equal(early.body.isTurn, false);
      const outOfTurn = await server.anon.post(`/api/v2/signing/${token('bruno@example.com')}/complete`, {
        json: CONSENT,
      });
      assert.equal(outOfTurn.status, 409);
      assert.equal(outOfTurn.body.code, 'RECIPIENT_OUT_OF_TURN');
      const diegoView = await server.anon.get(`/api/v2/signing/${token('diego@example.com')}`);
      const fieldEarly = await server.anon.post(
        `/api/v2/signing/${token('diego@example.com')}/field/${diegoView.body.fields[0].id}`,
        { json: { signature: { type: 'typed', text: 'Diego' } } },
      );
      assert.equal(fieldEarly.body.code, 'RECIPIENT_OUT_OF_TURN', 'out of turn on field insert too');

      assert.equal((await signAll(server.anon, token('ana@example.com'))).status, 200);
      await new Promise((r) => setTimeout(r, 400));
      assert.ok(
        !smtp.messages.some((m) => recipientOf(m) === 'bruno@example.com'),
        'the group is not done until the approver acts',
      );
      const approved = await server.anon.post(`/api/v2/signing/${token('ayelen@example.com')}/complete`, {
        json: CONSENT,
      });
      assert.equal(approved.status, 200, 'an APPROVER approves without fields');

      await smtp.waitFor(mailsTo('bruno@example.com', /Acta para firmar/));
      await smtp.waitFor(mailsTo('carla@example.com', /Acta para firmar/));
      const assistant = await server.anon.get(`/api/v2/signing/${token('carla@example.com')}`);
      assert.equal(assistant.body.state, 'ready');
      const cargo = assistant.body.fields.find((f: { type: string }) => f.type === 'TEXT');
      assert.ok(cargo && cargo.isOwn === false, "the assistant fills the later signer's text field");
      assert.ok(
        !assistant.body.fields.some((f: { type: string }) => f.type === 'SIGNATURE'),
        'but never signs for anyone',
      );
      assert.equal(
        (
          await server.anon.post(`/api/v2/signing/${token('carla@example.com')}/field/${cargo.id}`, {
            json: { value: 'Presidente' },
          })
        ).status,
        200,
      );
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${token('carla@example.com')}/complete`, { json: CONSENT })).status,
        200,
      );
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${token('bruno@example.com')}/complete`, { json: CONSENT })).status,
        200,
        'a VIEWER confirms viewing',
      );

      await smtp.waitFor(mailsTo('diego@example.com', /Acta para firmar/));
      const diego = await server.anon.get(`/api/v2/signing/${token('diego@example.com')}`);
      assert.equal(diego.body.fields.find((f: { type: string }) => f.type === 'TEXT').customText, 'Presidente');
      const signature = diego.body.fields.find((f: { type: string }) => f.type === 'SIGNATURE');
      await server.anon.post(`/api/v2/signing/${token('diego@example.com')}/field/${signature.id}`, {
        json: { signature: { type: 'typed', text: 'Diego' } },
      });
      assert.equal(
        (await server.anon.post(`/api/v2/signing/${token('diego@example.com')}/complete`, { json: CONSENT })).status,
        200,
      );

      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const [completed] = await smtp.waitFor(mailsTo('eva@example.com', /^Completado: Acta de directorio/));
      assert.equal(completed!.attachments.length, 1, 'the CC receives the final PDF');
      assert.equal(completed!.attachments[0]!.contentType, 'application/pdf');
      assert.match(completed!.attachments[0]!.content.subarray(0, 5).toString(), /^%PDF-/);
      await smtp.waitFor((m) => /^Completado/.test(String(m.subject)), 6);
    });

    test('a rejection tells the others; a cancellation tells those who were sent it', async () => {
      const rejected = await createPendingDocument(server.api, typicalPayload({ title: 'Para rechazar' }), {
        distributionMethod: 'EMAIL',
      });
      await smtp.waitFor(mailsTo('bruno@example.com', /Please review and sign: Para rechazar/));
      await server.anon.post(`/api/v2/signing/${tokenOf(rejected.urls.get('ana@example.com')!)}/reject`, {
        json: { reason: 'Monto equivocado' },
      });
      const [notice] = await smtp.waitFor(mailsTo('bruno@example.com', /^Rejected: Para rechazar/));
      assert.match(String(notice!.text), /Monto equivocado/);

      const cancelled = await createPendingDocument(server.api, typicalPayload({ title: 'Para cancelar' }), {
        distributionMethod: 'EMAIL',
      });
      await smtp.waitFor(mailsTo('ana@example.com', /Please review and sign: Para cancelar/));
      assert.equal(
        (await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId: cancelled.envelopeId } })).status,
        200,
      );
      const [cancelMail] = await smtp.waitFor(mailsTo('ana@example.com', /^Cancelled: Para cancelar/));
      assert.ok(!String(cancelMail!.text).includes('/sign/'), 'no link in a cancellation');
    });

    test('owner notices go to the platform address per emailSettings: created, completed, recipient expired', async () => {
      await setPlatformNotifyEmail(server.ctx, 'default', 'owner@example.com');
      try {
        const { urls, documentId } = await createPendingDocument(
          server.api,
          typicalPayload({ title: 'Aviso al dueño' }),
          { distributionMethod: 'NONE' },
        );
        await smtp.waitFor(mailsTo('owner@example.com', /^Document created: Aviso al dueño/));
        for (const url of urls.values()) await signAll(server.anon, tokenOf(url));
        await waitForStatus(server.api, documentId, ['COMPLETED']);
        await smtp.waitFor(mailsTo('owner@example.com', /^Document completed: Aviso al dueño/));

        const quiet = await createPendingDocument(
          server.api,
          typicalPayload({ title: 'Sin aviso', meta: { emailSettings: { ownerDocumentCreated: false } } }),
          { distributionMethod: 'NONE' },
        );
        const expiring = await server.ctx.db
          .selectFrom('recipient')
          .select('id')
          .where('envelopeId', '=', quiet.documentId)
          .where('email', '=', 'ana@example.com')
          .executeTakeFirstOrThrow();
        await server.ctx.db
          .updateTable('recipient')
          .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', expiring.id)
          .execute();
        await expireRecipients(server.ctx);
        const [expired] = await smtp.waitFor(mailsTo('owner@example.com', /^Signing link expired: Sin aviso/));
        assert.match(String(expired!.text), /Ana García <ana@example\.com>/);
        assert.ok(
          !smtp.messages.some((m) => /Document created: Sin aviso/.test(String(m.subject))),
          'ownerDocumentCreated: false is honoured',
        );
      } finally {
        await setPlatformNotifyEmail(server.ctx, 'default', '-');
      }
    });

    test('distributionMethod NONE sends recipients nothing, from sending to completion', async () => {
      const before = smtp.messages.length;
      const { urls, documentId } = await createPendingDocument(server.api, typicalPayload({ title: 'Sin correo' }), {
        distributionMethod: 'NONE',
      });
      for (const url of urls.values()) assert.equal((await signAll(server.anon, tokenOf(url))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(smtp.messages.slice(before).filter((m) => /Sin correo/.test(String(m.subject))).length, 0);
    });
  });
}

describe('mail survives an SMTP outage and works without SMTP at all', () => {
  test('with the SMTP server down the mail waits in the outbox, and arrives once it is back', async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.stop();
    const server = await startTestServer({
      database: 'sqlite',
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, FIRMA_JOB_POLL_MS: '100' },
    });
    let smtp: SmtpSink | undefined;
    try {
      const created = await createDocument(server.api, typicalPayload({ title: 'Durante la caída' }));
      const distributed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id },
      });
      assert.equal(distributed.status, 200, 'distribution never waits for mail');
      for (let i = 0; i < 100; i++) {
        const failed = await server.ctx.db
          .selectFrom('job')
          .select('lastError')
          .where('kind', '=', 'mail.signing-request')
          .where('lastError', 'is not', null)
          .executeTakeFirst();
        if (failed) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const pending = await server.ctx.db
        .selectFrom('job')
        .select(['status', 'attempts', 'maxAttempts'])
        .where('kind', '=', 'mail.signing-request')
        .execute();
      assert.ok(
        pending.length === 2 && pending.every((j) => j.status === 'pending' && j.attempts >= 1),
        'the mails failed and wait to be retried',
      );
      assert.ok(
        pending.every((j) => j.maxAttempts >= 40),
        'mail is retried for more than a day',
      );
      smtp = await startSmtpSink(port);
      await smtp.waitFor((m) => /Durante la caída/.test(String(m.subject)), 2, 30_000);
    } finally {
      await server.close();
      await smtp?.stop();
    }
  });

  test('without SMTP_URL each mail is an .eml file in the data dir, and the log never shows the link', async () => {
    const server = await startTestServer({
      database: 'sqlite',
      captureLogs: true,
      env: { FIRMA_JOB_POLL_MS: '100', LOG_LEVEL: 'debug' },
    });
    try {
      const { urls } = await createPendingDocument(server.api, typicalPayload({ title: 'En archivo' }), {
        distributionMethod: 'EMAIL',
      });
      const dir = join(server.dataDir, 'mail');
      for (
        let i = 0;
        i < 100 && (!existsSync(dir) || readdirSync(dir).filter((f) => f.endsWith('.eml')).length < 2);
        i++
      )
        await new Promise((r) => setTimeout(r, 100));
      const files = readdirSync(dir);
      assert.equal(files.filter((f) => f.endsWith('.eml')).length, 2);
      assert.equal(files.filter((f) => f.endsWith('.tmp')).length, 0);
      const all = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
      assert.ok(all.includes(tokenOf(urls.get('ana@example.com')!)), 'the file carries the link');
      const logged = server.logs.join('');
      assert.match(logged, /mail written to file/, 'the log says where the mail went');
      for (const url of urls.values()) assert.ok(!logged.includes(tokenOf(url)), 'but never the link');
    } finally {
      await server.close();
    }
  });
});
