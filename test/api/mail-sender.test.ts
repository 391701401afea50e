import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { envelopeOf, recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { isCodeMail } from '../helpers/direct-link.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { setPlatformSenderName } from '../../src/domain/platforms/set-platform-sender-name.js';

/**
 * Issue 33, item 5: every mail a recipient gets says who sent the document, in its body (a sender
 * line, in the document's language) and in the From header's display name ("<sender> via Firma"),
 * and a sender name with quotes, a line break or accents cannot break or add a header.
 */
const FROM_ADDRESS = 'no-reply@firma.example';
const NASTY = 'Estudio "Pérez" & Asoc.\r\nBcc: intruso@example.com';
const NASTY_ONE_LINE = 'Estudio "Pérez" & Asoc. Bcc: intruso@example.com';

const fromOf = (m: ParsedMail) => m.from?.value[0];
const rawHeader = (m: ParsedMail, key: string) => m.headerLines.filter((h) => h.key === key).map((h) => h.line);

function assertNamesSender(m: ParsedMail, sender: string, line: string, what: string) {
  assert.deepEqual(fromOf(m), { name: `${sender} via Firma`, address: FROM_ADDRESS }, `${what}: From`);
  assert.ok(String(m.text).split('\n').includes(line), `${what}: the text names the sender: ${m.text}`);
  assert.ok(String(m.html).includes('>' + escape(line) + '<'), `${what}: the HTML names the sender`);
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

for (const database of testDatabases()) {
  describe(`mails name who sent the document (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', FIRMA_MAIL_FROM: `Firma <${FROM_ADDRESS}>` },
      });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const mailTo = (email: string, subject: RegExp) => (m: ParsedMail) =>
      recipientOf(m) === email && subject.test(String(m.subject));

    test('invitation, completion and CC copy name the platform in the body and in From; Reply-To is meta.emailReplyTo', async () => {
      const platform = await server.newPlatform('Estudio Norte');
      const { documentId, urls } = await createPendingDocument(
        platform,
        typicalPayload({ title: 'Contrato remitente' }),
        { distributionMethod: 'EMAIL', language: 'es', emailReplyTo: 'legales@norte.example' },
      );
      for (const email of ['ana@example.com', 'bruno@example.com']) {
        const [invitation] = await smtp.waitFor(mailTo(email, /^Revise y firme: Contrato remitente/));
        assertNamesSender(invitation!, 'Estudio Norte', 'Remitente: Estudio Norte', `invitation to ${email}`);
        assert.equal(invitation!.replyTo?.value[0]?.address, 'legales@norte.example');
      }
      for (const email of ['ana@example.com', 'bruno@example.com'])
        assert.equal((await signAll(platform, tokenOf(urls.get(email)!))).status, 200);
      await waitForStatus(platform, documentId, ['COMPLETED']);
      for (const email of ['ana@example.com', 'bruno@example.com', 'carla@example.com']) {
        const [completed] = await smtp.waitFor(mailTo(email, /^Completado: Contrato remitente/));
        assertNamesSender(completed!, 'Estudio Norte', 'Remitente: Estudio Norte', `completion to ${email}`);
      }
    });

    test('the verification code mail names the sender too', async () => {
      const platform = await server.newPlatform('Escribanía Sur');
      const payload = typicalPayload({ title: 'Poder con código' });
      Object.assign(payload.recipients[0]!, { email: 'dora@example.com', accessAuth: ['TWO_FACTOR_AUTH'] });
      const { urls } = await createPendingDocument(platform, payload, { distributionMethod: 'NONE', language: 'en' });
      const asked = await server.anon.post(
        `/api/v2/signing/${tokenOf(urls.get('dora@example.com')!)}/verification/code`,
      );
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      const [code] = await smtp.waitFor(mailTo('dora@example.com', /verification code/));
      assertNamesSender(code!, 'Escribanía Sur', 'Sender: Escribanía Sur', 'code mail');
    });

    test('the direct-link code mail names the platform of the template', async () => {
      const platform = await server.newPlatform('Inmobiliaria Este');
      const t = await createDirectTemplate(platform);
      const link = await platform.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      const asked = await server.anon.post(`/api/v2/direct/${link.body.token as string}/code`, {
        json: { email: 'visita@example.com' },
      });
      assert.equal(asked.status, 200, JSON.stringify(asked.body));
      const [code] = await smtp.waitFor((m) => isCodeMail(m, 'visita@example.com'));
      assertNamesSender(code!, 'Inmobiliaria Este', 'Sender: Inmobiliaria Este', 'direct-link code mail');
    });

    test('a sender name with quotes, a line break and accents is encoded in From, adds no header, reads as written', async () => {
      const platform = await server.newPlatform('Estudio Perez');
      assert.equal(await setPlatformSenderName(server.ctx, platform.platformName, NASTY), NASTY_ONE_LINE);
      const { envelopeId } = await createPendingDocument(platform, typicalPayload({ title: 'Contrato comillas' }), {
        distributionMethod: 'EMAIL',
        language: 'es',
      });
      const [invitation] = await smtp.waitFor(mailTo('ana@example.com', /Contrato comillas/));
      assertNamesSender(invitation!, NASTY_ONE_LINE, `Remitente: ${NASTY_ONE_LINE}`, 'invitation');
      const [from] = rawHeader(invitation!, 'from');
      assert.match(from!, /^From: [\x20-\x7e\r\n\t]+$/, `the From header is ASCII, the name encoded: ${from}`);
      assert.doesNotMatch(from!, /Pérez/);
      assert.equal(rawHeader(invitation!, 'bcc').length, 0, 'no Bcc header');
      assert.equal(invitation!.headers.has('bcc'), false);
      assert.deepEqual(envelopeOf(invitation!)?.rcptTo, ['ana@example.com'], 'sent to the recipient alone');
      assert.equal(invitation!.to && !Array.isArray(invitation!.to) ? invitation!.to.value.length : 0, 1);

      const cancel = await platform.post('/api/v2/envelope/cancel', { json: { envelopeId } });
      assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
      const [cancelled] = await smtp.waitFor(mailTo('ana@example.com', /^Cancelado: Contrato comillas/));
      assertNamesSender(cancelled!, NASTY_ONE_LINE, `Remitente: ${NASTY_ONE_LINE}`, 'cancellation');
    });

    test('the bootstrap platform: From as configured and no sender line until it has a sender name; - removes it', async () => {
      await createPendingDocument(server.api, typicalPayload({ title: 'Sin remitente' }), {
        distributionMethod: 'EMAIL',
        language: 'es',
      });
      const [plain] = await smtp.waitFor(mailTo('ana@example.com', /Sin remitente/));
      assert.deepEqual(fromOf(plain!), { name: 'Firma', address: FROM_ADDRESS });
      assert.doesNotMatch(String(plain!.text), /Remitente:/);

      assert.equal(await setPlatformSenderName(server.ctx, 'default', '  Inmobiliaria Río  '), 'Inmobiliaria Río');
      await createPendingDocument(server.api, typicalPayload({ title: 'Con remitente' }), {
        distributionMethod: 'EMAIL',
        language: 'es',
      });
      const [named] = await smtp.waitFor(mailTo('ana@example.com', /Con remitente/));
      assertNamesSender(named!, 'Inmobiliaria Río', 'Remitente: Inmobiliaria Río', 'named default platform');

      assert.equal(await setPlatformSenderName(server.ctx, 'default', '-'), null);
      await createPendingDocument(server.api, typicalPayload({ title: 'Otra vez sin' }), {
        distributionMethod: 'EMAIL',
        language: 'es',
      });
      const [again] = await smtp.waitFor(mailTo('ana@example.com', /Otra vez sin/));
      assert.deepEqual(fromOf(again!), { name: 'Firma', address: FROM_ADDRESS });
    });

    test('an empty or over-long sender name, or an unknown platform, is refused and changes nothing', async () => {
      const platform = await server.newPlatform('Estudio Oeste');
      await setPlatformSenderName(server.ctx, platform.platformName, 'Estudio Oeste SRL');
      const refusals: [string, string, string][] = [
        [platform.platformName, ' \r\n\t ', 'VALIDATION_ERROR'],
        [platform.platformName, 'x'.repeat(101), 'VALIDATION_ERROR'],
        ['no-such-platform', 'Alguien', 'NOT_FOUND'],
      ];
      for (const [name, value, code] of refusals)
        await assert.rejects(setPlatformSenderName(server.ctx, name, value), (e: { code?: string }) => e.code === code);
      await createPendingDocument(platform, typicalPayload({ title: 'Tras rechazos' }), {
        distributionMethod: 'EMAIL',
        language: 'es',
      });
      const [mail] = await smtp.waitFor(mailTo('ana@example.com', /Tras rechazos/));
      assertNamesSender(mail!, 'Estudio Oeste SRL', 'Remitente: Estudio Oeste SRL', 'after the refusals');
      // The bound counts characters, not UTF-16 units.
      assert.equal(await setPlatformSenderName(server.ctx, platform.platformName, 'é'.repeat(100)), 'é'.repeat(100));
    });
  });
}
