import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { HttpClient } from '../helpers/http-client.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';

const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * `firma serve --workers 2`: the nodes share the main port, so a scrape through it lands on either;
 * both the primary's metrics port and a node asked on the main port answer the cluster's aggregate.
 */
describe('metrics of a cluster are its nodes’ aggregate (real processes, SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-cluster-metrics-'));
  const child = spawnFirma(['serve', '--workers', '2'], {
    FIRMA_DATA_DIR: dataDir,
    PORT: '0',
    FIRMA_METRICS_PORT: '0',
    FIRMA_METRICS_TOKEN: METRICS_TOKEN,
  });
  after(async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('requests spread over both nodes are all counted, on the metrics port and on the main port', async () => {
    const output = watchOutput(child);
    const [, metricsUrl] = await output.waitFor(/Metrics: (http:\/\/\S+)/, 90_000);
    const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m, 90_000);
    // PORT=0: the nodes share the one port the first got.
    const [, base] = await output.waitFor(/listening on (http:\/\/\S+)/, 90_000);
    const api = new HttpClient(base!, token!);
    const calls = 40;
    // Separate connections, so the primary hands them to both nodes.
    for (let i = 0; i < calls; i++)
      assert.equal((await api.get('/api/v2/me', { headers: { connection: 'close' } })).status, 200);
    const series = 'firma_http_request_duration_seconds_count{method="GET",route="/api/v2/me",status_code="200"}';
    const auth = { authorization: `Bearer ${METRICS_TOKEN}` };

    const fromPort = await fetch(metricsUrl!, { headers: auth });
    assert.equal(fromPort.status, 200);
    const text = await fromPort.text();
    assert.equal(sample(text, series), calls, 'the metrics port sums both nodes');
    assert.equal((await fetch(metricsUrl!)).status, 401, 'the token is asked there too');
    // Database-wide gauges are taken once, not once per node.
    assert.equal(sample(text, 'firma_job_queue_depth{kind="envelope.complete",state="running"}'), 0);

    for (let i = 0; i < 4; i++) {
      const viaNode = await api.get('/metrics', { token: METRICS_TOKEN, headers: { connection: 'close' } });
      assert.equal(viaNode.status, 200);
      assert.equal(sample(viaNode.body as string, series), calls, 'any node answers the aggregate');
    }
  });
});
