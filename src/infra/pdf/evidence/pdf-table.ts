import { lineHeight, palette, type Flow, type TextStyle } from './pdf-layout.js';

/**
 * A table that paginates: the header row repeats on every page, a row is kept on one page when
 * it fits on one, and a row taller than a whole page (a pasted essay as a user agent) is split
 * line by line instead of being clipped.
 */

export interface Column {
  header: string;
  /** Relative width; columns share the flow width in proportion. */
  weight: number;
}

export interface Run {
  text: string;
  style: TextStyle;
}

export interface Row {
  /** One list of runs per column; each run starts on a new line and wraps within the column. */
  cells: Run[][];
  /** Runs drawn across the full row width below the cells (e.g. an entry hash). */
  span?: Run[];
}

interface Laid {
  text: string;
  style: TextStyle;
  height: number;
}

const PAD_X = 4;
const PAD_Y = 3.5;
const SPAN_GAP = 1.5;
export const TABLE_HEADER_STYLE: TextStyle = { font: 'bold', size: 6.5, color: palette.muted };

export function drawTable(flow: Flow, columns: Column[], rows: Row[]): void {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const xs: number[] = [];
  const widths: number[] = [];
  let x = flow.left;
  for (const column of columns) {
    const w = (column.weight / total) * flow.width;
    xs.push(x);
    widths.push(w);
    x += w;
  }
  const layout = (runs: Run[], width: number): Laid[] =>
    runs.flatMap((run) =>
      flow.ts
        .wrap(run.text, run.style, Math.max(width - 2 * PAD_X, 1))
        .map((text) => ({ text, style: run.style, height: lineHeight(run.style) })),
    );
  const heightOf = (lines: Laid[]): number => lines.reduce((sum, l) => sum + l.height, 0);

  const headerLines = columns.map((c, i) => layout([{ text: c.header, style: TABLE_HEADER_STYLE }], widths[i] ?? 0));
  const headerHeight = Math.max(...headerLines.map(heightOf)) + 2 * PAD_Y;
  const drawHeader = (): void => {
    flow.page.drawRectangle({
      x: flow.left,
      y: flow.y - headerHeight,
      width: flow.width,
      height: headerHeight,
      color: palette.fill,
    });
    headerLines.forEach((lines, i) => drawLines(flow, lines, (xs[i] ?? 0) + PAD_X, flow.y - PAD_Y));
    flow.y -= headerHeight;
    flow.rule(flow.y, palette.rule, 0.8);
  };
  const breakPage = (): void => {
    flow.newPage();
    drawHeader();
  };

  flow.ensure(headerHeight + 3 * lineHeight(TABLE_HEADER_STYLE));
  drawHeader();

  for (const row of rows) {
    const cells = row.cells.map((runs, i) => layout(runs, widths[i] ?? 0));
    const span = layout(row.span ?? [], flow.width);
    const spanHeight = span.length > 0 ? SPAN_GAP + heightOf(span) : 0;
    const rowHeight = Math.max(0, ...cells.map(heightOf)) + spanHeight + 2 * PAD_Y;
    // Keep the row whole when a fresh page can hold it; otherwise split it below.
    if (!flow.fits(rowHeight) && rowHeight <= flow.pageBody - headerHeight) breakPage();

    let freshPage = false;
    let spanLeft = span;
    let cellsLeft = cells;
    for (;;) {
      const room = flow.y - flow.bottom - 2 * PAD_Y;
      const taken = cellsLeft.map((lines) => takeFitting(lines, room));
      const cellsHeight = Math.max(0, ...taken.map(heightOf));
      const cellsDone = cellsLeft.every((lines, i) => (taken[i]?.length ?? 0) === lines.length);
      const spanTaken = cellsDone && spanLeft.length > 0 ? takeFitting(spanLeft, room - cellsHeight - SPAN_GAP) : [];
      const drewSomething = cellsHeight > 0 || spanTaken.length > 0;
      if (!drewSomething) {
        // Not even one line fits here. Renderers never use pages too small for one line under the
        // table header (see usablePageSize); fail loudly rather than loop if that ever changes.
        if (freshPage) throw new Error('page too small for a table row');
        breakPage();
        freshPage = true;
        continue;
      }
      freshPage = false;
      const top = flow.y - PAD_Y;
      taken.forEach((lines, i) => drawLines(flow, lines, (xs[i] ?? 0) + PAD_X, top));
      if (spanTaken.length > 0)
        drawLines(flow, spanTaken, flow.left + PAD_X, top - cellsHeight - (cellsHeight > 0 ? SPAN_GAP : 0));
      const segment = cellsHeight + (spanTaken.length > 0 ? heightOf(spanTaken) + (cellsHeight > 0 ? SPAN_GAP : 0) : 0);
      flow.y -= segment + 2 * PAD_Y;
      flow.rule(flow.y, palette.rule, 0.4);
      cellsLeft = cellsLeft.map((lines, i) => lines.slice(taken[i]?.length ?? 0));
      spanLeft = spanLeft.slice(spanTaken.length);
      if (cellsLeft.every((lines) => lines.length === 0) && spanLeft.length === 0) break;
      breakPage();
    }
  }
}

function takeFitting(lines: Laid[], room: number): Laid[] {
  const out: Laid[] = [];
  let used = 0;
  for (const line of lines) {
    if (used + line.height > room) break;
    out.push(line);
    used += line.height;
  }
  return out;
}

function drawLines(flow: Flow, lines: Laid[], x: number, top: number): void {
  let y = top;
  for (const line of lines) {
    flow.drawLine(line.text, x, y, line.style);
    y -= line.height;
  }
}
