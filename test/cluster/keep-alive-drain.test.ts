import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { RawConnection, rawRequest, type RawOutcome } from '../helpers/raw-http.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { testDatabases } from '../helpers/test-server.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;
/** Connections that send one request after another, creates among the reads. */
const BUSY = 12;
/** Kept-alive connections left idle, which send one request shortly after the SIGTERM. */
const IDLE_SEND_DELAYS_MS = [1, 2, 5, 10, 20, 35, 50, 75, 100];

interface Tally {
  answers: Map<number, number>;
  /** Answers that said `Connection: close` (the drain's). */
  closingAnswers: number;
  /** Requests not sent because the server had closed the connection first. */
  notWritten: number;
  /** Requests written on a connection that had been answered before, then never answered: the defect. */
  lost: string[];
  /** Connections opened during the drain that failed before any answer (refused or reset: a new connection may be). */
  newConnectionFailures: number;
  /** Creates answered 2xx: the documents that must exist. */
  created: number;
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
}

/** Tallies one outcome; true while the connection may carry another request. */
function record(tally: Tally, outcome: RawOutcome, answeredBefore: number, isCreate: boolean): boolean {
  if (outcome.kind === 'not-written') {
    tally.notWritten++;
    return false;
  }
  if (outcome.kind === 'lost') {
    if (answeredBefore === 0) tally.newConnectionFailures++;
    else tally.lost.push(`${isCreate ? 'create' : 'read'}: ${outcome.reason}`);
    return false;
  }
  const { status, headers } = outcome.answer;
  tally.answers.set(status, (tally.answers.get(status) ?? 0) + 1);
  if (isCreate && status >= 200 && status < 300) tally.created++;
  if (headers.connection?.toLowerCase() === 'close') {
    tally.closingAnswers++;
    return false;
  }
  return true;
}

/**
 * SIGTERM with kept-alive connections, on the real process and over raw sockets (so the test knows
 * whether each request was written). Busy connections send reads and creates back to back and go on
 * after the signal, idle ones send one request 1–100 ms after it, and every client opens a new
 * connection when the server closed its own, until the process exits. Every request written on a
 * connection the server had answered before is answered in full (with `Connection: close` during
 * the drain): none is reset or left unanswered, and after a restart the documents are exactly the
 * creates that were answered 2xx.
 */
for (const database of testDatabases()) {
  describe(`SIGTERM and kept-alive connections (${database}, real process)`, () => {
    const schema = `kad_${randomBytes(5).toString('hex')}`;
    let dataDir: string;
    let env: Record<string, string>;
    const children: ChildProcessWithoutNullStreams[] = [];

    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'firma-drain-'));
      env = { FIRMA_DATA_DIR: dataDir, PORT: '0', FIRMA_SECRET_KEY: randomBytes(32).toString('hex') };
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
      if (database === 'postgres') {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('a request written on an open connection during the drain is answered, never reset; no partial create', async () => {
      const first = spawnFirma(['serve'], env);
      children.push(first);
      const output = watchOutput(first);
      const [, base] = await output.waitFor(/listening on (http:\/\/\S+)/, 90_000);
      const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
      const { hostname, port, host } = new URL(base!);
      const auth = { authorization: `Bearer ${token}` };
      const read = rawRequest('GET', '/api/v2/me', host, auth);
      const form = new Response(
        multipartBody(typicalPayload({ title: 'drain' }), [{ field: 'file', bytes: await onePagePdf() }]),
      );
      const create = rawRequest(
        'POST',
        '/api/v2/document/create',
        host,
        {
          ...auth,
          'content-type': form.headers.get('content-type')!,
        },
        Buffer.from(await form.arrayBuffer()),
      );

      const tally: Tally = {
        answers: new Map(),
        closingAnswers: 0,
        notWritten: 0,
        lost: [],
        newConnectionFailures: 0,
        created: 0,
      };
      let signalled = false;
      let answeredBeforeSignal = 0;

      // One client: a connection at a time, requests back to back; a new connection when the server
      // closed this one; done when a connection is refused (the server stopped listening).
      const busyClient = async (index: number) => {
        for (let sent = 0; ;) {
          let connection: RawConnection;
          try {
            connection = await RawConnection.open(hostname, Number(port));
          } catch {
            if (!signalled) throw new Error('a connection was refused before the SIGTERM');
            tally.newConnectionFailures++;
            return;
          }
          for (let answered = 0; ; answered++, sent++) {
            const isCreate = (sent + index) % 4 === 0;
            const outcome = await connection.request(isCreate ? create : read);
            if (!signalled && outcome.kind === 'answer') answeredBeforeSignal++;
            if (!record(tally, outcome, answered, isCreate)) break;
          }
          connection.destroy();
        }
      };

      // Idle connections: answered once, then silent until a moment after the signal.
      const idle = await Promise.all(
        IDLE_SEND_DELAYS_MS.map(async () => {
          const connection = await RawConnection.open(hostname, Number(port));
          const outcome = await connection.request(read);
          assert.ok(record(tally, outcome, 0, false), `an idle connection's first request: ${JSON.stringify(outcome)}`);
          return connection;
        }),
      );

      const busy = Array.from({ length: BUSY }, (_, i) => busyClient(i));
      // A client that fails before the signal fails the test (instead of this loop waiting forever).
      const failed = Promise.race(busy).then(() => undefined);
      // Under way: every busy connection has been answered, some documents created.
      while (answeredBeforeSignal < BUSY * 4 || tally.created < 3) await Promise.race([sleep(20), failed]);

      signalled = true;
      first.kill('SIGTERM');
      const idleSends = idle.map(async (connection, i) => {
        await sleep(IDLE_SEND_DELAYS_MS[i]);
        record(tally, await connection.request(read), 1, false);
        connection.destroy();
      });
      const code = await exited(first);
      await Promise.all([...busy, ...idleSends]);

      const summary = JSON.stringify({ ...tally, answers: [...tally.answers] });
      assert.deepEqual(tally.lost, [], `requests written on an open connection and never answered: ${summary}`);
      assert.equal(code, 0, 'exit code');
      assert.deepEqual(
        [...tally.answers.keys()].filter((status) => status < 200 || status >= 300),
        [],
        `answers by status: ${summary}`,
      );
      assert.ok(tally.closingAnswers > 0, `requests during the drain are answered with Connection: close: ${summary}`);

      // Restarted: exactly the creates answered 2xx exist (none half-done, none answered and lost).
      const second = spawnFirma(['serve'], env);
      children.push(second);
      const [, base2] = await watchOutput(second).waitFor(/listening on (http:\/\/\S+)/, 90_000);
      const documents = await new HttpClient(base2!, token!).get('/api/v2/document?perPage=1');
      assert.equal(documents.status, 200);
      assert.equal(documents.body.count, tally.created, `documents after the restart: ${summary}`);
      second.kill('SIGTERM');
      assert.equal(await exited(second), 0);
      process.stdout.write(`# ${database}: ${summary}\n`);
    });
  });
}
