/**
 * Checkbox and radio fields: each option is a small mark (a square with a check drawn as
 * lines, or a circle with a filled dot) followed by its label, laid out in a column or a row.
 */
import {
  appendBezierCurve,
  closePath,
  fill,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from 'pdf-lib';
import type { PDFOperator } from 'pdf-lib';
import { INK, textOperators } from './draw-text.js';
import type { Canvas } from './page-canvas.js';
import type { Rect } from './page-geometry.js';
import type { FontMetrics, LoadedFont } from './render-context.js';
import { DEFAULT_FONT_SIZE, MIN_FONT_SIZE, padding } from './text-layout.js';
import type { PlacedLine } from './text-layout.js';
import type { VerticalAlign } from './types.js';

export interface ChoiceOption {
  label: string;
  checked: boolean;
}

export interface ChoiceLayoutItem {
  /** The mark's square (the radio circle is inscribed in it). */
  mark: Rect;
  label: PlacedLine;
  checked: boolean;
}

export interface ChoiceLayout {
  size: number;
  items: ChoiceLayoutItem[];
}

/** Mark side, gap after the mark, row pitch and gap between items in a row, per point of font size. */
const MARK = 0.9;
const GAP = 0.4;
const ROW = 1.5;
const ITEM_GAP = 1;

/** Finds the largest size (≤ the requested one, ≥ 6 pt) at which all options fit, then places them. */
export function layoutChoices(
  options: ChoiceOption[],
  direction: 'vertical' | 'horizontal',
  box: Rect,
  metrics: FontMetrics,
  fontSize = DEFAULT_FONT_SIZE,
  verticalAlign?: VerticalAlign,
): ChoiceLayout {
  const pad = padding(box);
  const inner = { x: box.x + pad.x, y: box.y + pad.y, width: box.width - 2 * pad.x, height: box.height - 2 * pad.y };
  const labelsAt1 = options.map((o) => (o.label ? metrics.widthAt1(o.label) : 0));
  const itemWidth = (i: number, s: number) => s * MARK + (labelsAt1[i]! > 0 ? s * GAP + labelsAt1[i]! * s : 0);
  const rowHeight = (s: number) => s * Math.max(ROW, metrics.ascent + metrics.descent);

  const fits = (s: number): boolean => {
    if (direction === 'vertical') {
      return (
        options.length * rowHeight(s) <= inner.height + s * 0.2 &&
        options.every((_, i) => itemWidth(i, s) <= inner.width)
      );
    }
    const total = options.reduce((sum, _, i) => sum + itemWidth(i, s), 0) + ITEM_GAP * s * (options.length - 1);
    return rowHeight(s) <= inner.height + s * 0.2 && total <= inner.width;
  };
  let size = Math.max(MIN_FONT_SIZE, fontSize);
  while (size > MIN_FONT_SIZE && !fits(size)) size = Math.max(MIN_FONT_SIZE, size - 0.5);

  const rows = direction === 'vertical' ? options.length : 1;
  const blockHeight = rows * rowHeight(size);
  const align = verticalAlign ?? (direction === 'vertical' ? 'top' : 'middle');
  const top =
    align === 'top'
      ? inner.y + inner.height
      : align === 'bottom'
        ? inner.y + blockHeight
        : inner.y + (inner.height + blockHeight) / 2;
  const mark = size * MARK;
  // The label's ascent–descent band is centred on the row, like the mark.
  const baselineOffset = ((metrics.ascent - metrics.descent) / 2) * size;

  let x = inner.x;
  const items = options.map((option, i) => {
    const row = direction === 'vertical' ? i : 0;
    const centreY = top - (row + 0.5) * rowHeight(size);
    const left = direction === 'vertical' ? inner.x : x;
    x += itemWidth(i, size) + ITEM_GAP * size;
    return {
      mark: { x: left, y: centreY - mark / 2, width: mark, height: mark },
      label: {
        text: option.label,
        x: left + mark + GAP * size,
        y: centreY - baselineOffset,
        width: labelsAt1[i]! * size,
      },
      checked: option.checked,
    };
  });
  return { size, items };
}

/** Four Bézier arcs approximating a circle. */
function circle(cx: number, cy: number, r: number): PDFOperator[] {
  const k = 0.5522847498 * r;
  return [
    moveTo(cx + r, cy),
    appendBezierCurve(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
    appendBezierCurve(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
    appendBezierCurve(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
    appendBezierCurve(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
    closePath(),
  ];
}

function markOperators(style: 'checkbox' | 'radio', m: Rect, checked: boolean): PDFOperator[] {
  const border = Math.max(0.5, m.width * 0.08);
  const ops: PDFOperator[] = [
    pushGraphicsState(),
    setStrokingRgbColor(...INK),
    setFillingRgbColor(...INK),
    setLineWidth(border),
  ];
  const cx = m.x + m.width / 2;
  const cy = m.y + m.height / 2;
  if (style === 'checkbox') {
    const inset = border / 2;
    ops.push(rectangle(m.x + inset, m.y + inset, m.width - border, m.height - border), stroke());
    if (checked) {
      ops.push(
        setLineWidth(Math.max(0.75, m.width * 0.14)),
        setLineCap(LineCapStyle.Round),
        setLineJoin(LineJoinStyle.Round),
        moveTo(m.x + m.width * 0.22, m.y + m.height * 0.52),
        lineTo(m.x + m.width * 0.42, m.y + m.height * 0.27),
        lineTo(m.x + m.width * 0.78, m.y + m.height * 0.75),
        stroke(),
      );
    }
  } else {
    ops.push(...circle(cx, cy, m.width / 2 - border / 2), stroke());
    if (checked) ops.push(...circle(cx, cy, m.width * 0.24), fill());
  }
  ops.push(popGraphicsState());
  return ops;
}

export function drawChoices(
  canvas: Canvas,
  rect: Rect,
  value: { style: 'checkbox' | 'radio'; direction: 'vertical' | 'horizontal'; options: ChoiceOption[] },
  font: LoadedFont,
  fontSize?: number,
  verticalAlign?: VerticalAlign,
): void {
  if (value.options.length === 0) return;
  const options = value.options.map((o) => ({
    label: font.sanitise(o.label).replace(/\s+/g, ' ').trim(),
    checked: o.checked,
  }));
  const layout = layoutChoices(options, value.direction, rect, font.metrics, fontSize, verticalAlign);
  // Not clipped: options that do not fit even at the smallest size run past the box, whole.
  for (const item of layout.items) canvas.push(...markOperators(value.style, item.mark, item.checked));
  const labels = layout.items.map((i) => i.label).filter((l) => l.text);
  if (labels.length > 0) canvas.push(...textOperators(canvas, font, layout.size, labels));
}
