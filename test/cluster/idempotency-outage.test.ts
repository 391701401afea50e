import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { HttpClient, type HttpResponse } from '../helpers/http-client.js';
import { createPgCluster, pgClusterUnavailable, type PgCluster } from '../helpers/pg-cluster.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';

/**
 * PostgreSQL stopped while creates carrying an Idempotency-Key are in flight: a claimed key can
 * then not be released, and that failure used to reach Fastify's default error handler, which
 * logged the whole reply (and through it the request's headers, `Bearer api_…` in clear) and
 * answered its own `{"statusCode":503,"code":"ECONNREFUSED",…}`. Every answer must be the spec's
 * `{message, code}` and no log line may hold the token or any authorization header.
 */
describeOrSkip('Idempotency-Key creates while PostgreSQL stops', { skip: pgClusterUnavailable() }, () => {
  let cluster: PgCluster;
  let child: ChildProcessWithoutNullStreams | undefined;
  const dataDirs: string[] = [];

  before(async () => {
    cluster = await createPgCluster();
    await cluster.start();
  });

  after(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await cluster?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  // At `info` Fastify logs requests itself; above it, only our request loggers do: both paths.
  for (const level of ['warn', 'info'])
    test(`every answer is {message, code} and no log line holds the token or an authorization header (LOG_LEVEL=${level})`, async () => {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      const dataDir = mkdtempSync(join(tmpdir(), 'firma-idem-outage-'));
      dataDirs.push(dataDir);
      const name = `idem_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      child = spawnFirma(['serve'], {
        DATABASE_URL: cluster.url.replace(/\/postgres$/, `/${name}`),
        FIRMA_DATA_DIR: dataDir,
        FIRMA_SECRET_KEY: randomBytes(32).toString('hex'),
        PORT: '0',
        LOG_LEVEL: level,
      });
      const output = watchOutput(child);
      const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 60_000);
      const [, token] = await output.waitFor(/store it now:\s+(\S+)/);
      const api = new HttpClient(url!, token!);
      const pdf = await onePagePdf();
      const create = () =>
        api.post('/api/v2/document/create', {
          body: multipartBody(typicalPayload(), [{ field: 'file', bytes: pdf }]),
          headers: { 'idempotency-key': randomUUID() },
        });
      assert.equal((await create()).status, 200);

      // Clients keep creating while the database stops under them; some hold a claimed key then.
      const answers: HttpResponse[] = [];
      let stopped = false;
      const clients = Array.from({ length: 6 }, async () => {
        let afterStop = 0;
        while (afterStop < 4) {
          if (stopped) afterStop++;
          answers.push(await create());
        }
      });
      await sleep(300);
      await cluster.stop();
      stopped = true;
      await Promise.all(clients);
      await cluster.start();

      // The lines of the failed requests are written by now; give the logger a moment to flush.
      await sleep(200);
      // The log lines (JSON), not the start banner, which shows the first-start token once on purpose.
      const log = output
        .text()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .join('\n');
      assert.match(log, /"level":[45]0/, 'the failures were logged');
      assert.doesNotMatch(log, new RegExp(token!.slice(4)), 'the API token reached the log');
      assert.doesNotMatch(log, /authorization|bearer/i, 'an authorization header reached the log');
      assert.doesNotMatch(log, /"headers"\s*:\s*\{/, 'raw headers reached the log');
      const failed = answers.filter((a) => a.status !== 200);
      assert.ok(failed.length > 0, 'some creates met the stopped database');
      for (const answer of answers) {
        if (answer.status === 200) continue;
        assert.equal(answer.status, 503, JSON.stringify(answer.body));
        assert.deepEqual(Object.keys(answer.body).sort(), ['code', 'message'], JSON.stringify(answer.body));
        assert.equal(answer.body.code, 'DATABASE_UNAVAILABLE');
      }
      assert.equal(child.exitCode, null, 'the process stayed up');
    });
});
