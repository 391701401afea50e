import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createDocument } from '../helpers/documents.js';
import { HttpClient, type HttpResponse } from '../helpers/http-client.js';
import { CONSENT, tokenOf, valueFor, waitForStatus } from '../helpers/signing.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { testDatabases } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;
const CLIENTS = 16;
const SHUTDOWN_TIMEOUT_MS = 20_000;

/** A request that never got an answer because the server was not taking connections any more. */
class Refused extends Error {}

/** What the clients saw, request by request. */
interface Tally {
  answers: Map<number, number>;
  refused: Map<string, number>;
  created: Set<number>;
  distributed: Set<number>;
  signed: Set<number>;
}

function bump<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** One call, tallied: an answer (any status) is returned, a connection-level failure throws Refused. */
async function call(tally: Tally, request: () => Promise<HttpResponse>): Promise<HttpResponse> {
  try {
    const res = await request();
    bump(tally.answers, res.status);
    return res;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    bump(tally.refused, cause?.code ?? (error as Error).message);
    throw new Refused(cause?.code ?? (error as Error).message);
  }
}

/** A client's loop: create, send, read, and both signers sign, until the server refuses a connection. */
async function client(base: string, token: string, tally: Tally): Promise<void> {
  const api = new HttpClient(base, token);
  const anon = new HttpClient(base, null);
  try {
    for (;;) {
      const created = await call(tally, () => createDocument(api));
      if (created.status !== 200) continue;
      const documentId = created.body.id as number;
      tally.created.add(documentId);
      const sent = await call(tally, () =>
        api.post('/api/v2/document/distribute', {
          json: { documentId, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
        }),
      );
      if (sent.status !== 200) continue;
      tally.distributed.add(documentId);
      await call(tally, () => api.get(`/api/v2/document/${documentId}`));
      let completes = 0;
      const signers = (sent.body.recipients as { signingUrl?: string; role: string }[]).filter(
        (r) => r.signingUrl && r.role !== 'CC',
      );
      for (const recipient of signers) {
        const signing = tokenOf(recipient.signingUrl!);
        const view = await call(tally, () => anon.get(`/api/v2/signing/${signing}`));
        if (view.status !== 200) break;
        for (const f of view.body.fields as { id: number; type: string; fieldMeta: any }[]) {
          if (f.fieldMeta?.readOnly) continue;
          await call(tally, () => anon.post(`/api/v2/signing/${signing}/field/${f.id}`, { json: valueFor(f) }));
        }
        const done = await call(tally, () => anon.post(`/api/v2/signing/${signing}/complete`, { json: CONSENT }));
        if (done.status === 200) completes++;
      }
      if (completes === signers.length) tally.signed.add(documentId);
    }
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  }
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
}

/**
 * SIGTERM under load, on the real process: 16 clients keep creating, sending, reading and signing
 * documents (completions and webhook deliveries pile up behind them); the server is told to stop.
 * Every request is answered 2xx or refused at the connection, the process exits 0 within its
 * shutdown timeout, and a restarted server finishes every completion and delivers every webhook
 * exactly once.
 */
for (const database of testDatabases()) {
  describe(`graceful shutdown under load (${database}, real processes)`, () => {
    const schema = `gs_${randomBytes(5).toString('hex')}`;
    let dataDir: string;
    let env: Record<string, string>;
    const children: ChildProcessWithoutNullStreams[] = [];
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'firma-shutdown-'));
      receiver = await startReceiver();
      env = {
        FIRMA_DATA_DIR: dataDir,
        PORT: '0',
        FIRMA_SECRET_KEY: randomBytes(32).toString('hex'),
        FIRMA_JOB_POLL_MS: '100',
        FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
        FIRMA_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      };
      if (database === 'postgres') {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        const url = new URL(PG_URL!);
        url.searchParams.set('options', `-c search_path=${schema}`);
        env.DATABASE_URL = url.toString();
      }
    });

    after(async () => {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(children.map(exited));
      await receiver?.close();
      if (database === 'postgres') {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('no 5xx, exit 0 within the timeout, and after a restart every completion and webhook exactly once', async () => {
      const first = spawnFirma(['serve'], env);
      children.push(first);
      const output = watchOutput(first);
      const [, base] = await output.waitFor(/listening on (http:\/\/\S+)/, 90_000);
      const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
      const api = new HttpClient(base!, token!);
      const hook = await api.post('/api/v2/webhook/create', {
        json: { url: `${receiver.url}/hook`, events: ['DOCUMENT_SENT', 'DOCUMENT_COMPLETED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));

      const tally: Tally = {
        answers: new Map(),
        refused: new Map(),
        created: new Set(),
        distributed: new Set(),
        signed: new Set(),
      };
      const load = Promise.all(Array.from({ length: CLIENTS }, () => client(base!, token!, tally)));
      // Under way: documents fully signed, so completions are running and queued.
      const started = Date.now();
      while (tally.signed.size < 8 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
      assert.ok(tally.signed.size >= 8, `only ${tally.signed.size} documents signed before the stop`);

      const terminatedAt = Date.now();
      first.kill('SIGTERM');
      const code = await exited(first);
      const stopMs = Date.now() - terminatedAt;
      await load;

      assert.equal(code, 0, 'exit code');
      assert.ok(stopMs < SHUTDOWN_TIMEOUT_MS + 5000, `stopped after ${stopMs} ms`);
      const statuses = [...tally.answers.keys()];
      assert.deepEqual(
        statuses.filter((s) => s < 200 || s >= 300),
        [],
        `answers by status: ${JSON.stringify([...tally.answers])}`,
      );
      assert.ok(tally.refused.size > 0, 'the clients were stopped by refused connections');
      for (const reason of tally.refused.keys())
        assert.match(reason, /ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET|EPIPE|other side closed/, reason);

      // Restarted: the queued completions and deliveries resume.
      const second = spawnFirma(['serve'], env);
      children.push(second);
      const [, base2] = await watchOutput(second).waitFor(/listening on (http:\/\/\S+)/, 90_000);
      const api2 = new HttpClient(base2!, token!);
      for (const documentId of tally.signed) await waitForStatus(api2, documentId, ['COMPLETED'], 180_000);
      const completedEvents = (w: { body: { event: string } }) => w.body.event === 'DOCUMENT_COMPLETED';
      await receiver.waitFor(completedEvents, tally.signed.size, 120_000);
      await receiver.waitFor((w) => w.body.event === 'DOCUMENT_SENT', tally.distributed.size, 60_000);
      // Anything delivered twice would arrive within a poll or two more.
      await new Promise((r) => setTimeout(r, 1500));

      const eventIds = receiver.received.map((w) => w.body.id);
      assert.equal(new Set(eventIds).size, eventIds.length, 'no event delivered twice');
      for (const event of ['DOCUMENT_SENT', 'DOCUMENT_COMPLETED']) {
        const perDocument = new Map<number, number>();
        for (const w of receiver.received) if (w.body.event === event) bump(perDocument, w.body.payload.id as number);
        for (const [documentId, n] of perDocument) {
          assert.equal(n, 1, `${event} of ${documentId} delivered ${n} times`);
          assert.ok(tally.created.has(documentId), `${event} of a document no client created`);
        }
        const expected = event === 'DOCUMENT_SENT' ? tally.distributed : tally.signed;
        for (const documentId of expected) assert.ok(perDocument.has(documentId), `${event} of ${documentId} lost`);
      }
      for (const documentId of tally.distributed) {
        const doc = await api2.get(`/api/v2/document/${documentId}`);
        assert.equal(doc.body.status === 'COMPLETED', tally.signed.has(documentId), `document ${documentId}`);
      }
      second.kill('SIGTERM');
      assert.equal(await exited(second), 0);
      process.stdout.write(
        `# ${database}: ${tally.created.size} created, ${tally.signed.size} signed; answers ${JSON.stringify([...tally.answers])}, refused ${JSON.stringify([...tally.refused])}; stopped in ${stopMs} ms\n`,
      );
    });
  });
}
