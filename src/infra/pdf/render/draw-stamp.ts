/** A diagonal, translucent stamp across the displayed page (e.g. "REJECTED"). */
import {
  beginText,
  concatTransformationMatrix,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setFontAndSize,
  setGraphicsState,
  setLineWidth,
  setStrokingRgbColor,
  showText,
  stroke,
} from 'pdf-lib';
import type { PDFRef } from 'pdf-lib';
import type { Canvas } from './page-canvas.js';
import type { LoadedFont } from './render-context.js';

const STAMP_RED: [number, number, number] = [0.8, 0.1, 0.1];
export const STAMP_OPACITY = 0.3;

export function drawStamp(canvas: Canvas, text: string, font: LoadedFont, opacity: PDFRef): void {
  const clean = font.sanitise(text).replace(/\s+/g, ' ').trim();
  if (!clean) return;
  const { width: W, height: H } = canvas;
  const angle = Math.atan2(H, W);
  const diagonal = Math.hypot(W, H);
  const { ascent, descent } = font.metrics;
  const widthAt1 = font.metrics.widthAt1(clean);
  // Most of the diagonal, but never taller than a fifth of the shorter side.
  const size = Math.min((diagonal * 0.6) / widthAt1, Math.min(W, H) / 5 / (ascent + descent));
  const textWidth = widthAt1 * size;
  const band = (ascent + descent) * size;
  const margin = size * 0.3;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  canvas.push(
    pushGraphicsState(),
    setGraphicsState(canvas.graphicsStateName(opacity)),
    concatTransformationMatrix(cos, sin, -sin, cos, W / 2, H / 2),
    setStrokingRgbColor(...STAMP_RED),
    setLineWidth(Math.max(1, size * 0.08)),
    rectangle(-textWidth / 2 - margin, -band / 2 - margin, textWidth + 2 * margin, band + 2 * margin),
    stroke(),
    beginText(),
    setFillingRgbColor(...STAMP_RED),
    setFontAndSize(canvas.fontName(font.pdfFont), size),
    // Centre the ascent–descent band on the diagonal.
    moveText(-textWidth / 2, -((ascent - descent) / 2) * size),
    showText(font.pdfFont.encodeText(clean)),
    endText(),
    popGraphicsState(),
  );
}
