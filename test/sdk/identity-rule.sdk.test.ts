import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { setPlatformIdentityRule } from '../../src/domain/platforms/set-platform-identity-rule.js';
import type { HttpClient } from '../helpers/http-client.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 33, item 1: Documenso's SDK has no `cuil` member, so `templates.use` with
 * `distributeDocument: true` reaches a signer only with what the SDK can send. Two ways work: the
 * template's recipients store their ID (set when the template is made through the plain API), or
 * the platform's identity rule is NONE. Without either, the CUIL platform refuses as the spec says.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript: templates.use and the platform's identity rule (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server.close());

    /** The SDK's error carries Firma's answer; its code is in there. */
    const refusedWith = (code: string) => (error: Error) => {
      assert.match(`${error.message} ${JSON.stringify(error)}`, new RegExp(code));
      return true;
    };
    const sdkFor = (client: HttpClient) => new Documenso({ apiKey: client.token!, serverURL: `${server.url}/api/v2` });
    const use = async (client: HttpClient, cuils: [string, string] | []) => {
      const template = await createRentalTemplate(client, 'Plantilla', cuils);
      return sdkFor(client).templates.use({
        templateId: template.templateId,
        recipients: [
          { id: template.landlord, email: 'ana@example.com', name: 'Ana' },
          { id: template.tenant, email: 'bruno@example.com', name: 'Bruno' },
        ],
        distributeDocument: true,
        override: { distributionMethod: 'NONE' },
      });
    };

    test('CUIL (the default): a template without stored CUILs cannot be used and sent (RECIPIENT_INVALID_CUIL)', async () => {
      await assert.rejects(use(server.api, []), refusedWith('RECIPIENT_INVALID_CUIL'));
    });

    test('NONE: the same template is used and sent through the SDK, no ID needed', async () => {
      const client = await server.newPlatform('sdk-none');
      await setPlatformIdentityRule(server.ctx, { platform: client.platformName, rule: 'none' });
      const doc = await use(client, []);
      assert.equal(doc.status, 'PENDING');
      assert.ok(doc.recipients.every((r) => r.token.length > 20));
    });

    test('CUIL with signers entering their own: the SDK sends the template; each signer gives their CUIL before signing', async () => {
      const client = await server.newPlatform('sdk-entry');
      await setPlatformIdentityRule(server.ctx, { platform: client.platformName, signerEntersId: 'on' });
      const doc = await use(client, []);
      assert.equal(doc.status, 'PENDING');
      const view = await server.anon.get(`/api/v2/signing/${doc.recipients[0]!.token}`);
      assert.equal(view.status, 200);
      const status = await server.anon.get(`/api/v2/signing/${doc.recipients[0]!.token}/verification`);
      assert.deepEqual(status.body.action.required, ['CUIL'], JSON.stringify(status.body));
    });

    test('RUT: the template recipients’ stored RUTs are taken for the document the SDK sends', async () => {
      const client = await server.newPlatform('sdk-rut');
      await setPlatformIdentityRule(server.ctx, { platform: client.platformName, rule: 'rut' });
      await assert.rejects(use(client, []), refusedWith('RECIPIENT_INVALID_NATIONAL_ID'));
      const doc = await use(client, ['12345678-5', '11111111-1']);
      assert.equal(doc.status, 'PENDING');
      const plain = await client.get(`/api/v2/document/${doc.id}`);
      assert.deepEqual(
        plain.body.recipients.map((r: { cuil: string }) => r.cuil),
        ['123456785', '111111111'],
      );
    });
  });
}
