import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { dialectOf } from '../../src/db/database.js';
import { WebhookDispatcher } from '../../src/domain/webhooks/dispatch-webhooks.js';
import { createDocument, createPendingDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import { listOperations, sampleValue, type OpenApiOperation } from '../helpers/openapi-sample.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Tenant isolation means no side effects, not only a 404. Platform B calls every mutating
 * operation of the OpenAPI documents with platform A's ids in every id-shaped member and path
 * parameter, built from each operation's own request schema (so routes added later are covered);
 * afterwards every row of A, in every table, must be exactly what it was.
 */

type Row = Record<string, unknown>;
type Snapshot = Map<string, Row[]>;

/** Tables whose rows describe requests, not tenant data. */
const REQUEST_BOOKKEEPING = new Set([
  'rate_limit_bucket',
  'rateLimitBucket',
  'kysely_migration',
  'kysely_migration_lock',
]);

async function snapshot(server: TestServer): Promise<Snapshot> {
  const tables = await server.ctx.db.introspection.getTables();
  // On PostgreSQL the introspection lists every schema of the database, other test runs' too.
  const own =
    dialectOf(server.ctx.db) === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(server.ctx.db)).rows[0]?.s
      : undefined;
  const out: Snapshot = new Map();
  for (const table of tables) {
    if (REQUEST_BOOKKEEPING.has(table.name)) continue;
    // SQLite's full-text index of titles (migration 0030): index pages shared by every platform's
    // titles, derived from the envelope rows compared here, not tenant rows of their own.
    if (table.name.startsWith('envelope_search')) continue;
    if (own !== undefined && table.schema !== own) continue;
    const rows = await sql<Row>`select * from ${sql.table(table.name)}`.execute(server.ctx.db);
    out.set(table.name, rows.rows);
  }
  return out;
}

const platformOf = (row: Row): unknown => row.platform_id ?? row.platformId;

