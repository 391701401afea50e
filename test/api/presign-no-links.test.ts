import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, CUIL_B, createDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import { listOperations, sampleValue, type OpenApiOperation } from '../helpers/openapi-sample.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import type { HttpResponse } from '../helpers/http-client.js';

/**
 * A presign token lives in a browser: it must never see a recipient's signing token or URL (with
 * one, its holder signs as anyone), on any route, and must never re-mail recipients. The answers
 * keep the shape Documenso's SDK validates (token "" and signingUrl ""). Every operation of the
 * v2 and v1 OpenAPI documents a token can call is called with a presign token, and every answer is
 * scanned for every recipient token the database holds.
 */

type Template = Awaited<ReturnType<typeof createRentalTemplate>>;

const people = (t: Template) => [
  { id: t.landlord, email: 'ana@example.com', name: 'Ana García', cuil: CUIL_A },
  { id: t.tenant, email: 'bruno@example.com', name: 'Bruno Díaz', cuil: CUIL_B },
];

/** Every signing token the database holds, opened. */
async function allSigningTokens(server: TestServer): Promise<string[]> {
  const rows = await server.ctx.db
    .selectFrom('recipient')
    .select('tokenSealed')
    .where('tokenSealed', 'is not', null)
    .execute();
  return rows.map((r) => server.ctx.secrets.open(r.tokenSealed!));
}

/** The answer's bytes and headers, as one text to search. */
const textOf = (res: HttpResponse) => {
  const headers: string[] = [];
  res.headers.forEach((value, name) => headers.push(`${name}: ${value}`));
  return `${headers.join('\n')}\n${res.bytes.toString('latin1')}`;
};

function assertNoLink(text: string, tokens: string[], what: string): void {
  for (const token of tokens) assert.ok(!text.includes(token), `${what}: a recipient's signing token is in the answer`);
  assert.doesNotMatch(text, /\/sign\/[A-Za-z0-9_-]{16,}/, `${what}: a signing URL is in the answer`);
}

const mailJobs = (server: TestServer) =>
  server.ctx.db
    .selectFrom('job')
    .select('id')
    .where('kind', 'like', '%mail%')
    .execute()
    .then((rows) => rows.length);

