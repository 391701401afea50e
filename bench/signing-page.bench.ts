/**
 * The signing page on a phone (issue 39 item 5): `npx tsx bench/signing-page.bench.ts [pages…]`.
 *
 * A real `firma serve` (dist/, SQLite, fresh data dir) and documents of 1, 100 and 500 A4 pages,
 * each with one signature field on its last page. Chromium (playwright-core, FIRMA_TEST_BROWSER or
 * /usr/bin/chromium), one fresh browser per measure, a phone: 390×844, deviceScaleFactor 3, touch,
 * and CDP `Emulation.setCPUThrottlingRate {rate: 4}`. For each document, today's page ("after")
 * and the page as it was before issue 38 ("before": every page drawn at load, pdf-pages.js of
 * 736397f served in its place by a route), alternating in the same run:
 *   - first page drawn: from navigation to the first animation frame in which page 1's canvas shows
 *     its first line of text (pixels read from the canvas);
 *   - interactive: the first page drawn and the first field of the page focusable (in the DOM,
 *     laid out, enabled); the only field is on the last page;
 *   - memory after load and after scrolling the whole document a screen at a time: the renderer
 *     processes' RSS (main thread, pdf.js worker, canvases), the main thread's JS heap after a
 *     garbage collection, and the canvases' pixels (width × height × 4 bytes, summed).
 * "before" at many pages may not finish: it is stopped at BENCH_SIGNING_CAP_S (default 120 s) or
 * once its renderer holds BENCH_SIGNING_RSS_CAP_MIB (default 2048 MiB), and reported as stopped.
 * The machine's load average is printed with the figures; the ratio after ÷ before is the figure
 * that survives a loaded machine.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { makePdf, multipart } from './bench-fixtures.js';
import { startFirma, stop } from './http.bench.js';
import { DRAW_EVERY_PAGE_AT_LOAD } from './signing-page-before.js';

const BROWSER = process.env.FIRMA_TEST_BROWSER ?? '/usr/bin/chromium';
const ROUNDS = Number(process.env.BENCH_SIGNING_ROUNDS ?? 1);
const CAP_MS = Number(process.env.BENCH_SIGNING_CAP_S ?? 120) * 1000;
// Drawing every page of 500 at a phone's density takes gigabytes: the machine is shared.
const RSS_CAP_MIB = Number(process.env.BENCH_SIGNING_RSS_CAP_MIB ?? 2048);
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const MiB = 2 ** 20;

type Variant = 'before' | 'after';

export interface Memory {
  rendererRssMiB: number;
  jsHeapMiB: number;
  canvasMiB: number;
  canvases: number;
}

export interface SigningPageMeasure {
  pages: number;
  variant: Variant;
  /** null: not reached before the page was stopped (`stopped` says why). */
  firstPageMs: number | null;
  interactiveMs: number | null;
  stopped: null | { by: 'time' | 'memory'; afterMs: number };
  afterLoad: Memory;
  afterScroll: Memory | null;
}

export interface SigningPageBenchResult {
  loadAverage: number[];
  cpuThrottling: number;
  measures: SigningPageMeasure[];
}

/**
 * Runs in the page before its own scripts (CDP, not governed by its CSP): notes the first frame in
 * which page 1 shows ink where its text line is, and the first frame with a focusable field.
 */
