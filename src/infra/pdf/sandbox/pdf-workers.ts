import { Worker } from 'node:worker_threads';
import { PdfRejectedError } from '../inspect-pdf.js';
import { deserializeError, type PdfTask, type PdfTaskResult, type SerializedError } from './pdf-task.js';

/**
 * PDF parsing, rendering and sealing run here, in a small pool of worker threads, never on the
 * event loop that answers requests: a hostile or merely huge document then costs one thread's
 * time and memory, bounded three ways: the inflate budget (inside the thread), a V8 heap limit
 * (the thread dies, not the process) and a deadline per task (the thread is terminated and
 * replaced). Threads start on first use and are unref'd, so an idle pool keeps nothing alive.
 */

export interface PdfWorkersOptions {
  /** Threads at most; tasks beyond wait in order. */
  size: number;
  /** Bytes all compressed streams of one task may inflate to. */
  inflateBudgetBytes: number;
  /** V8 old-generation limit per thread, MB. */
  maxHeapMb?: number;
  /** Deadline for inspecting an upload or filling its form, ms. */
  inspectTimeoutMs?: number;
  /** Deadline for rendering or sealing, ms. */
  renderTimeoutMs?: number;
}

interface Pending {
  task: PdfTask;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Running extends Pending {
  id: number;
  /** Started once the thread has loaded (a task given to a cold thread waits for it). */
  timer?: NodeJS.Timeout;
  timeoutMs: number;
}

/** What a caller sees when a thread had to be stopped: the document, not Firma, is the problem. */
function tooComplex(detail: string): PdfRejectedError {
  return new PdfRejectedError('PDF_TOO_COMPLEX', detail);
}

const here = new URL(import.meta.url);
const fromSource = here.pathname.endsWith('.ts');
/**
 * The worker's entry beside this file: `.js` in dist; `.ts` when running from source (tests,
 * `npm run dev`), where the thread first registers tsx itself, as loader flags do not reach
 * worker threads on Node 20.
 */
const entry = new URL(`./pdf-worker${fromSource ? '.ts' : '.js'}`, here);
const bootstrap = fromSource
  ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`
  : `import(${JSON.stringify(entry.href)});`;

export class PdfWorkers {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Running>();
  private readonly queue: Pending[] = [];
  /** Threads whose modules have loaded: a deadline counts the task's work, not the thread's start. */
  private readonly loaded = new WeakSet<Worker>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PdfWorkersOptions) {}

  /** Runs one task in a thread; rejects with the task's own error classes (PdfRejectedError…). */
  run<K extends PdfTask['kind']>(task: Extract<PdfTask, { kind: K }>): Promise<PdfTaskResult[K]> {
    if (this.closed) return Promise.reject(new Error('the PDF workers are closed'));
    return new Promise<unknown>((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.pump();
    }) as Promise<PdfTaskResult[K]>;
  }

  /** Stops every thread; tasks still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the PDF workers are closed'));
    const threads = [...this.idle.splice(0), ...this.running.keys()];
    await Promise.all(threads.map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.running.size < this.options.size ? this.spawn() : undefined);
      if (!worker) return;
      this.start(worker, this.queue.shift()!);
    }
  }

  private start(worker: Worker, pending: Pending): void {
    const id = this.nextId++;
    const timeoutMs = ['inspect', 'fill-form', 'find-tags', 'find-text', 'signature-image'].includes(pending.task.kind)
      ? (this.options.inspectTimeoutMs ?? 30_000)
      : (this.options.renderTimeoutMs ?? 300_000);
    const job: Running = { ...pending, id, timeoutMs };
    this.running.set(worker, job);
    if (this.loaded.has(worker)) this.startDeadline(worker, job);
    worker.ref();
    worker.postMessage({ id, task: pending.task });
  }

  private startDeadline(worker: Worker, job: Running): void {
    job.timer = setTimeout(
      () => this.fail(worker, tooComplex(`processing took longer than ${job.timeoutMs} ms`)),
      job.timeoutMs,
    );
  }

  private spawn(): Worker {
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { inflateBudgetBytes: this.options.inflateBudgetBytes },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 384, maxYoungGenerationSizeMb: 16 },
      // pdf-lib warns on stdout about every object it cannot parse: noise, never evidence.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on(
      'message',
      (message: { id: number; ok: boolean; value?: unknown; error?: SerializedError; ready?: true }) => {
        if (message.ready) {
          this.loaded.add(worker);
          const waiting = this.running.get(worker);
          if (waiting && !waiting.timer) this.startDeadline(worker, waiting);
          return;
        }
        const job = this.running.get(worker);
        if (!job || job.id !== message.id) return;
        clearTimeout(job.timer);
        this.running.delete(worker);
        worker.unref();
        if (message.ok) job.resolve(message.value);
        else job.reject(deserializeError(message.error!));
        if (this.closed) void worker.terminate();
        else this.idle.push(worker);
        this.pump();
      },
    );
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(worker, outOfMemory ? tooComplex('processing needed more memory than a PDF worker has') : error);
    });
    worker.on('exit', () => this.fail(worker, new Error('a PDF worker stopped')));
    return worker;
  }

  /** Ends the thread's task with `error`, stops the thread and lets a fresh one take the queue. */
  private fail(worker: Worker, error: Error): void {
    const job = this.running.get(worker);
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    if (job) {
      clearTimeout(job.timer);
      this.running.delete(worker);
      job.reject(error);
    }
    worker.removeAllListeners();
    worker.on('error', () => undefined);
    void worker.terminate();
    if (!this.closed) this.pump();
  }
}
