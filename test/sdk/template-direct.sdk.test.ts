import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { createDirectTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The three direct-link operations through the official SDK, which validates every answer, and the
 * template, envelope and list answers that carry the link (`directLink`), read back through it too.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript against template direct links (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server?.close());

    const status = (code: number) => (error: unknown) => (error as { statusCode?: number }).statusCode === code;

    test('create, get/find/get-many/envelope get show it, toggle, delete; refusals', async () => {
      const t = await createDirectTemplate(server.api);
      assert.equal((await sdk.templates.get({ templateId: t.templateId })).directLink, null);

      const created = await sdk.templates.directLink.create({ templateId: t.templateId, directRecipientId: t.client });
      assert.equal(created.templateId, t.templateId);
      assert.equal(created.envelopeId, t.envelopeId);
      assert.equal(created.directTemplateRecipientId, t.client);
      assert.equal(created.enabled, true);
      assert.match(created.id, /^direct_/);
      await assert.rejects(sdk.templates.directLink.create({ templateId: t.templateId }), status(409));

      const template = await sdk.templates.get({ templateId: t.templateId });
      assert.deepEqual(template.directLink, created);
      const found = await sdk.templates.find({});
      assert.equal(found.data.find((x) => x.id === t.templateId)?.directLink?.token, created.token);
      const many = await sdk.template.templateGetMany({ templateIds: [t.templateId] });
      assert.equal(many.data[0]!.directLink?.enabled, true);
      const envelope = await sdk.envelopes.get({ envelopeId: t.envelopeId });
      assert.equal(envelope.directLink?.token, created.token);
      assert.equal(envelope.directLink?.directTemplateRecipientId, t.client);

      const off = await sdk.templates.directLink.toggle({ templateId: t.templateId, enabled: false });
      assert.equal(off.enabled, false);
      assert.equal(off.token, created.token);
      assert.equal((await sdk.templates.get({ templateId: t.templateId })).directLink?.enabled, false);
      assert.equal((await sdk.templates.directLink.toggle({ templateId: t.templateId, enabled: true })).enabled, true);

      const other = await server.newPlatform();
      const otherSdk = new Documenso({ apiKey: other.token!, serverURL: `${server.url}/api/v2` });
      await assert.rejects(
        otherSdk.templates.directLink.toggle({ templateId: t.templateId, enabled: false }),
        status(404),
      );
      await assert.rejects(otherSdk.templates.directLink.delete({ templateId: t.templateId }), status(404));
      assert.equal((await sdk.templates.get({ templateId: t.templateId })).directLink?.enabled, true, 'unchanged');

      assert.equal((await sdk.templates.directLink.delete({ templateId: t.templateId })).success, true);
      assert.equal((await sdk.templates.get({ templateId: t.templateId })).directLink, null);
      await assert.rejects(sdk.templates.directLink.delete({ templateId: t.templateId }), status(404));
      await assert.rejects(sdk.templates.directLink.toggle({ templateId: t.templateId, enabled: true }), status(404));

      // A new link after a delete: a new token.
      const renewed = await sdk.templates.directLink.create({ templateId: t.templateId, directRecipientId: t.client });
      assert.notEqual(renewed.token, created.token);
    });
  });
}
