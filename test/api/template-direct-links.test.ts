import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setPlatformNotifyEmail } from '../../src/domain/mail/owner-notice.js';
import { redactUrl } from '../../src/infra/logger.js';
import { CUIL_B } from '../helpers/documents.js';
import { directLinkCode } from '../helpers/direct-link.js';
import { signAll, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { createDirectTemplate, createRentalTemplate } from '../helpers/templates.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { inOneRateWindow } from '../helpers/rate-window.js';

/** A visitor with a made-up code: refused before the code counts (unknown or disabled link, bad CUIL). */
const visitor = { name: 'Carla Gómez', email: 'carla@example.com', cuil: CUIL_B, code: '000000' };
/** CUIL_B with its last digit changed: right shape, wrong check digit. */
const WRONG_CHECK_DIGIT = `${CUIL_B.slice(0, 10)}${(Number(CUIL_B[10]) + 1) % 10}`;

for (const database of testDatabases()) {
  describe(`template direct links: the API, the public page and a visitor's document (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({
        database,
        env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100', FIRMA_DIRECT_LINK_RATE_LIMIT_PER_MINUTE: '1000' },
      });
      await setPlatformNotifyEmail(server.ctx, 'default', 'owner@example.com');
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const auditCount = async (envelopeId: string) =>
      (await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`)).body.count as number;

    test('create refuses what a visitor could not use, and another platform’s template is a 404 with nothing changed', async () => {
      const rental = await createRentalTemplate(server.api, 'Plantilla sin correos');
      const incomplete = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: rental.templateId, directRecipientId: rental.tenant },
      });
      assert.equal(incomplete.status, 400, JSON.stringify(incomplete.body));
      assert.equal(incomplete.body.code, 'DIRECT_LINK_TEMPLATE_INCOMPLETE');
      assert.ok(incomplete.body.issues.some((i: { path: unknown[] }) => i.path.join('.') === 'recipients.0.email'));

      const t = await createDirectTemplate(server.api);
      const unknownRecipient = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: rental.tenant },
      });
      assert.equal(unknownRecipient.status, 400);
      assert.equal(unknownRecipient.body.code, 'TEMPLATE_RECIPIENT_NOT_FOUND');

      const sequential = await server.api.post('/api/v2/template/update', {
        json: { templateId: t.templateId, meta: { signingOrder: 'SEQUENTIAL' } },
      });
      assert.equal(sequential.status, 200, JSON.stringify(sequential.body));
      const late = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      assert.equal(late.status, 400, 'the visitor would wait for the landlord');
      assert.equal(late.body.code, 'DIRECT_LINK_TEMPLATE_INCOMPLETE');
      assert.deepEqual(late.body.issues[0].path, ['recipients', 1, 'signingOrder']);
      await server.api.post('/api/v2/template/update', {
        json: { templateId: t.templateId, meta: { signingOrder: 'PARALLEL' } },
      });

      const before = await auditCount(t.envelopeId);
      const other = await server.newPlatform();
      for (const [path, json] of [
        ['/api/v2/template/direct/create', { templateId: t.templateId }],
        ['/api/v2/template/direct/toggle', { templateId: t.templateId, enabled: false }],
        ['/api/v2/template/direct/delete', { templateId: t.templateId }],
      ] as const) {
        const res = await other.post(path, { json });
        assert.equal(res.status, 404, `${path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'NOT_FOUND');
      }
      assert.equal((await server.api.get(`/api/v2/template/${t.templateId}`)).body.directLink, null);
      assert.equal(await auditCount(t.envelopeId), before, 'no audit entry either');

      const onDocument = await server.api.post('/api/v2/template/direct/create', { json: { templateId: 999_999 } });
      assert.equal(onDocument.status, 404);
    });

    test('create (default: the first SIGNER), shown on the template, one per template; toggle; delete', async () => {
      const t = await createDirectTemplate(server.api, { clientEmail: 'client@example.com', clientCuil: CUIL_B });
      const created = await server.api.post('/api/v2/template/direct/create', { json: { templateId: t.templateId } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.directTemplateRecipientId, t.landlord, 'the first SIGNER in signing order');
      assert.equal(created.body.enabled, true);
      assert.equal(created.body.templateId, t.templateId);
      assert.equal(created.body.envelopeId, t.envelopeId);
      assert.ok(created.body.token.length >= 40);
      const token = created.body.token as string;

      const again = await server.api.post('/api/v2/template/direct/create', { json: { templateId: t.templateId } });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'ALREADY_EXISTS');

      const shown = (await server.api.get(`/api/v2/template/${t.templateId}`)).body.directLink;
      assert.deepEqual(shown, created.body);
      const envelope = (await server.api.get(`/api/v2/envelope/${t.envelopeId}`)).body.directLink;
      assert.equal(envelope.token, token);
      const reader = await server.newPlatform('default', 'read');
      assert.equal(
        (await reader.get(`/api/v2/template/${t.templateId}`)).body.directLink.token,
        '',
        'read scope: no token',
      );
      const many = await server.api.post('/api/v2/template/get-many', { json: { templateIds: [t.templateId] } });
      assert.equal(many.body.data[0].directLink.token, token);

      const page = await server.anon.get(`/d/${token}`);
      assert.equal(page.status, 200);
      assert.match(page.body as string, /\/sign-assets\/direct\.js/);
      assert.ok(!(page.body as string).includes(token), 'the token is in no markup');
      const view = await server.anon.get(`/api/v2/direct/${token}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.equal(view.body.title, 'Alta de cliente');
      assert.equal(view.body.requiresCuil, true);

      const off = await server.api.post('/api/v2/template/direct/toggle', {
        json: { templateId: t.templateId, enabled: false },
      });
      assert.equal(off.status, 200);
      assert.equal(off.body.enabled, false);
      assert.equal((await server.api.get(`/api/v2/template/${t.templateId}`)).body.directLink.enabled, false);
      const envelopesBefore = await countRows(server, 'envelope');
      const refused = await server.anon.post(`/api/v2/direct/${token}`, { json: visitor });
      assert.equal(refused.status, 410);
      assert.equal(refused.body.code, 'DIRECT_LINK_DISABLED');
      assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 410);
      const disabledPage = await server.anon.get(`/d/${token}`, { headers: { 'accept-language': 'es-AR' } });
      assert.equal(disabledPage.status, 410);
      assert.match(disabledPage.body as string, /Este enlace está desactivado/);
      assert.equal(await countRows(server, 'envelope'), envelopesBefore, 'a disabled link makes nothing');
      const on = await server.api.post('/api/v2/template/direct/toggle', {
        json: { templateId: t.templateId, enabled: true },
      });
      assert.equal(on.body.enabled, true);

      const log = (await server.api.get(`/api/v2/envelope/${t.envelopeId}/audit-log?perPage=100`)).body.data;
      assert.deepEqual(
        log
          .map((e: { firmaType?: string }) => e.firmaType)
          .filter((x: unknown) => typeof x === 'string' && x.startsWith('TEMPLATE_DIRECT')),
        ['TEMPLATE_DIRECT_LINK_CREATED', 'TEMPLATE_DIRECT_LINK_TOGGLED', 'TEMPLATE_DIRECT_LINK_TOGGLED'],
      );
      assert.ok(!JSON.stringify(log).includes(token), 'the audit log does not carry the token');

      const deleted = await server.api.post('/api/v2/template/direct/delete', { json: { templateId: t.templateId } });
      assert.deepEqual(deleted.body, { success: true });
      assert.equal((await server.api.get(`/api/v2/template/${t.templateId}`)).body.directLink, null);
      assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 404);
      assert.equal((await server.anon.post(`/api/v2/direct/${token}`, { json: visitor })).status, 404);
      const gonePage = await server.anon.get(`/d/${token}`);
      assert.equal(gonePage.status, 404);
      assert.match(gonePage.body as string, /This link is not valid/);
      assert.equal(
        (await server.api.post('/api/v2/template/direct/delete', { json: { templateId: t.templateId } })).status,
        404,
      );
      assert.equal((await server.anon.get('/d/not-a-real-token-at-all-xxxxxxxx')).status, 404);
    });

    test('a visitor’s document: CUIL checked, made and sent in one go (source, audit, owner mail), signed by all → DOCUMENT_COMPLETED', async () => {
      const receiver = await startReceiver();
      const hook = await server.api.post('/api/v2/webhook/create', {
        json: { url: `${receiver.url}/hook`, events: ['DOCUMENT_CREATED', 'DOCUMENT_SENT', 'DOCUMENT_COMPLETED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      try {
        const t = await createDirectTemplate(server.api);
        const link = await server.api.post('/api/v2/template/direct/create', {
          json: { templateId: t.templateId, directRecipientId: t.client },
        });
        assert.equal(link.status, 200, JSON.stringify(link.body));
        const token = link.body.token as string;

        const envelopesBefore = await countRows(server, 'envelope');
        for (const cuil of [WRONG_CHECK_DIGIT, undefined, '123']) {
          const res = await server.anon.post(`/api/v2/direct/${token}`, { json: { ...visitor, cuil } });
          assert.equal(res.status, 400, JSON.stringify(res.body));
          assert.equal(res.body.code, 'RECIPIENT_INVALID_CUIL');
          assert.deepEqual(res.body.issues[0].path, ['cuil']);
        }
        const badEmail = await server.anon.post(`/api/v2/direct/${token}`, { json: { ...visitor, email: 'nope' } });
        assert.equal(badEmail.status, 400);
        assert.equal(await countRows(server, 'envelope'), envelopesBefore, 'nothing was made');

        assert.equal(await countRows(server, 'directLinkChallenge'), 0, 'no code was asked for');
        const code = await directLinkCode(server.anon, smtp, token, 'carla@example.com');
        const used = await server.anon.post(`/api/v2/direct/${token}`, {
          json: { ...visitor, cuil: '27-00000000-6', code },
          headers: { 'user-agent': 'VisitorBrowser/1.0' },
        });
        assert.equal(used.status, 200, JSON.stringify(used.body));
        assert.match(used.body.signingUrl, /\/sign\//);

        const doc = (await server.api.get(`/api/v2/document/${used.body.documentId}`)).body;
        assert.equal(doc.source, 'TEMPLATE_DIRECT_LINK');
        assert.equal(doc.templateId, t.templateId);
        assert.equal(doc.status, 'PENDING');
        const carla = doc.recipients.find((r: { email: string }) => r.email === 'carla@example.com');
        assert.equal(carla.name, 'Carla Gómez');
        assert.equal(carla.id, used.body.recipientId);

        const log = (await server.api.get(`/api/v2/envelope/${used.body.envelopeId}/audit-log?perPage=100`)).body.data;
        const created = log.find((e: { type: string }) => e.type === 'DOCUMENT_CREATED');
        assert.deepEqual(created.data.source, {
          type: 'TEMPLATE_DIRECT_LINK',
          templateId: t.templateId,
          directRecipientEmail: 'carla@example.com',
        });
        assert.equal(created.userAgent, 'VisitorBrowser/1.0');
        assert.equal(created.ipAddress, '127.0.0.1');
        assert.equal(created.email, 'carla@example.com', 'the visitor is the actor');

        // The owner learns who used the link (the template's own creation notice says nothing of it):
        // the address the code confirmed, never the name the visitor typed.
        const [notice] = await smtp.waitFor(
          (m) =>
            recipientOf(m) === 'owner@example.com' &&
            /Document created: Alta de cliente/.test(m.subject ?? '') &&
            /A visitor confirmed as carla@example\.com .*created it through the template's direct link/.test(
              m.text ?? '',
            ),
        );
        assert.ok(!notice!.text!.includes('Carla'), 'the visitor’s own words are not mailed to the owner');
        await receiver.waitFor((w) => w.body.event === 'DOCUMENT_SENT' && w.body.payload.id === doc.id);

        assert.equal((await signAll(server.anon, used.body.token)).status, 200);
        const landlord = doc.recipients.find((r: { email: string }) => r.email === 'landlord@example.com');
        assert.equal((await signAll(server.anon, landlord.token)).status, 200);
        await waitForStatus(server.api, doc.id, ['COMPLETED']);
        const [completed] = await receiver.waitFor(
          (w) => w.body.event === 'DOCUMENT_COMPLETED' && w.body.payload.id === doc.id,
        );
        assert.equal(completed!.body.payload.source, 'TEMPLATE_DIRECT_LINK');

        // The template is untouched, its link still there for the next visitor.
        const template = (await server.api.get(`/api/v2/template/${t.templateId}`)).body;
        assert.equal(template.recipients.find((r: { id: number }) => r.id === t.client).email, '');
        assert.equal(template.directLink.token, token);
      } finally {
        await receiver.close();
      }
    });

    test('a template that changed since the link was made: the visitor is refused with no detail, nothing made', async () => {
      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      const update = await server.api.post('/api/v2/template/recipient/update', {
        json: { templateId: t.templateId, recipient: { id: t.landlord, email: '' } },
      });
      assert.equal(update.status, 200, JSON.stringify(update.body));
      const before = await countRows(server, 'envelope');
      const codesBefore = await countRows(server, 'directLinkChallenge');
      const res = await server.anon.post(`/api/v2/direct/${link.body.token as string}`, { json: visitor });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'DIRECT_LINK_TEMPLATE_INCOMPLETE');
      assert.equal(res.body.issues, undefined, "the owner's recipients are not described to a visitor");
      const code = await server.anon.post(`/api/v2/direct/${link.body.token as string}/code`, {
        json: { email: visitor.email },
      });
      assert.equal(code.status, 400, 'no code is mailed for a link that cannot be used');
      assert.equal(code.body.code, 'DIRECT_LINK_TEMPLATE_INCOMPLETE');
      assert.equal(await countRows(server, 'directLinkChallenge'), codesBefore);
      assert.equal(await countRows(server, 'envelope'), before);
    });

    test('deleting the template kills its link; a duplicate of a template has none', async () => {
      const t = await createDirectTemplate(server.api);
      const link = await server.api.post('/api/v2/template/direct/create', {
        json: { templateId: t.templateId, directRecipientId: t.client },
      });
      const token = link.body.token as string;
      const copy = await server.api.post('/api/v2/template/duplicate', { json: { templateId: t.templateId } });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      assert.equal((await server.api.get(`/api/v2/template/${copy.body.id as number}`)).body.directLink, null);
      assert.equal(
        (await server.api.post('/api/v2/template/delete', { json: { templateId: t.templateId } })).status,
        200,
      );
      assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 404);
      assert.equal((await server.anon.post(`/api/v2/direct/${token}`, { json: visitor })).status, 404);
      assert.equal((await server.anon.get(`/d/${token}`)).status, 404);
    });

    test('logs never carry a direct link', () => {
      assert.equal(redactUrl('/d/abcdefghijklmnop'), '/d/[redacted]');
      assert.equal(redactUrl('/api/v2/direct/abcdefghijklmnop?x=1'), '/api/v2/direct/[redacted]?x=1');
      assert.equal(redactUrl('/api/v2/template/direct/create'), '/api/v2/template/direct/create');
    });
  });

  describe(`template direct links: per-IP limit on codes and documents (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        worker: false,
        captureLogs: true,
        env: { FIRMA_DIRECT_LINK_RATE_LIMIT_PER_MINUTE: '2', LOG_LEVEL: 'debug' },
      });
    });
    after(() => server?.close());

    test('the third request in a minute is 429 with Retry-After, and makes nothing; no token reaches the log', () =>
      inOneRateWindow(async () => {
        const t = await createDirectTemplate(server.api);
        const link = await server.api.post('/api/v2/template/direct/create', {
          json: { templateId: t.templateId, directRecipientId: t.client },
        });
        const token = link.body.token as string;
        const ask = (version = 'v2') =>
          server.anon.post(`/api/${version}/direct/${token}/code`, { json: { email: visitor.email } });
        assert.equal((await ask()).status, 200);
        // v2 and v2-beta, asking for a code and using it, count against one budget.
        assert.equal((await ask('v2-beta')).status, 200);
        const codes = await countRows(server, 'directLinkChallenge');
        const envelopes = await countRows(server, 'envelope');
        for (const third of [await ask(), await server.anon.post(`/api/v2/direct/${token}`, { json: visitor })]) {
          assert.equal(third.status, 429);
          assert.equal(third.body.code, 'TOO_MANY_REQUESTS');
          assert.ok(Number(third.headers.get('retry-after')) >= 1);
        }
        assert.equal(await countRows(server, 'directLinkChallenge'), codes);
        assert.equal(await countRows(server, 'envelope'), envelopes);
        assert.equal((await server.anon.get(`/api/v2/direct/${token}`)).status, 200, 'reading is not limited so');
        await server.anon.get(`/d/${token}`);
        const logs = server.logs.join('');
        assert.match(logs, /\/api\/v2\/direct\//, 'the requests were logged');
        assert.ok(!logs.includes(token), 'the log holds the link token');
      }));
  });
}
