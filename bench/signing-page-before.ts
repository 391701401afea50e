/**
 * The signing page's pdf-pages.js as it was before issue 38 (main at 736397f): every page drawn one
 * after another at load, each canvas kept. signing-page.bench.ts serves it in place of today's file
 * (a route in the browser), so "before" and "after" are measured in the same run over the same server;
 * it also exports the one name today's signing.js imports that it lacked, as a no-op.
 */
export const DRAW_EVERY_PAGE_AT_LOAD = `// Draws a PDF's pages with pdf.js, one canvas per page at the container's width (at most 900 CSS
// pixels, sharp on high-density screens); \`decorate\` adds what goes on a page (the field boxes).
import * as pdfjs from './pdf.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = '/sign-assets/pdf.worker.mjs';

/** Rejects when pdf.js cannot read or draw the document. */
export async function drawPdfPages(container, data, { el, pageLabel, decorate }) {
  const pdf = await pdfjs.getDocument({ data, isEvalSupported: false, disableAutoFetch: true, useSystemFonts: false })
    .promise;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const wrapper = el('div', { class: 'page', 'aria-label': pageLabel(n, pdf.numPages), role: 'group' });
    wrapper.style.aspectRatio = \`\${base.width} / \${base.height}\`;
    const canvas = el('canvas', { 'aria-hidden': 'true' });
    wrapper.append(canvas);
    container.append(wrapper);
    const cssWidth = Math.min(container.clientWidth || 800, 900);
    const scale = (cssWidth / base.width) * (window.devicePixelRatio || 1);
    const viewport = page.getViewport({ scale });
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    decorate(wrapper, n);
  }
}

// Today's signing.js also asks for the worker early; before, getDocument started it.
export function startPdfWorker() {}
`;
