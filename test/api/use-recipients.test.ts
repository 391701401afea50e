import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, CUIL_B, createDocument, multipartBody } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue #35, items 8 and 9: `envelope/use` and `template/use` answer the new document's
 * recipients (an integration reads their ids from that answer), and `envelope/distribute` lists
 * every recipient, CC included, as Documenso does. Tokens and signing URLs only for acting
 * recipients of a distributed document, and never to a presign token.
 */

type Template = Awaited<ReturnType<typeof createRentalTemplate>>;
interface Listed {
  id: number;
  name: string;
  email: string;
  role: string;
  signingOrder: number | null;
  token: string;
  signingUrl: string;
}

const people = (t: Template) => [
  { id: t.landlord, email: 'ana@example.com', name: 'Ana García', cuil: CUIL_A },
  { id: t.tenant, email: 'bruno@example.com', name: 'Bruno Díaz', cuil: CUIL_B },
];

/** The rental template with a CC recipient added, so every answer has one to list. */
async function templateWithCc(client: HttpClient): Promise<Template> {
  const template = await createRentalTemplate(client, 'Plantilla con copia', [CUIL_A, CUIL_B]);
  const added = await client.post('/api/v2/envelope/recipient/create-many', {
    json: { envelopeId: template.envelopeId, data: [{ email: 'carla@example.com', name: 'Carla', role: 'CC' }] },
  });
  if (added.status !== 200) throw new Error(`CC: ${added.status} ${JSON.stringify(added.body)}`);
  return template;
}

