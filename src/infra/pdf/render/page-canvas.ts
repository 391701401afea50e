/**
 * Collects the drawing operators for one page in display space and appends them to the page
 * as a single content stream, wrapped in q … Q with the display-to-user matrix, so content is
 * placed and upright as the viewer shows the page whatever its CropBox and /Rotate.
 */
import { concatTransformationMatrix, popGraphicsState, pushGraphicsState, clip, endPath, rectangle } from 'pdf-lib';
import type { PDFFont, PDFImage, PDFName, PDFOperator, PDFPage, PDFRef } from 'pdf-lib';
import { displaySize, displayToUser } from './page-geometry.js';
import type { PageFrame, Rect } from './page-geometry.js';

/** What the draw-* functions draw on: a page (PageCanvas) or a field's appearance (AppearanceCanvas). */
export interface Canvas {
  readonly width: number;
  readonly height: number;
  readonly frame: PageFrame;
  push(...ops: PDFOperator[]): void;
  clipped(rect: Rect, draw: () => void): void;
  /** Notes the area drawn text takes (it may run past its box); a form widget grows to hold it. */
  cover(rect: Rect): void;
  fontName(font: PDFFont): PDFName;
  imageName(image: PDFImage): PDFName;
  graphicsStateName(ref: PDFRef): PDFName;
}

/** Where a resource is registered: the page's or the appearance's /Resources, under this kind. */
export type ResourceKind = 'Font' | 'XObject' | 'ExtGState';

/**
 * What the page and a field's appearance share (issue #34): the frame's size, the collected
 * operators, clipping, one name per resource, and the extent of the text drawn (which can run past
 * its box). Subclasses say only where a new resource's name is registered.
 */
export abstract class BaseCanvas implements Canvas {
  readonly width: number;
  readonly height: number;
  protected readonly ops: PDFOperator[] = [];
  private readonly names = new Map<PDFFont | PDFImage | PDFRef, PDFName>();
  private covered: Rect | undefined;

  constructor(readonly frame: PageFrame) {
    const size = displaySize(frame);
    this.width = size.width;
    this.height = size.height;
  }

  push(...ops: PDFOperator[]): void {
    for (const op of ops) this.ops.push(op);
  }

  /** Runs `draw` with everything it draws clipped to `rect`. */
  clipped(rect: Rect, draw: () => void): void {
    this.push(pushGraphicsState(), rectangle(rect.x, rect.y, rect.width, rect.height), clip(), endPath());
    draw();
    this.push(popGraphicsState());
  }

  cover(rect: Rect): void {
    const c = this.covered;
    if (!c) {
      this.covered = rect;
      return;
    }
    const x = Math.min(c.x, rect.x);
    const y = Math.min(c.y, rect.y);
    this.covered = {
      x,
      y,
      width: Math.max(c.x + c.width, rect.x + rect.width) - x,
      height: Math.max(c.y + c.height, rect.y + rect.height) - y,
    };
  }

  /** The union of what `cover` was told, in display space; undefined when nothing was. */
  get extent(): Rect | undefined {
    return this.covered;
  }

  fontName(font: PDFFont): PDFName {
    return this.named(font, () => this.register('Font', font.ref, font.name));
  }

  imageName(image: PDFImage): PDFName {
    return this.named(image, () => this.register('XObject', image.ref));
  }

  graphicsStateName(ref: PDFRef): PDFName {
    return this.named(ref, () => this.register('ExtGState', ref));
  }

  /** A new name for `ref` in the resources of what is drawn on. */
  protected abstract register(kind: ResourceKind, ref: PDFRef, fontName?: string): PDFName;

  private named(key: PDFFont | PDFImage | PDFRef, make: () => PDFName): PDFName {
    let name = this.names.get(key);
    if (!name) {
      name = make();
      this.names.set(key, name);
    }
    return name;
  }
}

export class PageCanvas extends BaseCanvas {
  constructor(
    private readonly page: PDFPage,
    frame: PageFrame,
  ) {
    super(frame);
  }

  protected register(kind: ResourceKind, ref: PDFRef, fontName = ''): PDFName {
    if (kind === 'Font') return this.page.node.newFontDictionary(fontName, ref);
    if (kind === 'XObject') return this.page.node.newXObject('Image', ref);
    return this.page.node.newExtGState('GS', ref);
  }

  /** Writes the collected operators to the page (one new content stream). */
  finish(): void {
    if (this.ops.length === 0) return;
    const m = displayToUser(this.frame);
    this.page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...m), ...this.ops, popGraphicsState());
    this.ops.length = 0;
  }
}
