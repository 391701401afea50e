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
  fontName(font: PDFFont): PDFName;
  imageName(image: PDFImage): PDFName;
  graphicsStateName(ref: PDFRef): PDFName;
}

export class PageCanvas implements Canvas {
  readonly width: number;
  readonly height: number;
  private readonly ops: PDFOperator[] = [];
  private readonly names = new Map<PDFFont | PDFImage | PDFRef, PDFName>();

  constructor(
    private readonly page: PDFPage,
    readonly frame: PageFrame,
  ) {
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

  fontName(font: PDFFont): PDFName {
    let name = this.names.get(font);
    if (!name) {
      name = this.page.node.newFontDictionary(font.name, font.ref);
      this.names.set(font, name);
    }
    return name;
  }

  imageName(image: PDFImage): PDFName {
    let name = this.names.get(image);
    if (!name) {
      name = this.page.node.newXObject('Image', image.ref);
      this.names.set(image, name);
    }
    return name;
  }

  graphicsStateName(ref: PDFRef): PDFName {
    let name = this.names.get(ref);
    if (!name) {
      name = this.page.node.newExtGState('GS', ref);
      this.names.set(ref, name);
    }
    return name;
  }

  /** Writes the collected operators to the page (one new content stream). */
  finish(): void {
    if (this.ops.length === 0) return;
    const m = displayToUser(this.frame);
    this.page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...m), ...this.ops, popGraphicsState());
    this.ops.length = 0;
  }
}
