import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { directLinkCode } from '../helpers/direct-link.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const CLIENT = '198.51.100.7';

/** The per-IP limits count in one-minute windows: start a step with most of a window ahead. */
async function freshWindowAhead(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
}

test('FIRMA_TRUST_PROXY: off unless set; a hop count or a list of addresses and CIDRs; anything else refused', () => {
  const parse = (value?: string) => parseConfig(value === undefined ? {} : { FIRMA_TRUST_PROXY: value }).trustProxy;
  assert.equal(parse(), false);
  assert.equal(parse('false'), false);
  assert.equal(parse('1'), 1);
  assert.deepEqual(parse('10.0.0.0/8, 127.0.0.1,::1/128'), ['10.0.0.0/8', '127.0.0.1', '::1/128']);
  for (const bad of ['true', 'everyone', '10.0.0.0/33', '10.0.0.1/8/8', 'loopback'])
    assert.throws(() => parse(bad), /FIRMA_TRUST_PROXY/, bad);
});

for (const database of testDatabases()) {
  for (const [label, trust] of [
    ['off (the default)', undefined],
    ['a hop count', '1'],
    ['a CIDR list with the proxy', '10.0.0.0/8, 127.0.0.1/32, ::1'],
  ] as const) {
    describe(`FIRMA_TRUST_PROXY ${label}: per-IP limits and audit entries (${database})`, () => {
      const trusted = trust !== undefined;
      let server: TestServer;
      let smtp: SmtpSink;
      before(async () => {
        smtp = await startSmtpSink();
        server = await startTestServer({
          database,
          env: {
            SMTP_URL: smtp.url,
            FIRMA_JOB_POLL_MS: '100',
            FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '4',
            ...(trusted ? { FIRMA_TRUST_PROXY: trust } : {}),
          },
        });
      });
      after(async () => {
        await server?.close();
        await smtp?.stop();
      });

      test(`X-Forwarded-For is ${trusted ? 'the client’s address' : 'ignored'}: in the audit entry and the per-IP limit`, async () => {
        const t = await createDirectTemplate(server.api);
        const link = await server.api.post('/api/v2/template/direct/create', {
          json: { templateId: t.templateId, directRecipientId: t.client },
        });
        const token = link.body.token as string;
        const headers = { 'x-forwarded-for': CLIENT };
        await freshWindowAhead();
        const code = await directLinkCode(server.anon, smtp, token, 'carla@example.com', { headers });
        const used = await server.anon.post(`/api/v2/direct/${token}`, {
          json: { name: 'Carla', email: 'carla@example.com', cuil: '27-00000000-6', code },
          headers,
        });
        assert.equal(used.status, 200, JSON.stringify(used.body));
        const log = (await server.api.get(`/api/v2/envelope/${used.body.envelopeId as string}/audit-log?perPage=100`))
          .body.data;
        const created = log.find((e: { type: string }) => e.type === 'DOCUMENT_CREATED');
        assert.equal(created.ipAddress, trusted ? CLIENT : '127.0.0.1');

        // The signing limit (4 a minute per IP): one forwarded address spends its own budget when
        // trusted; otherwise every request is the proxy's (127.0.0.1, with the two above).
        await freshWindowAhead();
        const probe = (address: string) =>
          server.anon.get('/api/v2/signing/not-a-real-signing-token-xxxxxxxx', {
            headers: { 'x-forwarded-for': address },
          });
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) statuses.push((await probe('203.0.113.1')).status);
        assert.equal(statuses.at(-1), 429, statuses.join(','));
        const other = await probe('203.0.113.2');
        if (trusted) {
          assert.deepEqual(statuses, [404, 404, 404, 404, 429]);
          assert.equal(other.status, 404, 'another client has its own budget');
        } else {
          assert.equal(other.status, 429, 'a forwarded address does not buy a new budget');
          assert.equal(other.body.code, 'TOO_MANY_REQUESTS');
        }
      });
    });
  }
}
