import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { insertJob } from '../../src/db/repositories/job.repo.js';
import { startProcessMetricsServer } from '../../src/server.js';
import type { MetricsServer } from '../../src/http/metrics/metrics-server.js';
import { createPendingDocument } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const database of testDatabases()) {
  describe(`Prometheus metrics (${database})`, () => {
    let server: TestServer;
    let limited: TestServer;
    let metricsPort: MetricsServer | null = null;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    before(async () => {
      receiver = await startReceiver();
      server = await startTestServer({ database, env: { FIRMA_METRICS_TOKEN: METRICS_TOKEN } });
      // No token: nothing on the main port; a metrics port of its own; a limit of 2 a minute.
      limited = await startTestServer({
        database,
        env: { FIRMA_RATE_LIMIT_PER_MINUTE: '2', FIRMA_METRICS_PORT: '0' },
      });
      metricsPort = await startProcessMetricsServer(limited.ctx);
    });

    after(async () => {
      await metricsPort?.close();
      await server?.close();
      await limited?.close();
      await receiver?.close();
    });

    const scrape = (token: string | null = METRICS_TOKEN) => server.anon.get('/metrics', { token });

    test('the main port refuses a scrape without the metrics token, or with another one, or with an API token', async () => {
      for (const token of [null, 'not-the-metrics-token-000', server.api.token]) {
        const res = await scrape(token);
        assert.equal(res.status, 401);
        assert.equal(res.body.code, 'UNAUTHORIZED');
        assert.ok(!JSON.stringify(res.body).includes(METRICS_TOKEN));
      }
    });

    test('without FIRMA_METRICS_TOKEN the main port has no /metrics (404), even with a bearer', async () => {
      const res = await limited.anon.get('/metrics', { token: METRICS_TOKEN });
      assert.equal(res.status, 404);
    });

    test('after a completed document: requests by route pattern, completion, seal, jobs, webhooks, mail, no private text', async () => {
      const hook = await server.api.post('/api/v2/webhook/create', {
        json: { url: `${receiver.url}/hook`, events: ['DOCUMENT_COMPLETED'] },
      });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      const { documentId, envelopeId, urls } = await createPendingDocument(server.api, undefined, {
        distributionMethod: 'EMAIL',
      });
      assert.equal((await server.api.get(`/api/v2/document/${documentId}`)).status, 200);
      for (const url of urls.values()) assert.equal((await signAll(server.anon, tokenOf(url))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      await receiver.waitFor((w) => w.body.event === 'DOCUMENT_COMPLETED');
      const unmatchedPath = `/api/v2/no-such-route/${envelopeId}-private-looking`;
      assert.equal((await server.api.get(unmatchedPath)).status, 404);

      // The attempt is counted once it is committed, just after the receiver answered.
      let text = '';
      for (let i = 0; i < 100; i++) {
        const res = await scrape();
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
        text = res.body as string;
        if ((sample(text, 'firma_webhook_deliveries_total{outcome="delivered"}') ?? 0) >= 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }

      assert.equal(
        sample(
          text,
          'firma_http_request_duration_seconds_count{method="POST",route="/api/v2/document/create",status_code="200"}',
        ),
        1,
      );
      assert.ok(
        (sample(
          text,
          'firma_http_request_duration_seconds_count{method="GET",route="/api/v2/document/:documentId",status_code="200"}',
        ) ?? 0) >= 1,
      );
      assert.ok(
        (sample(
          text,
          'firma_http_request_duration_seconds_count{method="GET",route="/api/v2/signing/:token",status_code="200"}',
        ) ?? 0) >= 1,
        'signing requests are labelled by their pattern',
      );
      assert.match(
        text,
        /firma_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v2\/document/,
      );
      assert.equal(
        sample(text, 'firma_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
        1,
      );
      assert.equal(sample(text, 'firma_completion_duration_seconds_count{outcome="completed"}'), 1);
      assert.ok((sample(text, 'firma_seal_duration_seconds_count{document="item"}') ?? 0) >= 1);
      assert.equal(sample(text, 'firma_seal_duration_seconds_count{document="certificate"}'), 1);
      assert.equal(sample(text, 'firma_jobs_total{kind="envelope.complete",outcome="done"}'), 1);
      assert.ok((sample(text, 'firma_webhook_deliveries_total{outcome="delivered"}') ?? 0) >= 1);
      assert.ok((sample(text, 'firma_mail_messages_total{transport="file",outcome="sent"}') ?? 0) >= 1);
      assert.notEqual(sample(text, 'firma_job_queue_depth{kind="envelope.complete",state="ready"}'), undefined);
      assert.notEqual(sample(text, 'firma_job_oldest_age_seconds{kind="envelope.complete"}'), undefined);
      assert.notEqual(sample(text, 'process_cpu_user_seconds_total'), undefined, 'process default metrics');
      assert.notEqual(sample(text, 'nodejs_heap_size_total_bytes'), undefined);

      // No raw path, id, signing token or credential in any label.
      for (const route of text.matchAll(/route="([^"]*)"/g))
        assert.ok(route[1] === 'unmatched' || !/\d{2,}|[A-Za-z0-9_-]{24,}/.test(route[1]!), `route label ${route[1]}`);
      for (const url of urls.values()) assert.ok(!text.includes(tokenOf(url)), 'no signing token');
      assert.ok(!text.includes(server.api.token!), 'no API token');
      assert.ok(!text.includes(METRICS_TOKEN), 'no metrics token');
      assert.ok(!text.includes(envelopeId), 'no envelope id');
      assert.ok(!text.includes(receiver.url), 'no webhook URL');
      assert.ok(!text.includes('private-looking'), 'no raw URL of an unmatched path');
    });

    test('the job gauges read the queue: due, scheduled, and how long the oldest due one waited', async () => {
      const now = Date.now();
      const at = (ms: number) => new Date(now + ms).toISOString();
      // A kind no worker handles stays where it is put.
      const kind = 'metrics.probe';
      for (const runAt of [at(-120_000), at(-5_000), at(3_600_000)])
        await insertJob(server.ctx.db, {
          kind,
          payload: '{}',
          status: 'pending',
          maxAttempts: 1,
          runAt,
          createdAt: at(0),
          updatedAt: at(0),
        });
      const text = (await scrape()).body as string;
      assert.equal(sample(text, `firma_job_queue_depth{kind="${kind}",state="ready"}`), 2);
      assert.equal(sample(text, `firma_job_queue_depth{kind="${kind}",state="scheduled"}`), 1);
      assert.equal(sample(text, `firma_job_queue_depth{kind="${kind}",state="running"}`), 0);
      const age = sample(text, `firma_job_oldest_age_seconds{kind="${kind}"}`)!;
      assert.ok(age >= 119 && age < 180, `oldest age ${age}`);
    });

    test('the metrics port serves the scrape; rate-limit refusals are counted; other paths are 404', async () => {
      assert.ok(metricsPort, 'FIRMA_METRICS_PORT=0 opens a port');
      for (let i = 0; i < 4; i++) await limited.api.get('/api/v2/me');
      const res = await fetch(metricsPort.url);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.equal(sample(text, 'firma_rate_limit_refusals_total{scope="token"}'), 2);
      assert.equal(
        sample(text, 'firma_http_request_duration_seconds_count{method="GET",route="/api/v2/me",status_code="429"}'),
        2,
      );
      assert.equal((await fetch(metricsPort.url.replace('/metrics', '/other'))).status, 404);
    });

    test('the metrics port asks for the token too when one is configured', async () => {
      const guarded = await startProcessMetricsServer({
        ...server.ctx,
        config: { ...server.ctx.config, metrics: { port: 0, host: '127.0.0.1', token: METRICS_TOKEN } },
      });
      try {
        assert.equal((await fetch(guarded!.url)).status, 401);
        const ok = await fetch(guarded!.url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        assert.equal(ok.status, 200);
        assert.match(await ok.text(), /firma_http_request_duration_seconds/);
      } finally {
        await guarded?.close();
      }
    });
  });
}
