import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { createPendingDocument, createDocument, typicalPayload } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { setPlatformNotifyEmail } from '../../src/domain/mail/owner-notice.js';
import { MAIL_DICTIONARIES } from '../../src/domain/mail/i18n/index.js';

/**
 * Issue 35, item 6: the mails of meta.emailSettings Firma did not send: recipientSigned (to the
 * platform's owner address when a recipient finishes), documentPending (to a signer who finished
 * while others have not) and recipientRemoved (to a recipient removed from a PENDING document),
 * each in the document's language and each switched off by its setting.
 */
const en = MAIL_DICTIONARIES.en.kinds;

/** A third recipient to remove: an APPROVER needs neither fields nor an ID. */
function payloadWithDario(title: string, emailSettings?: Record<string, boolean>) {
  const p = typicalPayload({ title, ...(emailSettings ? { meta: { emailSettings } } : {}) });
  (p.recipients as unknown[]).push({ email: 'dario@example.com', name: 'Darío', role: 'APPROVER' });
  return p;
}

for (const database of testDatabases()) {
  describe(`emailSettings mails: recipientSigned, documentPending, recipientRemoved (${database})`, () => {
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

    const about = (to: string, title: string) => (m: ParsedMail) =>
      recipientOf(m) === to && String(m.subject).includes(title);

    const idOf = async (platform: TestServer['api'], documentId: number, email: string) => {
      const doc = await platform.get(`/api/v2/document/${documentId}`);
      return (doc.body.recipients as { id: number; email: string }[]).find((r) => r.email === email)!.id;
    };

    for (const language of ['es', 'ja'] as const) {
      test(`each is sent in ${language}, untranslated nowhere, with no signing link`, async () => {
        const t = MAIL_DICTIONARIES[language].kinds;
        const platform = await server.newPlatform();
        const owner = `owner-${language}@example.com`;
        await setPlatformNotifyEmail(server.ctx, platform.platformName, owner);
        const title = `Contrato ${language}`;
        const { documentId, urls } = await createPendingDocument(platform, payloadWithDario(title), {
          distributionMethod: 'EMAIL',
          language,
        });
        await smtp.waitFor(about('dario@example.com', title));

        const removed = await platform.post('/api/v2/envelope/recipient/delete', {
          json: { recipientId: await idOf(platform, documentId, 'dario@example.com') },
        });
        assert.equal(removed.status, 200, JSON.stringify(removed.body));
        const [removal] = await smtp.waitFor(
          (m) => about('dario@example.com', title)(m) && m.subject === t.recipientRemoved.subject(title),
        );
        assert.ok(String(removal!.text).includes(t.recipientRemoved.intro(title)), String(removal!.text));
        assert.ok(String(removal!.text).includes('Darío'));

        assert.equal((await signAll(platform, tokenOf(urls.get('ana@example.com')!))).status, 200);
        const [signed] = await smtp.waitFor(
          (m) => recipientOf(m) === owner && m.subject === t.recipientSigned.subject(title),
        );
        assert.ok(String(signed!.text).includes(t.recipientSigned.intro(title)));
        assert.ok(String(signed!.text).includes('Ana García <ana@example.com>'), String(signed!.text));
        const [pending] = await smtp.waitFor(
          (m) => about('ana@example.com', title)(m) && m.subject === t.documentPending.subject(title),
        );
        assert.ok(String(pending!.text).includes(t.documentPending.intro(title)));

        for (const m of [removal!, signed!, pending!]) {
          for (const kind of ['recipientRemoved', 'recipientSigned', 'documentPending'] as const) {
            assert.ok(!String(m.text).includes(en[kind].intro(title)), `English in a ${language} mail: ${m.text}`);
            assert.notEqual(m.subject, en[kind].subject(title));
          }
          assert.ok(!String(m.text).includes('/sign/') && !String(m.html).includes('/sign/'), 'no signing link');
        }

        assert.equal((await signAll(platform, tokenOf(urls.get('bruno@example.com')!))).status, 200);
        await waitForStatus(platform, documentId, ['COMPLETED']);
        await smtp.waitFor((m) => recipientOf(m) === owner && m.subject === t.recipientSigned.subject(title), 2);
        await smtp.waitFor(about('bruno@example.com', title), 2); // the invitation and the completion
        await new Promise((r) => setTimeout(r, 600));
        assert.equal(
          smtp.messages.filter(
            (m) => recipientOf(m) === 'bruno@example.com' && m.subject === t.documentPending.subject(title),
          ).length,
          0,
          'the last signer is not told to wait',
        );
      });
    }

    test('each setting switches its mail off; NONE sends none; a DRAFT recipient removed is told nothing', async () => {
      const platform = await server.newPlatform();
      const owner = 'owner-off@example.com';
      await setPlatformNotifyEmail(server.ctx, platform.platformName, owner);
      const title = 'Sin avisos';
      const { documentId, urls } = await createPendingDocument(
        platform,
        payloadWithDario(title, { recipientSigned: false, documentPending: false, recipientRemoved: false }),
        { distributionMethod: 'EMAIL', language: 'es' },
      );
      await smtp.waitFor(about('dario@example.com', title));
      const removed = await platform.post('/api/v2/envelope/recipient/delete', {
        json: { recipientId: await idOf(platform, documentId, 'dario@example.com') },
      });
      assert.equal(removed.status, 200);
      for (const email of ['ana@example.com', 'bruno@example.com'])
        assert.equal((await signAll(platform, tokenOf(urls.get(email)!))).status, 200);
      await waitForStatus(platform, documentId, ['COMPLETED']);
      await smtp.waitFor(about('ana@example.com', `Completado: ${title}`));

      const none = await createPendingDocument(platform, payloadWithDario('Sin correo'), {
        distributionMethod: 'NONE',
        language: 'es',
      });
      await platform.post('/api/v2/envelope/recipient/delete', {
        json: { recipientId: await idOf(platform, none.documentId, 'dario@example.com') },
      });
      await signAll(platform, tokenOf(none.urls.get('ana@example.com')!));

      const draft = await createDocument(platform, payloadWithDario('Borrador'));
      const draftRemoval = await platform.post('/api/v2/envelope/recipient/delete', {
        json: { recipientId: await idOf(platform, draft.body.id as number, 'dario@example.com') },
      });
      assert.equal(draftRemoval.status, 200);

      await new Promise((r) => setTimeout(r, 1500));
      const es = MAIL_DICTIONARIES.es.kinds;
      const unwanted = smtp.messages.filter((m) =>
        [title, 'Sin correo', 'Borrador'].some((x) =>
          [es.recipientRemoved, es.recipientSigned, es.documentPending].some((k) => m.subject === k.subject(x)),
        ),
      );
      assert.deepEqual(
        unwanted.map((m) => `${String(m.subject)} → ${recipientOf(m)}`),
        [],
      );
    });

    test('recipientRemoved only on a PENDING document: a DRAFT removal asks nothing of the worker', async () => {
      const platform = await server.newPlatform();
      const draft = await createDocument(platform, payloadWithDario('Solo borrador'));
      const before = await server.ctx.db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'mail.recipient-removed')
        .executeTakeFirstOrThrow();
      await platform.post('/api/v2/envelope/recipient/delete', {
        json: { recipientId: await idOf(platform, draft.body.id as number, 'dario@example.com') },
      });
      const afterCount = await server.ctx.db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'mail.recipient-removed')
        .executeTakeFirstOrThrow();
      assert.equal(Number(afterCount.n), Number(before.n));
    });
  });
}