for (const database of testDatabases()) {
  describe(`presign tokens never see signing links nor re-mail recipients (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    let template: Template;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database, worker: false, env: { SMTP_URL: smtp.url } });
      template = await createRentalTemplate(server.api, 'Plantilla', [CUIL_A, CUIL_B]);
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    const presign = async (scope?: string) => {
      const res = await server.api.post('/api/v2/embedding/create-presign-token', { json: scope ? { scope } : {} });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.token as string;
    };

    test('distribute answers token "" and signingUrl "" (SDK-valid); the API token still gets them', async () => {
      const viaDocument = await createDocument(server.api);
      const scoped = await presign(`documentId:${viaDocument.body.id}`);
      const distributed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: viaDocument.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
        token: scoped,
      });
      assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
      assert.equal(distributed.body.recipients.length, 2);
      for (const r of distributed.body.recipients) assert.equal(r.signingUrl, '');
      assertNoLink(textOf(distributed), await allSigningTokens(server), 'document/distribute');

      const viaEnvelope = await createDocument(server.api);
      const sdk = new Documenso({ apiKey: await presign(), serverURL: `${server.url}/api/v2` });
      const answer = await sdk.envelopes.distribute({
        envelopeId: viaEnvelope.body.envelopeId,
        meta: { distributionMethod: 'NONE' },
      });
      assert.equal(answer.recipients.length, 3, 'the two signers and the CC');
      for (const r of answer.recipients) assert.deepEqual([r.token, r.signingUrl], ['', '']);
      const again = await sdk.envelopes.distribute({ envelopeId: viaEnvelope.body.envelopeId });
      for (const r of again.recipients) assert.deepEqual([r.token, r.signingUrl], ['', ''], 'repeated: still none');
      assertNoLink(JSON.stringify([answer, again]), await allSigningTokens(server), 'envelope/distribute');

      const owner = await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: viaEnvelope.body.envelopeId },
      });
      assert.equal(owner.status, 200);
      for (const r of owner.body.recipients.filter((r: { role: string }) => r.role !== 'CC')) {
        assert.ok(r.token.length > 20, 'the API token still gets each token');
        assert.equal(r.signingUrl, `${server.url}/sign/${r.token}`);
      }
    });

    test('template/use and envelope/use with distributeDocument answer no links to a presign token', async () => {
      const token = await presign();
      const used = await server.api.post('/api/v2/template/use', {
        json: {
          templateId: template.templateId,
          recipients: people(template),
          distributeDocument: true,
          override: { distributionMethod: 'NONE' },
        },
        token,
      });
      assert.equal(used.status, 200, JSON.stringify(used.body));
      assert.equal(used.body.status, 'PENDING');
      const sdk = new Documenso({ apiKey: token, serverURL: `${server.url}/api/v2` });
      const viaUse = await sdk.envelopes.use({
        payload: {
          envelopeId: template.envelopeId,
          recipients: people(template),
          distributeDocument: true,
          override: { distributionMethod: 'NONE' },
        },
      });
      assert.equal(viaUse.recipients.length, 2);
      for (const r of viaUse.recipients) assert.deepEqual([r.token, r.signingUrl], ['', '']);
      assertNoLink(textOf(used) + JSON.stringify(viaUse), await allSigningTokens(server), 'template use');
    });

    test('redistribute with a presign token is 403 PRESIGN_TOKEN_NOT_ALLOWED and mails nobody', async () => {
      const created = await createDocument(server.api);
      const distributed = await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: created.body.envelopeId },
      });
      assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
      await server.worker.drain();
      await smtp.waitFor(() => true, 2);
      const mailsBefore = smtp.messages.length;
      const jobsBefore = await mailJobs(server);
      const before = (await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`)).body;
      const ids = distributed.body.recipients.map((r: { id: number }) => r.id);
      for (const token of [await presign(), await presign(`envelopeId:${created.body.envelopeId}`)]) {
        const viaEnvelope = await server.api.post('/api/v2/envelope/redistribute', {
          json: { envelopeId: created.body.envelopeId, recipients: ids },
          token,
        });
        const viaDocument = await server.api.post('/api/v2/document/redistribute', {
          json: { documentId: created.body.id, recipients: ids },
          token,
        });
        for (const res of [viaEnvelope, viaDocument]) {
          assert.equal(res.status, 403, JSON.stringify(res.body));
          assert.equal(res.body.code, 'PRESIGN_TOKEN_NOT_ALLOWED');
          assertNoLink(textOf(res), await allSigningTokens(server), 'redistribute');
        }
        const sdk = new Documenso({ apiKey: token, serverURL: `${server.url}/api/v2` });
        await assert.rejects(sdk.envelopes.redistribute({ envelopeId: created.body.envelopeId, recipients: ids }));
      }
      await server.worker.drain();
      assert.equal(await mailJobs(server), jobsBefore, 'no mail job was queued');
      assert.equal(smtp.messages.length, mailsBefore, 'no mail was sent');
      const after = (await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`)).body;
      assert.deepEqual(after.recipients, before.recipients, 'no expiry renewed, nothing marked sent');
    });

    test('v1: send and get answer signingUrl null to a presign token', async () => {
      const created = await createDocument(server.api);
      const token = await presign();
      const sent = await server.api.post(`/api/v1/documents/${created.body.id}/send`, {
        json: { sendEmail: false },
        token,
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const got = await server.api.get(`/api/v1/documents/${created.body.id}`, { token });
      for (const res of [sent, got]) {
        for (const r of res.body.recipients) assert.equal(r.signingUrl, null);
        assertNoLink(textOf(res), await allSigningTokens(server), 'v1');
      }
      const owner = await server.api.get(`/api/v1/documents/${created.body.id}`);
      assert.ok(
        owner.body.recipients.some((r: { signingUrl: string | null }) => r.signingUrl?.includes('/sign/')),
        'the API token still gets the URLs',
      );
    });

    test('every operation a presign token may call answers no signing token or URL', async () => {
      const draft = (await createDocument(server.api)).body as { id: number; envelopeId: string };
      const pendingMade = (await createDocument(server.api)).body as { id: number; envelopeId: string };
      await server.api.post('/api/v2/envelope/distribute', {
        json: { envelopeId: pendingMade.envelopeId, meta: { distributionMethod: 'NONE' } },
      });
      const folder = (await server.api.post('/api/v2/folder/create', { json: { name: 'F' } })).body;
      const operations = [
        ...listOperations((await server.anon.get('/api/v2/openapi.json')).body, '/api/v2'),
        ...listOperations((await server.anon.get('/api/v1/openapi.json')).body, '/api/v1'),
      ]
        .filter((op) => !op.public)
        // Reads first, then changes, deletions and cancellations last: each call finds its target alive.
        .sort((a, b) => rank(a) - rank(b));
      assert.ok(operations.length > 60, `${operations.length} operations`);

      const answers: { what: string; text: string }[] = [];
      const tokens = { unscoped: await presign(), scoped: '' };
      for (const target of [draft, pendingMade]) {
        tokens.scoped = await presign(`envelopeId:${target.envelopeId}`);
        const view = (await server.api.get(`/api/v2/envelope/${target.envelopeId}`)).body;
        const idFor = (op: OpenApiOperation) => (name: string, type: string | undefined) => {
          const numeric = type === 'integer' || type === 'number';
          switch (name) {
            case 'documentId':
              return target.id;
            case 'envelopeId':
              return op.path.includes('/use') ? template.envelopeId : target.envelopeId;
            case 'templateId':
              return template.templateId;
            case 'recipientId':
              return view.recipients[0].id;
            case 'recipients':
              return numeric ? view.recipients[0].id : undefined;
            case 'fieldId':
              return view.fields[0].id;
            case 'envelopeItemId':
              return view.envelopeItems[0].id;
            case 'folderId':
            case 'parentId':
              return folder.id;
            case 'includeSigningUrls':
            case 'distributeDocument':
              return true;
            case 'id': {
              if (op.prefix === '/api/v1') return target.id;
              if (op.path.includes('/field')) return view.fields[0].id;
              if (op.path.includes('/recipient')) return view.recipients[0].id;
              if (op.path.includes('/item')) return view.envelopeItems[0].id;
              if (op.path.startsWith('/folder')) return folder.id;
              if (op.path.startsWith('/document')) return numeric ? target.id : String(target.id);
              return target.envelopeId;
            }
            default:
              return undefined;
          }
        };
        for (const op of operations) {
          const ids = idFor(op);
          const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
            encodeURIComponent(
              String(ids(name, op.parameters.find((p) => p.name === name)?.schema.type as string) ?? 'x'),
            ),
          );
          const query = op.parameters
            .filter((p) => p.in === 'query' && ids(p.name, p.schema.type as string) !== undefined)
            .map((p) => `${p.name}=${encodeURIComponent(String(ids(p.name, p.schema.type as string)))}`)
            .join('&');
          const url = `${op.prefix}${path}${query ? `?${query}` : ''}`;
          for (const token of [tokens.scoped, tokens.unscoped]) {
            let res;
            if (op.body?.contentType === 'multipart/form-data') {
              const payloadSchema = op.body.schema.properties?.payload ?? {};
              const payload =
                payloadSchema.type === 'object' ? sampleValue(payloadSchema, { idFor: ids }) : { title: 'P' };
              const fileField = op.body.schema.properties?.file ? 'file' : 'files';
              res = await server.api.request(op.method, url, {
                body: multipartBody(payload, [{ field: fileField, bytes: await onePagePdf() }]),
                token,
              });
            } else if (op.body) {
              res = await server.api.request(op.method, url, {
                json: sampleValue(op.body.schema, { idFor: ids }),
                token,
              });
            } else {
              res = await server.api.request(op.method, url, { token });
            }
            assert.ok(res.status < 500, `${op.method} ${url} → ${res.status} ${res.bytes.toString().slice(0, 300)}`);
            answers.push({ what: `${op.method} ${url}`, text: textOf(res) });
          }
        }
      }
      const all = await allSigningTokens(server);
      assert.ok(all.length >= 4, 'the sweep ran against documents whose recipients hold tokens');
      for (const { what, text } of answers) assertNoLink(text, all, what);
    });
  });
}

function rank(op: OpenApiOperation): number {
  if (op.method === 'GET') return 0;
  if (op.method === 'DELETE' || /delete|cancel/.test(op.path)) return 2;
  return 1;
}
