import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`hostile requests (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('webhook URLs on IPv6 forms that embed IPv4 or reach non-public space are refused with 400', async () => {
      server.ctx.config.webhooks.allowPrivate = false;
      try {
        for (const host of ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b::127.0.0.1]', '[64:ff9b::10.0.0.1]', '[2002:7f00:1::]', '[fec0::1]', '[100::1]', '[2001:db8::1]', '[::ffff:127.0.0.1]']) {
          const res = await server.api.post('/api/v2/webhook/create', { json: { url: `http://${host}:8080/hook`, events: ['DOCUMENT_SENT'] } });
          assert.equal(res.status, 400, host);
          assert.equal(res.body.code, 'WEBHOOK_URL_NOT_ALLOWED', host);
        }
        const fine = await server.api.post('/api/v2/webhook/create', { json: { url: 'https://[2606:4700:4700::1111]/hook', events: ['DOCUMENT_SENT'] } });
        assert.equal(fine.status, 200, 'a public IPv6 address is accepted');
      } finally {
        server.ctx.config.webhooks.allowPrivate = true;
      }
    });
  });
}
