import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createDocument } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * `envelope.version` is what cached views are validated against: the database must bump it on
 * every insert, update and delete of the envelope and of each of its parts, whoever writes.
 */
for (const database of testDatabases()) {
  describe(`envelope.version moves with every change of the envelope or its parts (${database})`, () => {
    let server: TestServer;
    let id: number;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      id = (await createDocument(server.api)).body.id;
    });
    after(() => server.close());

    const version = async () =>
      Number(
        (await sql<{ version: number }>`select version from envelope where id = ${id}`.execute(server.ctx.db)).rows[0]!
          .version,
      );

    /** Runs a change and checks the version moved forward. */
    async function bumps(what: string, change: string) {
      const before = await version();
      await sql.raw(change.replaceAll(':id', String(id))).execute(server.ctx.db);
      const after = await version();
      assert.ok(after > before, `${what}: version ${before} → ${after}`);
    }

    test('creating the document already counted its parts', async () => {
      assert.ok((await version()) > 1);
    });

    test('the envelope row itself', async () => {
      await bumps('envelope update', "update envelope set title = 'x' where id = :id");
      await bumps(
        'an update that sets version explicitly still moves it',
        'update envelope set version = version where id = :id',
      );
    });

    test('recipients', async () => {
      await bumps(
        'insert',
        "insert into recipient (envelope_id, email, name, role, read_status, signing_status, send_status, created_at, updated_at) values (:id, 'z@example.com', 'Z', 'CC', 'NOT_OPENED', 'NOT_SIGNED', 'NOT_SENT', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      );
      await bumps('update', "update recipient set name = 'Zeta' where envelope_id = :id and email = 'z@example.com'");
      await bumps('delete', "delete from recipient where envelope_id = :id and email = 'z@example.com'");
    });

    test('fields', async () => {
      await bumps('update', 'update field set position_x = 12 where envelope_id = :id');
      await bumps('delete', 'delete from field where id = (select min(id) from field where envelope_id = :id)');
    });

    test('items and attachments', async () => {
      await bumps('item update', "update envelope_item set title = 'Anexo' where envelope_id = :id");
      await bumps(
        'attachment insert',
        "insert into attachment (id, envelope_id, type, label, data, created_at) values ('att_v', :id, 'link', 'L', 'https://example.com', '2026-01-01T00:00:00.000Z')",
      );
      await bumps('attachment update', "update attachment set label = 'M' where id = 'att_v'");
      await bumps('attachment delete', "delete from attachment where id = 'att_v'");
    });

    test("a change of one envelope leaves another's version alone", async () => {
      const otherId = (await createDocument(server.api)).body.id;
      const otherVersion = async () =>
        Number(
          (await sql<{ version: number }>`select version from envelope where id = ${otherId}`.execute(server.ctx.db))
            .rows[0]!.version,
        );
      const before = await otherVersion();
      await bumps('this envelope', "update recipient set name = 'Solo este' where envelope_id = :id");
      assert.equal(await otherVersion(), before);
    });
  });
}
