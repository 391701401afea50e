// A PDF's pages with pdf.js, for documents of any length on a phone. Every page is laid out at once
// as a placeholder of its own shape, with what `decorate` adds (the field boxes), so scrolling,
// field positions, the tab order and screen readers see the whole document before anything is
// drawn. A page is drawn (at the container's width, at most 900 CSS pixels, sharp on high-density
// screens) only while it is near the viewport, and gives its canvas back when it is far: memory is
// that of a few pages, whatever the page count.
import * as pdfjs from './pdf.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = '/sign-assets/pdf.worker.mjs';

// Drawn from a screen's height above to one below the viewport, so a page is ready as it scrolls
// in; released beyond two screens, so scrolling back and forth a little does not draw it again.
const DRAW_MARGIN = '100% 0px';
const KEEP_MARGIN = '200% 0px';

let worker = null;
/** Drawers of pages no longer on the screen (a language switch draws the page anew) are let go. */
const drawers = new Set();

/**
 * Starts pdf.js's worker, a large script to fetch and compile, while the document is still on its
 * way; the page's documents all use it.
 */
export function startPdfWorker() {
  worker ??= new pdfjs.PDFWorker();
  return worker;
}

/**
 * Lays out every page and starts drawing those in view. Resolves once every page has its real
 * shape; rejects when pdf.js cannot read the document or draw its first page.
 */
export async function drawPdfPages(container, data, { el, pageLabel, decorate }) {
  for (const old of drawers) if (!old.pages[0]?.wrapper.isConnected) old.destroy();
  const pdf = await pdfjs.getDocument({
    data,
    worker: startPdfWorker(),
    isEvalSupported: false,
    disableAutoFetch: true,
    useSystemFonts: false,
  }).promise;
  const first = await pdf.getPage(1);
  // Until each page is measured it takes the first page's shape: most documents have one size.
  const firstShape = shapeOf(first);
  const pages = [];
  const laidOut = document.createDocumentFragment();
  for (let n = 1; n <= pdf.numPages; n++) {
    const wrapper = el('div', {
      class: 'page',
      'aria-label': pageLabel(n, pdf.numPages),
      role: 'group',
      'data-page': n,
      // Focusable from script only: "go to page" moves focus here, so a screen reader says which page.
      tabindex: '-1',
    });
    wrapper.style.aspectRatio = firstShape;
    decorate(wrapper, n);
    laidOut.append(wrapper);
    pages.push({ n, wrapper, proxy: n === 1 ? first : null, canvas: null, task: null, near: false });
  }
  container.append(laidOut);
  const drawer = new PageDrawer(pdf, pages, el);
  drawers.add(drawer);
  await drawer.firstDrawn;
  await drawer.measure(firstShape);
}

function shapeOf(proxy) {
  const box = proxy.getViewport({ scale: 1 });
  return `${box.width} / ${box.height}`;
}

/** Watches the pages' distance to the viewport; draws the near ones one at a time, nearest first. */
class PageDrawer {
  constructor(pdf, pages, el) {
    this.pdf = pdf;
    this.pages = pages;
    this.el = el;
    this.drawing = false;
    this.byWrapper = new Map(pages.map((p) => [p.wrapper, p]));
    let firstDrawn;
    this.firstDrawn = new Promise((resolve, reject) => (firstDrawn = { resolve, reject }));
    this.onFirst = firstDrawn;
    this.nearby = observe(
      DRAW_MARGIN,
      (page, near) => {
        page.near = near;
        if (!near) page.task?.cancel();
        this.drawNext();
      },
      this.byWrapper,
    );
    this.kept = observe(
      KEEP_MARGIN,
      (page, kept) => {
        if (!kept) this.release(page);
      },
      this.byWrapper,
    );
    // A page that is never near (the document's first page below a long message) must not hold
    // the promise: the first page of the document is drawn at once whatever its position.
    pages[0].near = true;
    this.drawNext();
  }

  /** Gives every page its own shape (a document may mix sizes and orientations). */
  async measure(firstShape) {
    const proxies = await Promise.all(this.pages.map((p) => p.proxy ?? this.pdf.getPage(p.n)));
    for (const [i, proxy] of proxies.entries()) {
      const shape = shapeOf(proxy);
      if (shape !== firstShape) this.pages[i].wrapper.style.aspectRatio = shape;
    }
  }

  nearestWaiting() {
    const middle = window.innerHeight / 2;
    let best = null;
    let bestDistance = Infinity;
    for (const page of this.pages) {
      if (!page.near || page.canvas) continue;
      const rect = page.wrapper.getBoundingClientRect();
      const distance = Math.abs(rect.top + rect.height / 2 - middle);
      if (distance < bestDistance) [best, bestDistance] = [page, distance];
    }
    return best;
  }

  async drawNext() {
    if (this.drawing) return;
    this.drawing = true;
    try {
      for (let page = this.nearestWaiting(); page; page = this.nearestWaiting()) await this.draw(page);
    } finally {
      this.drawing = false;
    }
  }

  async draw(page) {
    try {
      page.proxy ??= await this.pdf.getPage(page.n);
      const canvas = this.el('canvas', { 'aria-hidden': 'true' });
      const base = page.proxy.getViewport({ scale: 1 });
      const cssWidth = Math.min(page.wrapper.clientWidth || 800, 900);
      const viewport = page.proxy.getViewport({ scale: (cssWidth / base.width) * (window.devicePixelRatio || 1) });
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      page.task = page.proxy.render({ canvasContext: canvas.getContext('2d'), viewport });
      try {
        await page.task.promise;
      } finally {
        page.task = null;
      }
      if (!page.near) emptyCanvas(canvas);
      else {
        page.canvas = canvas;
        // Before the field boxes, which stay on top and keep their place in the tab order.
        page.wrapper.prepend(canvas);
      }
    } catch (error) {
      if (error?.name !== 'RenderingCancelledException') {
        // Not tried again and again while it stays in view.
        page.near = false;
        if (page.n === 1) this.onFirst.reject(error);
        else console.error(`page ${page.n} could not be drawn`, error);
      }
    }
    // Drawn, or scrolled away before it was (it is drawn when it comes near again): no error.
    if (page.n === 1) this.onFirst.resolve();
  }

  destroy() {
    drawers.delete(this);
    this.nearby.disconnect();
    this.kept.disconnect();
    for (const page of this.pages) this.release(page);
    void this.pdf.destroy();
  }

  release(page) {
    page.task?.cancel();
    if (!page.canvas) return;
    emptyCanvas(page.canvas);
    page.canvas.remove();
    page.canvas = null;
    // pdf.js keeps the page's drawing instructions and images until told; a far page needs none.
    page.proxy?.cleanup();
  }
}

// A canvas's pixels are freed when its size is zero, not when it leaves the page (it may be
// collected much later).
function emptyCanvas(canvas) {
  canvas.width = 0;
  canvas.height = 0;
}

/** An IntersectionObserver over every page, telling `change(page, isNear)` as pages come and go. */
function observe(margin, change, byWrapper) {
  const options = { rootMargin: margin, threshold: 0 };
  let observer;
  try {
    // The document as root: the margin then also holds inside an embedding app's frame (with the
    // implicit root a cross-origin frame's margin is ignored, and pages would draw only once seen).
    observer = new window.IntersectionObserver(onChange, { ...options, root: document });
  } catch {
    observer = new window.IntersectionObserver(onChange, options);
  }
  function onChange(entries) {
    for (const entry of entries) change(byWrapper.get(entry.target), entry.isIntersecting);
  }
  for (const wrapper of byWrapper.keys()) observer.observe(wrapper);
  return observer;
}
