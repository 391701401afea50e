import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Metrics } from './metrics.js';

test('the request histogram exposes cumulative buckets, sum and count per method, route and status', async () => {
  const metrics = new Metrics({ defaultMetrics: false });
  for (const seconds of [0.0004, 0.003, 0.003, 2])
    metrics.httpRequest('GET', '/api/v2/document/:documentId', 200, seconds);
  metrics.httpRequest('POST', '/api/v2/document/create', 400, 0.02);
  const text = await metrics.render();
  const line = (series: string) => text.split('\n').find((l) => l.startsWith(`${series} `));
  const labels = 'method="GET",route="/api/v2/document/:documentId",status_code="200"';
  assert.equal(line(`firma_http_request_duration_seconds_bucket{le="0.0005",${labels}}`)?.split(' ')[1], '1');
  assert.equal(line(`firma_http_request_duration_seconds_bucket{le="0.005",${labels}}`)?.split(' ')[1], '3');
  assert.equal(line(`firma_http_request_duration_seconds_bucket{le="1",${labels}}`)?.split(' ')[1], '3');
  assert.equal(line(`firma_http_request_duration_seconds_bucket{le="+Inf",${labels}}`)?.split(' ')[1], '4');
  assert.equal(line(`firma_http_request_duration_seconds_count{${labels}}`)?.split(' ')[1], '4');
  assert.ok(
    Math.abs(Number(line(`firma_http_request_duration_seconds_sum{${labels}}`)?.split(' ')[1]) - 2.0064) < 1e-9,
  );
  assert.match(text, /# TYPE firma_http_request_duration_seconds histogram/);
  assert.match(
    text,
    /firma_http_request_duration_seconds_count\{method="POST",route="\/api\/v2\/document\/create",status_code="400"\} 1/,
  );
});

test('the Grafana dashboard is valid JSON with a panel for every metric family', async () => {
  const dashboard = JSON.parse(
    readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
  ) as {
    panels: { targets: { expr: string }[] }[];
  };
  const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
  const families = (await new Metrics({ defaultMetrics: false }).registry.getMetricsAsJSON()).map((m) => m.name);
  assert.ok(families.length >= 10);
  for (const family of families) assert.ok(exprs.includes(family), `no panel shows ${family}`);
  for (const processFamily of [
    'process_cpu_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_p99_seconds',
  ])
    assert.ok(exprs.includes(processFamily), processFamily);
});
