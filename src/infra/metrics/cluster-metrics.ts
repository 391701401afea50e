import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Metrics } from './metrics.js';

const ASK = 'firma:metrics-ask';
const ANSWER = 'firma:metrics-answer';
const ASK_TIMEOUT_MS = 6000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * `firma serve --workers N`: a scrape sees the whole cluster, whichever node the connection landed
 * on. Every node lets the primary collect its registry (prom-client's cluster protocol over the IPC
 * channel), and a node asked on the main port asks the primary for the aggregate: counters and
 * histograms summed over the nodes, the database-wide job gauges taken once (their aggregator is
 * `max`), process metrics summed or per prom-client's own aggregators.
 */
export function joinClusterMetrics(metrics: Metrics): void {
  if (!cluster.isWorker) return;
  // Constructing it installs the node's answer to the primary's collection request.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics.registry]);
  let next = 0;
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  process.on('message', (message: unknown) => {
    if (!isMessage<Answer>(message, ANSWER)) return;
    const w = waiting.get(message.id);
    if (!w) return;
    waiting.delete(message.id);
    if (message.text !== undefined) w.resolve(message.text);
    else w.reject(new Error(message.error ?? 'no metrics from the primary'));
  });
  metrics.renderWith(
    () =>
      new Promise<string>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the cluster primary did not answer with the metrics'));
        }, ASK_TIMEOUT_MS);
        waiting.set(id, {
          resolve: (text) => (clearTimeout(timer), resolve(text)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        process.send?.({ type: ASK, id } satisfies Ask);
      }),
  );
}

/**
 * In the cluster's primary: collects and aggregates every node's metrics, for the primary's own
 * metrics port and for nodes asked on the main port. Returns the collecting function.
 */
export function aggregateClusterMetrics(): { render(): Promise<string>; contentType: string } {
  const aggregator = new AggregatorRegistry();
  const render = async () => String(await aggregator.clusterMetrics());
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return;
    render().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: unknown) =>
        worker.isConnected() &&
        worker.send({ type: ANSWER, id: message.id, error: (error as Error).message } satisfies Answer),
    );
  });
  return { render, contentType: aggregator.contentType };
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