for (const database of testDatabases()) {
  describe(`tenant isolation: no side effects (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test("platform B's calls with A's ids change none of A's rows", async () => {
      // A: a draft (editable) and a pending envelope, an attachment, a webhook with a delivery and an attempt.
      const draftCreated = await createDocument(server.api);
      assert.equal(draftCreated.status, 200);
      const pending = await createPendingDocument(server.api);
      const draft = (await server.api.get(`/api/v2/envelope/${draftCreated.body.envelopeId}`)).body;
      const open = (await server.api.get(`/api/v2/envelope/${pending.envelopeId}`)).body;
      const attachment = await server.api.post('/api/v2/envelope/attachment/create', {
        json: { envelopeId: draft.id, data: { label: 'Anexo', data: 'https://example.com/anexo.pdf' } },
      });
      assert.equal(attachment.status, 200, JSON.stringify(attachment.body));
      const attachments = (await server.api.get(`/api/v2/envelope/attachment?envelopeId=${draft.id}`)).body;
      const hook = (
        await server.api.post('/api/v2/webhook/create', {
          json: { url: 'http://127.0.0.1:9/a', events: ['DOCUMENT_SENT'] },
        })
      ).body;
      await server.api.post(`/api/v2/webhook/${hook.id}/test`);
      const dispatcher = new WebhookDispatcher(server.ctx);
      const delivery = await server.ctx.db
        .selectFrom('webhookDelivery')
        .select('id')
        .where('endpointId', '=', hook.id)
        .executeTakeFirstOrThrow();
      const attemptsOf = () =>
        server.ctx.db.selectFrom('webhookAttempt').select('id').where('deliveryId', '=', delivery.id).execute();
      // Attempts are recorded by group commit: a few rounds until the first one is written.
      for (let round = 0; round < 50 && (await attemptsOf()).length === 0; round++) {
        await dispatcher.tick();
        await dispatcher.settle();
        await new Promise((r) => setTimeout(r, 20));
      }
      const attempts = await attemptsOf();
      assert.ok(attempts.length > 0, 'the delivery was attempted');

      // A folder of A, holding the draft.
      const folder = (await server.api.post('/api/v2/folder/create', { json: { name: 'A' } })).body;
      const filed = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: draft.id, data: { folderId: folder.id } },
      });
      assert.equal(filed.status, 200, JSON.stringify(filed.body));

      const b = await server.newPlatform();
      const before = await snapshot(server);
      const aPlatformId = platformOf(before.get('envelope')!.find((r) => r.publicId === draft.id)!);
      const operations = [
        ...listOperations((await server.anon.get('/api/v2/openapi.json')).body, '/api/v2'),
        ...listOperations((await server.anon.get('/api/v1/openapi.json')).body, '/api/v1'),
      ].filter((op) => op.method !== 'GET' && !op.public);

      let calls = 0;
      for (const target of [draft, open]) {
        const attachmentId = attachments.data?.[0]?.id ?? attachments[0]?.id;
        const documentId: number = target === draft ? draftCreated.body.id : pending.documentId;
        const idFor = (op: OpenApiOperation) => (name: string, type: string | undefined) => {
          const numeric = type === 'integer' || type === 'number';
          switch (name) {
            case 'documentId':
              return documentId;
            case 'envelopeId':
              return target.id;
            case 'recipientId':
              return target.recipients[0].id;
            case 'recipients':
              return numeric ? target.recipients[0].id : undefined;
            case 'fieldId':
              return target.fields[0].id;
            case 'envelopeItemId':
              return target.envelopeItems[0].id;
            case 'attachmentId':
              return attachmentId;
            case 'folderId':
            case 'parentId':
              return folder.id;
            case 'id': {
              if (op.prefix === '/api/v1') return documentId;
              if (op.path.includes('delivery')) return delivery.id;
              if (op.path.startsWith('/webhook')) return hook.id;
              if (op.path.includes('attachment')) return attachmentId;
              if (op.path.includes('/field')) return target.fields[0].id;
              if (op.path.includes('/recipient')) return target.recipients[0].id;
              if (op.path.includes('/item')) return target.envelopeItems[0].id;
              if (op.path.startsWith('/document')) return numeric ? documentId : String(documentId);
              return target.id;
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
          const url = `${op.prefix}${path}`;
          let res;
          if (op.body?.contentType === 'multipart/form-data') {
            const payloadSchema = op.body.schema.properties?.payload ?? {};
            // Creating routes document their payload as a JSON string: send the smallest valid one.
            const payload =
              payloadSchema.type === 'object' ? sampleValue(payloadSchema, { idFor: ids }) : { title: 'B' };
            const fileField = op.body.schema.properties?.file ? 'file' : 'files';
            res = await b.request(op.method, url, {
              body: multipartBody(payload, [{ field: fileField, bytes: await onePagePdf() }]),
            });
          } else if (op.body) {
            res = await b.request(op.method, url, { json: sampleValue(op.body.schema, { idFor: ids }) });
          } else {
            res = await b.request(op.method, url);
          }
          assert.ok(res.status < 500, `${op.method} ${url} → ${res.status}`);
          calls++;
        }
      }
      assert.ok(calls >= 2 * 30, `called ${calls} operations`);

      const afterwards = await snapshot(server);
      for (const [table, rows] of before) {
        const now = new Set((afterwards.get(table) ?? []).map((r) => JSON.stringify(r)));
        for (const row of rows) {
          if (platformOf(row) !== undefined && platformOf(row) !== aPlatformId) continue; // B's own rows
          assert.ok(
            now.has(JSON.stringify(row)),
            `${table}: A's row changed or vanished: ${JSON.stringify(row).slice(0, 300)}`,
          );
        }
        const known = new Set(rows.map((r) => JSON.stringify(r)));
        for (const row of afterwards.get(table) ?? []) {
          if (known.has(JSON.stringify(row))) continue;
          assert.notEqual(
            platformOf(row),
            aPlatformId,
            `${table}: a new row for A: ${JSON.stringify(row).slice(0, 300)}`,
          );
          const text = JSON.stringify(row);
          for (const id of [draft.id, open.id, hook.id, folder.id])
            assert.ok(!text.includes(id), `${table}: a new row refers to A's ${id}: ${text.slice(0, 300)}`);
        }
      }
    });
  });
}
