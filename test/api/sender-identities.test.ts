import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { MAIL_DICTIONARIES } from '../../src/domain/mail/i18n/index.js';

/**
 * Issue 35, item 7: a platform registers sender addresses, each verified by a code mailed to it;
 * a document's meta.emailId picks a verified one of the same platform: its mails carry the
 * sender's name, with Reply-To its address (From its address too under FIRMA_MAIL_SENDER_FROM=identity).
 */
const FROM_ADDRESS = 'no-reply@firma.example';
type Client = Awaited<ReturnType<TestServer['newPlatform']>>;

const codeIn = (m: ParsedMail): string => /\b(\d{6})\b/.exec(String(m.text))![1]!;
const isCodeMailTo =
  (email: string, language: 'en' | 'es' = 'en') =>
  (m: ParsedMail) =>
    recipientOf(m) === email && m.subject === MAIL_DICTIONARIES[language].kinds.senderVerification.subject(email);

for (const database of testDatabases()) {
  describe(`sender identities (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        captureLogs: true,
        env: {
          SMTP_URL: smtp.url,
          FIRMA_JOB_POLL_MS: '100',
          LOG_LEVEL: 'debug',
          FIRMA_MAIL_FROM: `Firma <${FROM_ADDRESS}>`,
        },
      });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const addSender = async (platform: Client, typed: string, extra: Record<string, unknown> = {}) => {
      const email = typed.toLowerCase();
      const added = await platform.post('/api/v2/platform/sender', { json: { email: typed, ...extra } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const [mail] = await smtp
        .waitFor(
          isCodeMailTo(email, (extra.language as 'es' | undefined) ?? 'en'),
          smtp.messages.filter(isCodeMailTo(email, (extra.language as 'es' | undefined) ?? 'en')).length + 1,
        )
        .then((all) => all.slice(-1));
      return { id: added.body.id as string, code: codeIn(mail!), mail: mail!, body: added.body };
    };
    const senderRow = (id: string) =>
      server.ctx.db.selectFrom('senderIdentity').selectAll().where('id', '=', id).executeTakeFirst();

    test('add → code mailed → verify → documents naming it mail with its name and Reply-To; the code is in no log', async () => {
      const platform = await server.newPlatform();
      const { id, code, mail, body } = await addSender(platform, 'Legales@Norte.example', {
        name: 'Estudio Norte',
        language: 'es',
      });
      assert.match(id, /^sender_/);
      assert.equal(body.email, 'legales@norte.example');
      assert.equal(body.verified, false);
      assert.deepEqual(mail.from?.value[0]?.address, FROM_ADDRESS, 'the code mail goes from FIRMA_MAIL_FROM');
      assert.ok(String(mail.text).includes(MAIL_DICTIONARIES.es.code(code)), 'in the language asked');
      const row = await senderRow(id);
      assert.ok(row?.codeHash && !row.codeHash.includes(code), 'kept as a slow hash');

      const wrong = await platform.post(`/api/v2/platform/sender/${id}/verify`, {
        json: { code: code === '000000' ? '111111' : '000000' },
      });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.code, 'VERIFICATION_CODE_INVALID');
      assert.equal((await senderRow(id))?.verifiedAt, null, 'a wrong code verifies nothing');

      const unverifiedUse = await createDocument(platform, typicalPayload({ meta: { emailId: id } }));
      assert.equal(unverifiedUse.status, 400);
      assert.equal(unverifiedUse.body.code, 'EMAIL_SENDER_NOT_VERIFIED');
      assert.deepEqual(unverifiedUse.body.issues[0].path, ['payload', 'meta', 'emailId']);

      const verified = await platform.post(`/api/v2/platform/sender/${id}/verify`, { json: { code } });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      assert.equal(verified.body.verified, true);
      const again = await platform.post('/api/v2/platform/sender', { json: { email: 'legales@norte.example' } });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'ALREADY_EXISTS');

      const listed = await platform.get('/api/v2/platform/sender');
      assert.equal(listed.status, 200);
      assert.deepEqual(
        (listed.body.data as { id: string; verified: boolean }[]).map((s) => [s.id, s.verified]),
        [[id, true]],
      );
      assert.ok(!JSON.stringify(listed.body).includes('codeHash'));

      await createPendingDocument(platform, typicalPayload({ title: 'Con remitente', meta: { emailId: id } }), {
        distributionMethod: 'EMAIL',
        language: 'es',
      });
      const [invitation] = await smtp.waitFor(
        (m) => recipientOf(m) === 'ana@example.com' && /Con remitente/.test(String(m.subject)),
      );
      assert.deepEqual(invitation!.from?.value[0], { name: 'Estudio Norte via Firma', address: FROM_ADDRESS });
      assert.equal(invitation!.replyTo?.value[0]?.address, 'legales@norte.example');
      assert.ok(String(invitation!.text).includes('Remitente: Estudio Norte'));

      const logs = server.logs.join('');
      assert.ok(logs.length > 1000, 'logging ran');
      assert.ok(!logs.includes(code), 'the code is in no log line');
    });

    test('an expired code and too many tries verify nothing; a new code is refused within a minute', async () => {
      const platform = await server.newPlatform();
      const late = await addSender(platform, 'tarde@example.com');
      await server.ctx.db
        .updateTable('senderIdentity')
        .set({ codeExpiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', late.id)
        .execute();
      const expired = await platform.post(`/api/v2/platform/sender/${late.id}/verify`, { json: { code: late.code } });
      assert.equal(expired.status, 400);
      assert.equal(expired.body.code, 'VERIFICATION_CODE_EXPIRED');
      assert.equal((await senderRow(late.id))?.verifiedAt, null);

      const resend = await platform.post('/api/v2/platform/sender', { json: { email: 'tarde@example.com' } });
      assert.equal(resend.status, 429);
      assert.equal(resend.body.code, 'VERIFICATION_RESEND_LIMIT');
      assert.ok(Number(resend.headers.get('retry-after')) > 0);

      const guessed = await addSender(platform, 'adivina@example.com');
      const wrong = guessed.code === '000000' ? '111111' : '000000';
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await platform.post(`/api/v2/platform/sender/${guessed.id}/verify`, { json: { code: wrong } });
        assert.equal(r.status, 400);
        answers.push(r.body.code as string);
      }
      assert.deepEqual(answers, [...Array(4).fill('VERIFICATION_CODE_INVALID'), 'VERIFICATION_CODE_LOCKED']);
      const right = await platform.post(`/api/v2/platform/sender/${guessed.id}/verify`, {
        json: { code: guessed.code },
      });
      assert.equal(right.status, 400);
      assert.equal(right.body.code, 'VERIFICATION_CODE_LOCKED');
      assert.equal((await senderRow(guessed.id))?.verifiedAt, null);

      const malformed = await platform.post(`/api/v2/platform/sender/${guessed.id}/verify`, { json: { code: '12ab' } });
      assert.equal(malformed.status, 400);
      assert.equal(malformed.body.code, 'VALIDATION_ERROR');
      const bad = await platform.post('/api/v2/platform/sender', { json: { email: 'not an address' } });
      assert.equal(bad.status, 400);
    });

    test('another platform’s sender: unknown everywhere, and left as it was', async () => {
      const owner = await server.newPlatform();
      const other = await server.newPlatform();
      const { id, code } = await addSender(owner, 'propio@example.com');
      const before = await senderRow(id);

      const verify = await other.post(`/api/v2/platform/sender/${id}/verify`, { json: { code } });
      assert.equal(verify.status, 404);
      const removed = await other.post(`/api/v2/platform/sender/${id}/delete`);
      assert.equal(removed.status, 404);
      const removedHttp = await other.delete(`/api/v2/platform/sender/${id}`);
      assert.equal(removedHttp.status, 404);
      assert.deepEqual((await other.get('/api/v2/platform/sender')).body.data, []);
      assert.deepEqual(await senderRow(id), before, 'nothing changed: no try spent, not verified, not removed');

      assert.equal((await owner.post(`/api/v2/platform/sender/${id}/verify`, { json: { code } })).status, 200);
      const created = await createDocument(other, typicalPayload({ meta: { emailId: id } }));
      assert.equal(created.status, 400);
      assert.equal(created.body.code, 'EMAIL_SENDER_UNKNOWN');
      const listed = await other.get('/api/v2/document');
      assert.equal(listed.body.count ?? listed.body.data?.length ?? 0, 0, 'no document was made');

      const draft = await createDocument(other, typicalPayload());
      assert.equal(draft.status, 200);
      const update = await other.post('/api/v2/document/update', {
        json: { documentId: draft.body.id, meta: { emailId: id } },
      });
      assert.equal(update.status, 400);
      assert.equal(update.body.code, 'EMAIL_SENDER_UNKNOWN');
      const distribute = await other.post('/api/v2/document/distribute', {
        json: { documentId: draft.body.id, meta: { emailId: id } },
      });
      assert.equal(distribute.status, 400);
      assert.equal(distribute.body.code, 'EMAIL_SENDER_UNKNOWN');
      const doc = await other.get(`/api/v2/document/${draft.body.id}`);
      assert.equal(doc.body.status, 'DRAFT');
      assert.equal(doc.body.documentMeta?.emailId ?? null, null);
    });

    test('a removed sender: distribute refuses a draft naming it; mails of sent documents go from FIRMA_MAIL_FROM', async () => {
      const platform = await server.newPlatform();
      const { id, code } = await addSender(platform, 'se-va@example.com', { name: 'Se Va' });
      assert.equal((await platform.post(`/api/v2/platform/sender/${id}/verify`, { json: { code } })).status, 200);
      const draft = await createDocument(platform, typicalPayload({ meta: { emailId: id } }));
      assert.equal(draft.status, 200, JSON.stringify(draft.body));
      const removed = await platform.delete(`/api/v2/platform/sender/${id}`);
      assert.equal(removed.status, 200);
      assert.deepEqual((await platform.get('/api/v2/platform/sender')).body.data, []);
      const distribute = await platform.post('/api/v2/document/distribute', {
        json: { documentId: draft.body.id, meta: { distributionMethod: 'EMAIL' } },
      });
      assert.equal(distribute.status, 400);
      assert.equal(distribute.body.code, 'EMAIL_SENDER_UNKNOWN');
      assert.equal((await platform.get(`/api/v2/document/${draft.body.id}`)).body.status, 'DRAFT');
    });
  });
}

describe('FIRMA_MAIL_SENDER_FROM=identity: From is the sender’s own address', () => {
  let server: TestServer;
  let smtp: SmtpSink;
  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({
      database: 'sqlite',
      env: {
        SMTP_URL: smtp.url,
        FIRMA_JOB_POLL_MS: '100',
        FIRMA_MAIL_FROM: `Firma <${FROM_ADDRESS}>`,
        FIRMA_MAIL_SENDER_FROM: 'identity',
      },
    });
  });
  after(async () => {
    await server?.close();
    await smtp?.stop();
  });

  test('invitation From: "<name>" <sender address>, Reply-To the sender', async () => {
    const platform = await server.newPlatform();
    const added = await platform.post('/api/v2/platform/sender', {
      json: { email: 'firmas@sur.example', name: 'Escribanía Sur' },
    });
    assert.equal(added.status, 200);
    const [mail] = await smtp.waitFor(isCodeMailTo('firmas@sur.example'));
    assert.equal(mail!.from?.value[0]?.address, FROM_ADDRESS, 'the code itself never goes from the unverified address');
    const id = added.body.id as string;
    const verified = await platform.post(`/api/v2/platform/sender/${id}/verify`, { json: { code: codeIn(mail!) } });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    await createPendingDocument(platform, typicalPayload({ title: 'Desde el sur', meta: { emailId: id } }), {
      distributionMethod: 'EMAIL',
    });
    const [invitation] = await smtp.waitFor(
      (m) => recipientOf(m) === 'ana@example.com' && /Desde el sur/.test(String(m.subject)),
    );
    assert.deepEqual(invitation!.from?.value[0], { name: 'Escribanía Sur', address: 'firmas@sur.example' });
    assert.equal(invitation!.replyTo?.value[0]?.address, 'firmas@sur.example');
  });
});
