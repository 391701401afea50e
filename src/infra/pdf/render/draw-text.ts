/** Text fields and typed signatures. */
import {
  beginText,
  endText,
  moveText,
  setCharacterSpacing,
  setFillingRgbColor,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import type { PDFOperator } from 'pdf-lib';
import type { Canvas } from './page-canvas.js';
import type { Rect } from './page-geometry.js';
import type { LoadedFont } from './render-context.js';
import { layoutText, padding } from './text-layout.js';
import type { PlacedLine, TextStyle } from './text-layout.js';
import type { TextAlign } from './types.js';

export const INK: [number, number, number] = [0, 0, 0];

/** Operators that show `lines` (already placed in display space) in `font` at `size`. */
export function textOperators(
  canvas: Canvas,
  font: LoadedFont,
  size: number,
  lines: PlacedLine[],
  letterSpacing = 0,
): PDFOperator[] {
  const ops: PDFOperator[] = [
    beginText(),
    setFillingRgbColor(...INK),
    setFontAndSize(canvas.fontName(font.pdfFont), size),
  ];
  if (letterSpacing) ops.push(setCharacterSpacing(letterSpacing));
  let x = 0;
  let y = 0;
  for (const line of lines) {
    if (!line.text) continue;
    // Td moves relative to the start of the previous line.
    ops.push(moveText(line.x - x, line.y - y), showText(font.pdfFont.encodeText(line.text)));
    x = line.x;
    y = line.y;
  }
  ops.push(endText());
  return ops;
}

/**
 * Draws text in `rect` as its overflow mode says (text-layout.ts): text that does not fit runs
 * past the box, on the page, and is not clipped, so a signed value is never shown cut; except in
 * `crop`, where the sender asked for exactly that: drawn inside a clipping path (`re W n`) of the box.
 */
export function drawText(canvas: Canvas, rect: Rect, text: string, font: LoadedFont, style: TextStyle): void {
  const clean = font.sanitise(text).trim();
  if (!clean) return;
  const page = { x: 0, y: 0, width: canvas.width, height: canvas.height };
  const layout = layoutText(clean, rect, font.metrics, style, page);
  const draw = () => canvas.push(...textOperators(canvas, font, layout.size, layout.lines, style.letterSpacing));
  if (layout.clipped) canvas.clipped(rect, draw);
  else {
    draw();
    // Text that grew past its box (overflow horizontal/vertical, auto's last resort): a form
    // widget's /Rect must hold it, or its appearance would cut it.
    const { ascent, descent } = font.metrics;
    const pad = padding(rect);
    for (const line of layout.lines)
      if (line.text)
        canvas.cover({
          x: line.x - pad.x,
          y: line.y - descent * layout.size - pad.y,
          width: line.width + 2 * pad.x,
          height: (ascent + descent) * layout.size + 2 * pad.y,
        });
  }
}

/**
 * Draws a typed signature on one line in the handwriting font, as large as the box allows:
 * the font's full height fills the box height unless the width runs out first.
 */
export function drawTypedSignature(
  canvas: Canvas,
  rect: Rect,
  text: string,
  font: LoadedFont,
  align: TextAlign = 'center',
): void {
  const clean = font.sanitise(text).replace(/\s+/g, ' ').trim();
  if (!clean) return;
  const { ascent, descent } = font.metrics;
  const padX = Math.min(2, rect.width * 0.05);
  const padY = Math.min(1, rect.height * 0.05);
  const widthAt1 = font.metrics.widthAt1(clean);
  const byHeight = (rect.height - 2 * padY) / (ascent + descent);
  const byWidth = widthAt1 > 0 ? (rect.width - 2 * padX) / widthAt1 : byHeight;
  const size = Math.max(0.5, Math.min(byHeight, byWidth));
  const width = widthAt1 * size;
  const x =
    align === 'left'
      ? rect.x + padX
      : align === 'right'
        ? rect.x + rect.width - padX - width
        : rect.x + (rect.width - width) / 2;
  // Centre the font's ascent–descent band vertically.
  const y = rect.y + rect.height / 2 - ((ascent - descent) / 2) * size;
  canvas.clipped(rect, () => canvas.push(...textOperators(canvas, font, size, [{ text: clean, x, y, width }])));
}
