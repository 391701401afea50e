/**
 * Pure maths between the page a signer sees and the PDF's user space.
 *
 * "Display space" here is the page as a viewer shows it (CropBox, rotated clockwise by /Rotate),
 * in points, with the origin at the displayed bottom-left corner, x to the right and y up: the
 * same orientation as PDF user space, so drawing code can work in it as on an unrotated page.
 * The renderer prepends `displayToUser` as a `cm` operator, which makes everything drawn in
 * display space land (and read upright) where the viewer shows it.
 */
import type { Box, PageRotation } from '../page-info.js';

/** An affine matrix [a b c d e f] in PDF order: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

export interface PageFrame {
  rotation: PageRotation;
  /** CropBox (clipped to MediaBox) in unrotated user space. */
  cropBox: Box;
}

/** A field box in percent of the displayed page, measured from its top-left corner. */
export interface PercentBox {
  positionX: number;
  positionY: number;
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function displaySize(frame: PageFrame): { width: number; height: number } {
  const { width, height } = frame.cropBox;
  return frame.rotation === 90 || frame.rotation === 270 ? { width: height, height: width } : { width, height };
}

/**
 * The matrix that maps display space to user space. A viewer turns the page clockwise by
 * /Rotate, so display space is user space turned the same way, anchored at the CropBox.
 */
export function displayToUser(frame: PageFrame): Matrix {
  const { x, y, width, height } = frame.cropBox;
  switch (frame.rotation) {
    case 0:
      return [1, 0, 0, 1, x, y];
    case 90:
      // Display x runs along user +y from the CropBox's bottom-right; display y runs along user -x.
      return [0, 1, -1, 0, x + width, y];
    case 180:
      return [-1, 0, 0, -1, x + width, y + height];
    case 270:
      // Display x runs along user -y from the CropBox's top-left; display y runs along user +x.
      return [0, -1, 1, 0, x, y + height];
  }
}

export function applyMatrix(m: Matrix, px: number, py: number): { x: number; y: number } {
  return { x: m[0] * px + m[2] * py + m[4], y: m[1] * px + m[3] * py + m[5] };
}

const clampPercent = (v: number): number => Math.min(100, Math.max(0, v));

/**
 * Converts a percent box (top-left origin) to a rectangle in display space (bottom-left origin).
 * The box is clipped to the page.
 */
export function percentToDisplayRect(box: PercentBox, frame: PageFrame): Rect {
  const page = displaySize(frame);
  const left = clampPercent(box.positionX);
  const right = clampPercent(box.positionX + box.width);
  const top = clampPercent(box.positionY);
  const bottom = clampPercent(box.positionY + box.height);
  const width = (Math.max(0, right - left) / 100) * page.width;
  const height = (Math.max(0, bottom - top) / 100) * page.height;
  return { x: (left / 100) * page.width, y: page.height - (bottom / 100) * page.height, width, height };
}

/** The axis-aligned rectangle, in unrotated user space, that a display-space rectangle covers. */
export function displayRectToUserRect(rect: Rect, frame: PageFrame): Rect {
  const m = displayToUser(frame);
  const a = applyMatrix(m, rect.x, rect.y);
  const b = applyMatrix(m, rect.x + rect.width, rect.y + rect.height);
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/** Percent box on the displayed page → rectangle in unrotated user space. */
export function percentToUserRect(box: PercentBox, frame: PageFrame): Rect {
  return displayRectToUserRect(percentToDisplayRect(box, frame), frame);
}
