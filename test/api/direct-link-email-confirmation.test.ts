import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setPlatformNotifyEmail } from '../../src/domain/mail/owner-notice.js';
import { CUIL_B } from '../helpers/documents.js';
import { directLinkCode, isCodeMail } from '../helpers/direct-link.js';
import { signAll } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const CUIL = '27-00000000-6';

for (const database of testDatabases()) {
  describe(`a direct link mails only a confirmed visitor (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        worker: false,
        env: {
          SMTP_URL: smtp.url,
          FIRMA_DIRECT_LINK_RATE_LIMIT_PER_MINUTE: '1000',
          FIRMA_DIRECT_LINK_USES_PER_HOUR: '3',
        },
      });
      await setPlatformNotifyEmail(server.ctx, 'default', 'owner@example.com');
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    /** Runs every queued job (mails) now. */
    const drain = async () => {
      while ((await server.worker.drain()) > 0);
    };
    const newLink = async () => {
      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      await drain();
      return { ...t, token: link.body.token as string };
    };
    const use = (token: string, json: Record<string, unknown>) => server.anon.post(`/api/v2/direct/${token}`, { json });
    const askCode = (token: string, email: string) =>
      directLinkCode(server.anon, smtp, token, email, { afterRequest: drain });

    test('without a confirmed code nothing is made and nobody is mailed: no code, a guessed one, another address’s', async () => {
      const { token } = await newLink();
      const envelopes = await countRows(server, 'envelope');
      const mails = smtp.messages.length;
      const missing = await use(token, { name: 'Ana', email: 'victim@example.com', cuil: CUIL });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.code, 'VALIDATION_ERROR');
      assert.equal(missing.body.issues[0].path.at(-1), 'code');
      const guessed = await use(token, { name: 'Ana', email: 'victim@example.com', cuil: CUIL, code: '123456' });
      assert.equal(guessed.status, 400, JSON.stringify(guessed.body));
      assert.equal(guessed.body.code, 'VERIFICATION_CODE_EXPIRED');
      // A code confirms only the address it was mailed to.
      const mine = await askCode(token, 'attacker@example.com');
      const borrowed = await use(token, { name: 'Ana', email: 'victim@example.com', cuil: CUIL, code: mine });
      assert.equal(borrowed.status, 400);
      assert.equal(borrowed.body.code, 'VERIFICATION_CODE_EXPIRED');
      await drain();
      assert.equal(await countRows(server, 'envelope'), envelopes, 'no document');
      const sent = smtp.messages.slice(mails).map(recipientOf);
      assert.deepEqual(sent, ['attacker@example.com'], 'only the code, to the address that asked for it');
    });

    test('asking for a code with a bad body is a 400 naming the member; nothing is mailed or stored', async () => {
      const { token } = await newLink();
      const challenges = await countRows(server, 'directLinkChallenge');
      const mails = smtp.messages.length;
      const code = (json: unknown) =>
        server.anon.post(`/api/v2/direct/${token}/code`, { json: json as Record<string, unknown> });
      for (const [body, member] of [
        [{}, 'email'],
        [{ email: 'not an address' }, 'email'],
        [{ email: 'a@example.com\r\nBcc: victim@example.com' }, 'email'],
        [{ email: 42 }, 'email'],
      ] as const) {
        const res = await code(body);
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, 'VALIDATION_ERROR');
        assert.equal(res.body.issues[0].path.at(-1), member);
      }
      const notJson = await server.anon.post(`/api/v2/direct/${token}/code`, {
        body: 'email=a@example.com',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(notJson.status, 400);
      const unknown = await server.anon.post('/api/v2/direct/no-such-link/code', { json: { email: 'a@example.com' } });
      assert.equal(unknown.status, 404);
      await drain();
      assert.equal(await countRows(server, 'directLinkChallenge'), challenges, 'no challenge stored');
      assert.equal(smtp.messages.length, mails, 'nobody mailed');
    });

    test('with the code: the document is made once and the visitor signs; the code does not work twice', async () => {
      const { token } = await newLink();
      const code = await askCode(token, 'Carla@Example.com');
      const envelopes = await countRows(server, 'envelope');
      const used = await use(token, { name: 'Carla Gómez', email: 'carla@example.com', cuil: CUIL, code });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      const doc = (await server.api.get(`/api/v2/document/${used.body.documentId as number}`)).body;
      assert.ok(doc.recipients.some((r: { email: string }) => r.email === 'carla@example.com'));
      assert.equal((await signAll(server.anon, used.body.token as string)).status, 200);
      const again = await use(token, { name: 'Carla Gómez', email: 'carla@example.com', cuil: CUIL, code });
      assert.equal(again.status, 400);
      assert.equal(again.body.code, 'VERIFICATION_CODE_EXPIRED');
      assert.equal(await countRows(server, 'envelope'), envelopes + 1);
    });

    test('a wrong code spends a try; after five the right one no longer works; an expired code is refused', async () => {
      const { token } = await newLink();
      const code = await askCode(token, 'dana@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      const envelopes = await countRows(server, 'envelope');
      const visitor = { name: 'Dana', email: 'dana@example.com', cuil: CUIL };
      for (const left of [4, 3, 2, 1]) {
        const res = await use(token, { ...visitor, code: wrong });
        assert.equal(res.status, 400);
        assert.equal(res.body.code, 'VERIFICATION_CODE_INVALID');
        assert.match(res.body.message, new RegExp(`${left} tries left`));
      }
      const fifth = await use(token, { ...visitor, code: wrong });
      assert.equal(fifth.body.code, 'VERIFICATION_CODE_LOCKED');
      const right = await use(token, { ...visitor, code });
      assert.equal(right.status, 400);
      assert.equal(right.body.code, 'VERIFICATION_CODE_LOCKED', 'the right code after the last try');

      const late = await askCode(token, 'emil@example.com');
      const clock = server.ctx.clock;
      server.ctx.clock = () => new Date(Date.now() + 11 * 60_000);
      try {
        const expired = await use(token, { ...visitor, email: 'emil@example.com', code: late });
        assert.equal(expired.status, 400);
        assert.equal(expired.body.code, 'VERIFICATION_CODE_EXPIRED');
      } finally {
        server.ctx.clock = clock;
      }
      assert.equal(await countRows(server, 'envelope'), envelopes, 'nothing was made');
    });

    test('a link mails at most FIRMA_DIRECT_LINK_USES_PER_HOUR codes (429 with a code, no mail); an address at most five', async () => {
      const first = await newLink();
      for (const n of [1, 2, 3]) await askCode(first.token, `v${n}@example.com`);
      const mails = smtp.messages.length;
      const refused = await server.anon.post(`/api/v2/direct/${first.token}/code`, {
        json: { email: 'v4@example.com' },
      });
      assert.equal(refused.status, 429, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'DIRECT_LINK_LIMIT_REACHED');
      const retry = Number(refused.headers.get('retry-after'));
      assert.ok(retry > 3000 && retry <= 3600, `Retry-After ${retry}`);
      await drain();
      assert.equal(smtp.messages.length, mails, 'nothing mailed');

      // Another link has its own budget; one address has five codes an hour over all links.
      const second = await newLink();
      const third = await newLink();
      for (let n = 0; n < 5; n++) await askCode(n < 3 ? second.token : third.token, 'same@example.com');
      const flood = await server.anon.post(`/api/v2/direct/${third.token}/code`, {
        json: { email: 'SAME@example.com' },
      });
      assert.equal(flood.status, 429);
      assert.equal(flood.body.code, 'VERIFICATION_RESEND_LIMIT');
      await drain();
      assert.equal(smtp.messages.filter((m) => isCodeMail(m, 'same@example.com')).length, 5);
    });

    test('no visitor text in mail to anyone else: the owner sees the confirmed address, others never the name or a reason', async () => {
      const { token } = await newLink();
      const name = 'Win a prize at http://evil.example';
      const reason = 'Call +1 555 0100 at http://evil.example';
      const code = await askCode(token, 'eve@example.com');
      const mails = smtp.messages.length;
      const used = await use(token, { name, email: 'eve@example.com', cuil: CUIL_B, code });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      const rejected = await server.anon.post(`/api/v2/signing/${used.body.token as string}/reject`, {
        json: { reason },
      });
      assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
      await drain();
      const sent = smtp.messages.slice(mails);
      const others = sent.filter((m) => recipientOf(m) !== 'eve@example.com');
      assert.ok(others.some((m) => recipientOf(m) === 'landlord@example.com'));
      const owner = others.find((m) => recipientOf(m) === 'owner@example.com');
      assert.match(owner?.text ?? '', /eve@example\.com/, 'the owner learns the confirmed address');
      for (const m of others)
        for (const part of [m.subject ?? '', m.text ?? '', typeof m.html === 'string' ? m.html : ''])
          assert.ok(!part.includes('evil.example'), `visitor text mailed to ${recipientOf(m)}: ${m.subject}`);
    });
  });
}