/** The recipients as the envelope read answers them, in the answer's identity members. */
async function storedRecipients(client: HttpClient, envelopeId: string) {
  const res = await client.get(`/api/v2/envelope/${envelopeId}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body.recipients as Listed[])
    .map(({ id, name, email, role, signingOrder }) => ({ id, name, email, role, signingOrder }))
    .sort((a, b) => a.id - b.id);
}

const identities = (listed: Listed[]) =>
  listed
    .map(({ id, name, email, role, signingOrder }) => ({ id, name, email, role, signingOrder }))
    .sort((a, b) => a.id - b.id);

/** Signers carry their own token and its URL; the CC neither. */
function assertLinks(server: TestServer, listed: Listed[]): void {
  for (const r of listed) {
    if (r.role === 'CC') assert.deepEqual([r.token, r.signingUrl], ['', ''], 'a CC gets no link');
    else {
      assert.ok(r.token.length > 20, `${r.name}: a token`);
      assert.equal(r.signingUrl, `${server.url}/sign/${r.token}`);
    }
  }
}

const noLinks = (listed: Listed[]) => listed.every((r) => r.token === '' && r.signingUrl === '');

for (const database of testDatabases()) {
  describe(`use and distribute answer every recipient (${database})`, () => {
    let server: TestServer;
    let template: Template;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      template = await templateWithCc(server.api);
    });
    after(() => server.close());

    const envelopeUse = (payload: Record<string, unknown>, token?: string) =>
      server.api.post('/api/v2/envelope/use', {
        body: multipartBody({ envelopeId: template.envelopeId, ...payload }, []),
        ...(token ? { token } : {}),
      });

    test('envelope/use without distributing: every new recipient (CC too), ids as stored, no token or URL', async () => {
      const res = await envelopeUse({ recipients: people(template) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const listed = res.body.recipients as Listed[];
      assert.equal(listed.length, 3);
      assert.deepEqual(identities(listed), await storedRecipients(server.api, res.body.id));
      assert.ok(
        !listed.some((r) => [template.landlord, template.tenant].includes(r.id)),
        'the new ids, not the template’s',
      );
      assert.deepEqual(
        listed.map((r) => [r.name, r.email, r.role, r.signingOrder]),
        [
          ['Ana García', 'ana@example.com', 'SIGNER', 1],
          ['Bruno Díaz', 'bruno@example.com', 'SIGNER', 2],
          ['Carla', 'carla@example.com', 'CC', null],
        ],
      );
      assert.ok(noLinks(listed), 'not distributed: nothing to sign with yet');
    });

    test('envelope/use with distributeDocument: signers with their links, the CC listed without one', async () => {
      const res = await envelopeUse({
        recipients: people(template),
        distributeDocument: true,
        override: { distributionMethod: 'NONE' },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const listed = res.body.recipients as Listed[];
      assert.equal(listed.length, 3);
      assert.deepEqual(identities(listed), await storedRecipients(server.api, res.body.id));
      assertLinks(server, listed);
    });

    test('template/use answers the new recipients’ ids (CC too); tokens only once distributed', async () => {
      const draft = await server.api.post('/api/v2/template/use', {
        json: { templateId: template.templateId, recipients: people(template) },
      });
      assert.equal(draft.status, 200, JSON.stringify(draft.body));
      assert.equal(draft.body.recipients.length, 3);
      assert.deepEqual(identities(draft.body.recipients), await storedRecipients(server.api, draft.body.envelopeId));
      assert.ok(draft.body.recipients.every((r: Listed) => r.token === ''));

      const sent = await server.api.post('/api/v2/template/use', {
        json: {
          templateId: template.templateId,
          recipients: people(template),
          distributeDocument: true,
          override: { distributionMethod: 'NONE' },
        },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.deepEqual(identities(sent.body.recipients), await storedRecipients(server.api, sent.body.envelopeId));
      for (const r of sent.body.recipients as Listed[])
        assert.equal(r.token.length > 20, r.role !== 'CC', `${r.name}: a token only for a signer`);
    });

    test('envelope/distribute lists the CC too, without a link, the same when repeated', async () => {
      const created = await createDocument(server.api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelopeId = created.body.envelopeId as string;
      const res = await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const listed = res.body.recipients as Listed[];
      assert.deepEqual(identities(listed), await storedRecipients(server.api, envelopeId));
      assert.deepEqual(
        listed.filter((r) => r.role === 'CC').map((r) => r.email),
        ['carla@example.com'],
      );
      assertLinks(server, listed);
      const again = await server.api.post('/api/v2/envelope/distribute', { json: { envelopeId } });
      assert.deepEqual(again.body, res.body);
    });

    test('a presign token gets every recipient with token "" and signingUrl ""', async () => {
      const minted = await server.api.post('/api/v2/embedding/create-presign-token', { json: {} });
      assert.equal(minted.status, 200, JSON.stringify(minted.body));
      const presign = minted.body.token as string;

      const used = await envelopeUse(
        { recipients: people(template), distributeDocument: true, override: { distributionMethod: 'NONE' } },
        presign,
      );
      assert.equal(used.status, 200, JSON.stringify(used.body));
      assert.equal(used.body.recipients.length, 3);
      assert.ok(noLinks(used.body.recipients));
      assert.deepEqual(identities(used.body.recipients), await storedRecipients(server.api, used.body.id));

      const created = await createDocument(server.api);
      const distributed = await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: created.body.envelopeId, meta: { distributionMethod: 'NONE' } },
        token: presign,
      });
      assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
      assert.equal(distributed.body.recipients.length, 3);
      assert.ok(noLinks(distributed.body.recipients));
      assert.doesNotMatch(JSON.stringify([used.body, distributed.body]), /\/sign\//);
    });

    test('another platform’s template is 404 on both routes and nothing is created', async () => {
      const other = await server.newPlatform('tenant-b-use-recipients');
      const theirs = await templateWithCc(other);
      const before = await countRows(server, 'envelope');
      const viaTemplate = await server.api.post('/api/v2/template/use', {
        json: { templateId: theirs.templateId, recipients: people(theirs), distributeDocument: true },
      });
      assert.equal(viaTemplate.status, 404);
      assert.equal(viaTemplate.body.code, 'NOT_FOUND');
      const viaEnvelope = await server.api.post('/api/v2/envelope/use', {
        body: multipartBody(
          { envelopeId: theirs.envelopeId, recipients: people(theirs), distributeDocument: true },
          [],
        ),
      });
      assert.equal(viaEnvelope.status, 404);
      assert.equal(viaEnvelope.body.code, 'NOT_FOUND');
      assert.equal(await countRows(server, 'envelope'), before, 'nothing created');
      assert.doesNotMatch(JSON.stringify([viaTemplate.body, viaEnvelope.body]), /recipients|\/sign\//);
    });
  });
}
