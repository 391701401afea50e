import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { createDocument, CUIL_A, typicalPayload } from '../helpers/documents.js';
import { envelopeOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { createRentalTemplate } from '../helpers/templates.js';

/**
 * What is recorded is what is delivered: nodemailer reads a `to` string as an address list, so
 * `a,b@example.com` was recorded and the mail went to `b@example.com`. Every member taking an
 * address refuses one the mailer would not send as written (400 naming the member), and a valid
 * but unusual one reaches the SMTP server (RCPT TO and To header) exactly as recorded.
 */
const REFUSED = [
  'a,b@example.com',
  'a;b@example.com',
  '<a>@example.com',
  '"a b"@example.com',
  'a b@example.com',
  'a\tb@example.com',
  'a\u0001b@example.com',
  'a\u007fb@example.com',
  'a(b)@example.com',
  'a[b]@example.com',
  'a\\b@example.com',
  'a:b@example.com',
  '.a@example.com',
  'a..b@example.com',
  'a.@example.com',
  '=?utf-8?q?x?=@example.com',
  'a@exa mple.com',
  'a@-example.com',
  'a@example',
  'a@exámple.com',
  'a@b@example.com',
  'ana@example.com, eve@evil.example',
];

function assertRefused(res: { status: number; body: any }, member: RegExp, address: string): void {
  assert.equal(res.status, 400, `${JSON.stringify(address)} was accepted: ${JSON.stringify(res.body)}`);
  assert.equal(res.body.code, 'VALIDATION_ERROR', JSON.stringify(res.body));
  assert.ok(
    (res.body.issues ?? []).some((i: { path: unknown[] }) => member.test(i.path.join('.'))),
    `${JSON.stringify(address)}: no issue names ${member}: ${JSON.stringify(res.body.issues)}`,
  );
}

for (const database of testDatabases()) {
  describe(`e-mail addresses are delivered as recorded (${database})`, () => {
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

    test('document/create refuses them in recipients and in meta.emailReplyTo, creating nothing', async () => {
      const before = await countRows(server, 'envelope');
      for (const email of REFUSED) {
        const payload = typicalPayload();
        payload.recipients[0]!.email = email;
        assertRefused(await createDocument(server.api, payload), /^payload\.recipients\.0\.email$/, email);
        const replyTo = await createDocument(server.api, typicalPayload({ meta: { emailReplyTo: email } }));
        assertRefused(replyTo, /^payload\.meta\.emailReplyTo$/, email);
      }
      assert.equal(await countRows(server, 'envelope'), before);
    });

    test('recipient create and update refuse them and change nothing', async () => {
      const created = await createDocument(server.api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelopeId = created.body.envelopeId as string;
      const snapshot = async () => (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body.recipients;
      const recipients = await snapshot();
      for (const email of REFUSED) {
        const add = await server.api.post('/api/v2/envelope/recipient/create-many', {
          json: { envelopeId, data: [{ email, name: 'Eve', role: 'SIGNER' }] },
        });
        assertRefused(add, /^body\.data\.0\.email$/, email);
        const update = await server.api.post('/api/v2/envelope/recipient/update-many', {
          json: { envelopeId, data: [{ id: recipients[0].id, email }] },
        });
        assertRefused(update, /^body\.data\.0\.email$/, email);
      }
      assert.deepEqual(await snapshot(), recipients);
    });

    test('template use and v1 create refuse them', async () => {
      const template = await createRentalTemplate(server.api);
      const before = await countRows(server, 'envelope');
      for (const email of REFUSED) {
        const used = await server.api.post('/api/v2/template/use', {
          json: { templateId: template.templateId, recipients: [{ id: template.landlord, email, name: 'Ana' }] },
        });
        assertRefused(used, /^body\.recipients\.0\.email$/, email);
        const v1 = await server.api.post('/api/v1/documents', {
          json: { title: 'v1', recipients: [{ name: 'Ana', email, role: 'SIGNER', cuil: CUIL_A }] },
        });
        assert.equal(v1.status, 400, `${JSON.stringify(email)} was accepted by v1: ${JSON.stringify(v1.body)}`);
        assert.match(JSON.stringify(v1.body), /recipients\.0\.email/);
      }
      assert.equal(await countRows(server, 'envelope'), before);
    });

    test('an unusual but valid address is recorded, sent (RCPT TO) and addressed (To) the same', async () => {
      const unusual = ["o'brien+tag@sub.example.com", 'a.b!#$%&*/?=^_`{|}~-z@mail-1.example.com'];
      const payload = typicalPayload({ meta: { emailReplyTo: 'reply.to+x@example.com' } });
      payload.recipients[0]!.email = unusual[0]!;
      payload.recipients[1]!.email = unusual[1]!;
      const created = await createDocument(server.api, payload);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const distributed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id },
      });
      assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
      const recorded = (await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`)).body.recipients.map(
        (r: { email: string }) => r.email,
      );
      assert.deepEqual(recorded.slice(0, 2), unusual);
      for (const address of unusual) {
        const [mail] = await smtp.waitFor((m) => envelopeOf(m)?.rcptTo.includes(address) ?? false);
        assert.deepEqual(envelopeOf(mail!)!.rcptTo, [address]);
        const to = mail!.headerLines.find((h) => h.key === 'to')?.line;
        assert.equal(to, `To: ${address}`);
        const replyTo = mail!.headerLines.find((h) => h.key === 'reply-to')?.line;
        assert.equal(replyTo, 'Reply-To: reply.to+x@example.com');
      }
    });
  });
}
