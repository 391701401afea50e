import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import type { PageSize } from './types.js';

type PdfJs = typeof PdfJsModule;

// pdf.js is the signing page's copy (/sign-assets, the same version), fetched only when an editor
// opens: it never counts in the app's first load, and the app bundle does not carry a second copy.
const PDFJS_URL = '/sign-assets/pdf.mjs';
const WORKER_URL = '/sign-assets/pdf.worker.mjs';
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (import(/* @vite-ignore */ PDFJS_URL) as Promise<PdfJs>).then((module) => {
    module.GlobalWorkerOptions.workerSrc = WORKER_URL;
    return module;
  });
  return pdfjs;
}

/** Opens a PDF's bytes with pdf.js (in its worker); nothing is drawn until a page is seen. */
export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const lib = await loadPdfJs();
  return lib.getDocument({ data, isEvalSupported: false, disableAutoFetch: true, useSystemFonts: false }).promise;
}

/** How far outside the viewport a page starts being drawn, so scrolling finds it ready. */
const AHEAD = '600px 0px';

/**
 * One page: a box of the page's own proportions (known before drawing, so the document's height
 * never jumps) whose canvas is drawn while the page is near the viewport and emptied when it is
 * far away — a 300-page PDF holds a few pages' pixels, not 300. `children` is the field layer.
 */
export function PdfPage(props: {
  pdf: PDFDocumentProxy | null;
  pageNumber: number;
  size: PageSize;
  label: string;
  onVisible: (ratio: number) => void;
  children: ComponentChildren;
  pageRef?: (element: HTMLDivElement | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // The observers outlive renders: they call the latest callback, not the first one's.
  const onVisible = useRef(props.onVisible);
  onVisible.current = props.onVisible;

  useEffect(() => {
    const element = box.current;
    const target = canvas.current;
    if (!element || !target || !props.pdf) return;
    const pdf = props.pdf;
    let task: RenderTask | null = null;
    let drawn = false;
    const draw = async () => {
      if (drawn) return;
      drawn = true;
      const page = await pdf.getPage(props.pageNumber);
      const base = page.getViewport({ scale: 1 });
      const scale = (element.clientWidth / base.width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      target.width = Math.round(viewport.width);
      target.height = Math.round(viewport.height);
      task = page.render({ canvasContext: target.getContext('2d')!, viewport });
      await task.promise.catch(() => undefined);
      task = null;
    };
    const release = () => {
      task?.cancel();
      task = null;
      drawn = false;
      // A zero-sized canvas gives its pixels back.
      target.width = 0;
      target.height = 0;
    };
    const near = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) void draw();
          else release();
      },
      { rootMargin: AHEAD },
    );
    // Which page the user is on: how much of each is in view.
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) onVisible.current(entry.isIntersecting ? entry.intersectionRatio : 0);
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    near.observe(element);
    seen.observe(element);
    return () => {
      near.disconnect();
      seen.disconnect();
      release();
    };
  }, [props.pdf, props.pageNumber]);

  return (
    <div
      class="ed-page"
      role="group"
      aria-label={props.label}
      data-page={props.pageNumber}
      ref={(element) => {
        box.current = element;
        props.pageRef?.(element);
      }}
      style={{ aspectRatio: `${props.size.width} / ${props.size.height}` }}
    >
      <canvas ref={canvas} aria-hidden="true" />
      {props.children}
    </div>
  );
}
