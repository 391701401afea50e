import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { typicalPayload } from './documents.js';
import { freePort } from './free-port.js';

/**
 * An embedding app built with Documenso's own React components (`@documenso/embed-react`, as
 * installed), bundled here with esbuild and served by a second HTTP server on another origin.
 * `/host.html?component=EmbedSignDocument&props=<json>` renders that component with those props
 * and records every callback it calls in `window.calls` and every message the window receives in
 * `window.messages`; `/leak…` counts requests (a theme must never reach it).
 */
const HOST_SOURCE = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import * as Documenso from '@documenso/embed-react';
const params = new URLSearchParams(location.search);
const props = JSON.parse(params.get('props') || '{}');
window.calls = [];
window.messages = [];
window.addEventListener('message', (e) => window.messages.push({ origin: e.origin, data: e.data }));
const record = (name) => (...args) => window.calls.push({ name, args });
const callbacks = Object.fromEntries(
  ['onDocumentReady', 'onDocumentCompleted', 'onDocumentError', 'onDocumentRejected', 'onFieldSigned',
   'onFieldUnsigned', 'onAllDocumentsCompleted', 'onDocumentCreated', 'onDocumentUpdated', 'onTemplateCreated',
   'onTemplateUpdated', 'onEnvelopeCreated', 'onEnvelopeUpdated'].map((n) => [n, record(n)]),
);
const Component = Documenso[params.get('component')];
createRoot(document.getElementById('root')).render(
  createElement(Component, { className: 'documenso-frame', ...props, ...callbacks }),
);
`;

const HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An app embedding Firma</title>
<style>body { margin: 0; font: 16px system-ui } .documenso-frame { display: block; width: 100%; height: 880px; border: 0 }</style>
</head><body><main><h1>Partner app</h1><div id="root"></div></main><script type="module" src="/host.js"></script></body></html>`;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The host page's script: the components, React and React DOM in one module. */
export async function bundleHost(): Promise<string> {
  const result = await build({
    stdin: { contents: HOST_SOURCE, resolveDir: ROOT, loader: 'js', sourcefile: 'host.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

export interface Host {
  /** `http://<host>:<port>`, the origin the components run on. */
  origin: string;
  leaks: string[];
  server: Server;
}

/** Chromium as the browser tests start it (FIRMA_TEST_BROWSER). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/** Serves the host page on 127.0.0.1; `hostname` is what the browser calls it (localhost: another origin). */
export async function startHost(bundle: string, hostname: 'localhost' | '127.0.0.1'): Promise<Host> {
  const port = await freePort();
  const leaks: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    if (url.startsWith('/host.html'))
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST_PAGE);
    else if (url === '/host.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else {
      if (url.startsWith('/leak')) leaks.push(url);
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://${hostname}:${port}`, leaks, server };
}

export interface Call {
  name: string;
  args: unknown[];
}

export interface Embedded {
  page: Page;
  frame: FrameLocator;
  /** The iframe's src as the component built it. */
  src: URL;
  problems: string[];
  calls(): Promise<Call[]>;
  messages(): Promise<{ origin: string; data: { action?: string; data?: unknown } }[]>;
  waitForCall(name: string, count?: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens the host page rendering `component` with `props` in a fresh browser context. */
export async function openEmbedded(
  browser: Browser,
  host: Host,
  component: string,
  props: Record<string, unknown>,
  options: { locale?: string; width?: number } = {},
): Promise<Embedded> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1200, height: 1000 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    // A refusal the page handles (400, 403, 404…) is logged by the browser; a script error or a CSP refusal is a problem.
    if (m.type() === 'error' && !/status of (400|403|404|410|501)/.test(m.text())) problems.push(m.text());
  });
  await page.goto(`${host.origin}/host.html?component=${component}&props=${encodeURIComponent(JSON.stringify(props))}`);
  const element = page.locator('iframe.documenso-frame');
  await element.waitFor({ state: 'attached' });
  const src = new URL((await element.getAttribute('src'))!);
  const calls = () => page.evaluate(() => (window as unknown as { calls: Call[] }).calls);
  return {
    page,
    frame: page.frameLocator('iframe.documenso-frame'),
    src,
    problems,
    calls,
    messages: () =>
      page.evaluate(
        () => (window as unknown as { messages: { origin: string; data: { action?: string } }[] }).messages,
      ),
    waitForCall: async (name, count = 1) => {
      await page.waitForFunction(
        ([n, c]) => (window as unknown as { calls: Call[] }).calls.filter((x) => x.name === n).length >= c,
        [name, count] as const,
        { timeout: 30_000 },
      );
    },
    close: () => context.close(),
  };
}

/** The options in an iframe src's fragment, read as the page reads them. */
export function fragmentOptions(src: URL): Record<string, unknown> {
  return JSON.parse(decodeURIComponent(Buffer.from(src.hash.slice(1), 'base64').toString('latin1'))) as Record<
    string,
    unknown
  >;
}

/** Every call of `name`, with its first argument. */
export async function callsOf(embedded: Embedded, name: string): Promise<unknown[]> {
  return (await embedded.calls()).filter((c) => c.name === name).map((c) => c.args[0]);
}

/** Types the recipient's pending fields in the frame (a text field by label, then the signature) and completes. */
export async function signInFrame(frame: FrameLocator, text?: { label: string; value: string }): Promise<void> {
  await frame.locator('.page canvas').first().waitFor();
  if (text) {
    await frame.locator(`.field[aria-label^="${text.label}"]`).click();
    await frame.locator('#field-input').fill(text.value);
    await frame.locator('dialog button[type=submit]').click();
    await frame.locator('.field.filled', { hasText: text.value }).waitFor();
  }
  await frame.locator('#next-field').click();
  await frame.locator('dialog .tab', { hasText: 'Type' }).click();
  await frame.locator('dialog button[type=submit]').click();
  await frame.locator('.field.filled .signature-text').waitFor();
  await frame.locator('#complete').click();
  await frame.locator('#consent-agree').check();
  await frame.locator('dialog button[type=submit]').click();
}

/** The typical document with Ana alone, and only her signature to give (a quick document to sign in a frame). */
export function anaSignsOnly() {
  return typicalPayload({
    recipients: [
      {
        ...typicalPayload().recipients[0],
        fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 }],
      },
    ],
  });
}