const WATCH = `(() => {
  const out = (window.__signingBench = { firstPage: null, field: null, interactive: null });
  const inked = (canvas) => {
    if (!canvas.width) return false;
    const k = canvas.width / 595;
    const data = canvas.getContext('2d').getImageData(Math.round(45 * k), Math.round(44 * k), Math.round(160 * k), Math.round(24 * k)).data;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] < 128) return true;
    return false;
  };
  const tick = () => {
    const now = performance.now();
    if (out.firstPage === null) {
      const canvas = document.querySelector('.page canvas');
      if (canvas && inked(canvas)) out.firstPage = now;
    }
    if (out.field === null) {
      const field = document.querySelector('.page .field');
      if (field && !field.disabled && field.getClientRects().length > 0) out.field = now;
    }
    if (out.firstPage !== null && out.field !== null) out.interactive = Math.max(out.firstPage, out.field);
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

async function signingUrl(base: string, token: string, pages: number): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const payload = {
    title: `Bench ${pages} pages`,
    recipients: [
      {
        email: 'ana@example.com',
        name: 'Ana',
        role: 'SIGNER',
        cuil: '20123456786',
        fields: [{ type: 'SIGNATURE', pageNumber: pages, pageX: 10, pageY: 80, width: 30, height: 8 }],
      },
    ],
  };
  const body = multipart(payload, await makePdf(pages));
  const created = await fetch(`${base}/api/v2/document/create`, {
    method: 'POST',
    headers: { ...auth, 'content-type': body.contentType },
    body: new Uint8Array(body.body),
  });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  const sent = await fetch(`${base}/api/v2/document/distribute`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ documentId: id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true }),
  });
  if (!sent.ok) throw new Error(`distribute: ${sent.status} ${await sent.text()}`);
  return ((await sent.json()) as { recipients: { signingUrl: string }[] }).recipients[0]!.signingUrl;
}

/** The RSS of every renderer process of the browser (one page: ours), from /proc. */
async function rendererRss(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await session.detach();
  let bytes = 0;
  for (const p of processInfo.filter((i) => i.type === 'renderer')) {
    try {
      bytes += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.id}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // The process ended between the list and the read.
    }
  }
  return bytes;
}

async function memory(browser: Browser, page: Page, cdp: CDPSession): Promise<Memory> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const canvas = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.page canvas')).reduce(
      (sum, c) => ({
        bytes: sum.bytes + (c as HTMLCanvasElement).width * (c as HTMLCanvasElement).height * 4,
        n: sum.n + 1,
      }),
      { bytes: 0, n: 0 },
    ),
  );
  return {
    rendererRssMiB: round((await rendererRss(browser)) / MiB),
    jsHeapMiB: round(heap.usedSize / MiB),
    canvasMiB: round(canvas.bytes / MiB),
    canvases: canvas.n,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Waits in the page until `key` of the watch is set, or a cap is passed (then null, and why). */
async function watched(
  browser: Browser,
  page: Page,
  key: 'firstPage' | 'interactive',
  started: number,
): Promise<{ value: number | null; stopped: SigningPageMeasure['stopped'] }> {
  for (let polls = 0; ; polls++) {
    const value = await page.evaluate(
      (k) => (window as unknown as { __signingBench: Record<string, number | null> }).__signingBench[k] ?? null,
      key,
    );
    if (value !== null) return { value: round(value), stopped: null };
    const afterMs = Date.now() - started;
    if (afterMs > CAP_MS) return { value: null, stopped: { by: 'time', afterMs } };
    if (polls % 20 === 19 && (await rendererRss(browser)) > RSS_CAP_MIB * MiB)
      return { value: null, stopped: { by: 'memory', afterMs } };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measure(url: string, pages: number, variant: Variant): Promise<SigningPageMeasure> {
  const browser = await chromium.launch({
    executablePath: BROWSER,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
    if (variant === 'before')
      await context.route('**/sign-assets/pdf-pages.js', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: DRAW_EVERY_PAGE_AT_LOAD }),
      );
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const first = await watched(browser, page, 'firstPage', started);
    const ready = first.stopped ? first : await watched(browser, page, 'interactive', started);
    const [firstPageMs, interactiveMs, stopped] = [first.value, ready.value, ready.stopped];
    // Settled: no page still being drawn (today's page draws only what is near; before, every page).
    await page.waitForTimeout(1000);
    const afterLoad = await memory(browser, page, cdp);
    if (interactiveMs === null)
      return { pages, variant, firstPageMs, interactiveMs, stopped, afterLoad, afterScroll: null };
    // A screen at a time to the end, one frame each, then the last page drawn.
    await page.evaluate(async () => {
      while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2) {
        window.scrollBy(0, window.innerHeight);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await page.locator(`.page:last-child canvas`).waitFor({ timeout: CAP_MS });
    await page.waitForTimeout(1000);
    const afterScroll = await memory(browser, page, cdp);
    return { pages, variant, firstPageMs, interactiveMs, stopped, afterLoad, afterScroll };
  } finally {
    await browser.close();
  }
}

export async function runSigningPageBench(
  sizes = [1, 100, 500],
  log: (line: string) => void = console.log,
): Promise<SigningPageBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-bench-signing-'));
  const firma = await startFirma(dataDir);
  const measures: SigningPageMeasure[] = [];
  const loadAverage = [loadavg()[0]!];
  try {
    const urls = new Map<number, string>();
    for (const pages of sizes) urls.set(pages, await signingUrl(firma.url, firma.token, pages));
    for (let round = 0; round < ROUNDS; round++)
      for (const pages of sizes) {
        // Alternating which goes first, so neither always meets the machine warmer.
        const order: Variant[] = (round + pages) % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
        for (const variant of order) {
          const m = await measure(urls.get(pages)!, pages, variant);
          measures.push(m);
          loadAverage.push(loadavg()[0]!);
          log(describe(m));
        }
      }
  } finally {
    await stop(firma);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const load = loadAverage.map(round);
  log(`load average (1 min) during the run: ${Math.min(...load)}–${Math.max(...load)}`);
  for (const pages of sizes) {
    const of = (v: Variant) => measures.filter((m) => m.pages === pages && m.variant === v);
    const [before, after] = [median(of('before')), median(of('after'))];
    if (before && after)
      log(
        `${pages} pages, after ÷ before: interactive ${ratio(after.interactiveMs, before.interactiveMs)}, ` +
          `renderer RSS after scrolling ${ratio(after.afterScroll?.rendererRssMiB, before.afterScroll?.rendererRssMiB)}`,
      );
  }
  return { loadAverage: load, cpuThrottling: 4, measures };
}

function median(list: SigningPageMeasure[]): SigningPageMeasure | undefined {
  const sorted = [...list].sort((a, b) => (a.interactiveMs ?? Infinity) - (b.interactiveMs ?? Infinity));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function ratio(a: number | null | undefined, b: number | null | undefined): string {
  if (a == null) return 'n/a';
  if (b == null) return `n/a (before was stopped)`;
  return `×${(a / b).toFixed(3)}`;
}

const ms = (v: number | null, m: SigningPageMeasure) =>
  v !== null ? `${Math.round(v)} ms` : `not reached (stopped by ${m.stopped?.by} after ${m.stopped?.afterMs} ms)`;
const mem = (m: Memory | null) =>
  m ? `RSS ${m.rendererRssMiB} MiB, heap ${m.jsHeapMiB} MiB, ${m.canvases} canvases ${m.canvasMiB} MiB` : '—';

function describe(m: SigningPageMeasure): string {
  return (
    `${String(m.pages).padStart(3)} pages ${m.variant.padEnd(6)} first page ${ms(m.firstPageMs, m)}, ` +
    `interactive ${ms(m.interactiveMs, m)}; after load: ${mem(m.afterLoad)}; after scrolling: ${mem(m.afterScroll)}`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  await runSigningPageBench(sizes.length ? sizes : undefined);
}
