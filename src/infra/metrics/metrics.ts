import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram.js';

/** One row of the job queue as the metrics show it: jobs of a kind in a state, and the oldest due one. */
export interface JobQueueStat {
  kind: string;
  /** ready: pending and due; scheduled: pending, due later; running: leased by a worker. */
  state: 'ready' | 'scheduled' | 'running';
  count: number;
  /** For `ready`: seconds since the oldest one became due (how long work waits); 0 otherwise. */
  oldestAgeSeconds: number;
}

export type WebhookOutcome = 'delivered' | 'retry' | 'failed';
export type JobOutcome = 'done' | 'retry' | 'failed';
export type RateLimitScope = 'token' | 'ip' | 'signing' | 'direct-link' | 'sign-in';

/** Request latencies from a fast cached read (< 1 ms) to a large upload (seconds). */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** PDF work: a one-page seal takes tens of milliseconds, a 500-page completion tens of seconds. */
const PDF_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * The process's Prometheus metrics, in a registry of its own (not prom-client's global one, so
 * several servers in one process, as the tests run them, keep separate counts). Use cases record
 * through the small methods below and never see prom-client. Labels are bounded sets: route
 * patterns (never a raw URL, which holds ids and tokens), kinds, outcomes and status codes.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly http: RequestHistogram;
  private readonly webhooks: Counter<'outcome'>;
  private readonly jobs: Counter<'kind' | 'outcome'>;
  private readonly jobDuration: Histogram<'kind'>;
  private readonly completion: Histogram<'outcome'>;
  private readonly seal: Histogram<'document'>;
  private readonly mail: Counter<'transport' | 'outcome'>;
  private readonly rateLimit: Counter<'scope'>;
  private readonly storage: Counter<'kind'>;
  private readonly blobsCollected: Counter;
  private readonly blobBytesCollected: Counter;
  private jobQueueSource: (() => Promise<JobQueueStat[]>) | null = null;
  private jobQueueRead: Promise<JobQueueStat[]> | null = null;
  private renderSource: (() => Promise<string>) | null = null;

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.http = new RequestHistogram(
      {
        name: 'firma_http_request_duration_seconds',
        help: 'HTTP requests by method, route pattern and status code, with their latency',
        buckets: HTTP_BUCKETS,
      },
      this.registry,
    );
    this.webhooks = new Counter({
      name: 'firma_webhook_deliveries_total',
      help: 'Webhook delivery attempts recorded, by outcome (retry: failed, to be tried again; failed: given up)',
      labelNames: ['outcome'],
      registers,
    });
    this.jobs = new Counter({
      name: 'firma_jobs_total',
      help: 'Jobs run by this process, by kind and outcome',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'firma_job_duration_seconds',
      help: 'Time a job handler ran, by kind',
      labelNames: ['kind'],
      buckets: PDF_BUCKETS,
      registers,
    });
    this.completion = new Histogram({
      name: 'firma_completion_duration_seconds',
      help: 'Completion runs (render, seal, certificate, store), by outcome (tampered: refused, the audit chain was rewritten)',
      labelNames: ['outcome'],
      buckets: PDF_BUCKETS,
      registers,
    });
    this.seal = new Histogram({
      name: 'firma_seal_duration_seconds',
      help: 'Sealing one PDF, by document (item or certificate)',
      labelNames: ['document'],
      buckets: PDF_BUCKETS,
      registers,
    });
    this.mail = new Counter({
      name: 'firma_mail_messages_total',
      help: 'Mail messages handed to the transport, by transport and outcome',
      labelNames: ['transport', 'outcome'],
      registers,
    });
    this.storage = new Counter({
      name: 'firma_storage_failures_total',
      help: 'Requests answered 503 because the blob store was unreachable (unavailable) or a disk was full (full)',
      labelNames: ['kind'],
      registers,
    });
    this.blobsCollected = new Counter({
      name: 'firma_blobs_collected_total',
      help: 'Blobs no row referenced, removed by the garbage collection after its grace period',
      registers,
    });
    this.blobBytesCollected = new Counter({
      name: 'firma_blob_bytes_collected_total',
      help: 'Bytes of the blobs the garbage collection removed',
      registers,
    });
    this.rateLimit = new Counter({
      name: 'firma_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by what was counted',
      labelNames: ['scope'],
      registers,
    });
    // Both job gauges come from one grouped query per scrape, shared by their two collect calls
    // (the registry collects every metric concurrently). The database-wide values are the same on
    // every node, so a cluster's aggregate takes the largest, not the sum.
    const readJobQueue = () => this.readJobQueue();
    new Gauge({
      name: 'firma_job_queue_depth',
      help: 'Jobs in the queue (whole database), by kind and state (ready: due now; scheduled: due later; running)',
      labelNames: ['kind', 'state'],
      registers,
      aggregator: 'max',
      async collect() {
        const stats = await readJobQueue();
        this.reset();
        for (const s of stats) this.labels(s.kind, s.state).set(s.count);
      },
    });
    new Gauge({
      name: 'firma_job_oldest_age_seconds',
      help: 'Seconds the oldest due job of each kind has been waiting to be claimed (whole database)',
      labelNames: ['kind'],
      registers,
      aggregator: 'max',
      async collect() {
        const stats = await readJobQueue();
        this.reset();
        for (const s of stats) if (s.state === 'ready') this.labels(s.kind).set(s.oldestAgeSeconds);
      },
    });
  }

  /** Where the job gauges read the queue from (the database is opened after the metrics). */
  observeJobQueue(source: () => Promise<JobQueueStat[]>): void {
    this.jobQueueSource = source;
  }

  private readJobQueue(): Promise<JobQueueStat[]> {
    if (!this.jobQueueSource) return Promise.resolve([]);
    // A database that cannot answer leaves the job series out of this scrape (their absence is the
    // signal, beside /ready); the process's own metrics are still served.
    this.jobQueueRead ??= this.jobQueueSource()
      .catch(() => [])
      .finally(() => (this.jobQueueRead = null));
    return this.jobQueueRead;
  }

  httpRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.http.observe(method, route, statusCode, seconds);
  }

  webhookDelivery(outcome: WebhookOutcome): void {
    this.webhooks.labels(outcome).inc();
  }

  job(kind: string, outcome: JobOutcome, seconds: number): void {
    this.jobs.labels(kind, outcome).inc();
    this.jobDuration.labels(kind).observe(seconds);
  }

  completionRun(outcome: 'completed' | 'rejected' | 'error' | 'tampered', seconds: number): void {
    this.completion.labels(outcome).observe(seconds);
  }

  sealDone(document: 'item' | 'certificate', seconds: number): void {
    this.seal.labels(document).observe(seconds);
  }

  mailSent(transport: string, outcome: 'sent' | 'failed'): void {
    this.mail.labels(transport, outcome).inc();
  }

  storageFailure(kind: 'unavailable' | 'full'): void {
    this.storage.inc({ kind });
  }

  blobsRemoved(count: number, bytes: number): void {
    this.blobsCollected.inc(count);
    this.blobBytesCollected.inc(bytes);
  }

  rateLimitRefusal(scope: RateLimitScope): void {
    this.rateLimit.labels(scope).inc();
  }

  /** The text a scrape gets (Prometheus exposition format): this process's, or what `renderWith` set. */
  render(): Promise<string> {
    return this.renderSource ? this.renderSource() : this.registry.metrics();
  }

  /** Scrapes answer from elsewhere from now on: a cluster node answers its cluster's aggregate. */
  renderWith(source: () => Promise<string>): void {
    this.renderSource = source;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Seconds since `startNs` (from `process.hrtime.bigint()`). */
export function secondsSince(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e9;
}
