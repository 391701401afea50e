/** Drawn signatures: a PNG fitted inside the box, aspect ratio kept, centred. */
import { concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import type { PDFImage } from 'pdf-lib';
import type { Canvas } from './page-canvas.js';
import type { Rect } from './page-geometry.js';

/** The largest rectangle with the image's aspect ratio that fits in `box`, centred in it. */
export function fitImage(imageWidth: number, imageHeight: number, box: Rect): Rect {
  const scale = Math.min(box.width / imageWidth, box.height / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

export function drawImage(canvas: Canvas, rect: Rect, image: PDFImage): void {
  if (image.width <= 0 || image.height <= 0) return;
  const placed = fitImage(image.width, image.height, rect);
  canvas.push(
    pushGraphicsState(),
    concatTransformationMatrix(placed.width, 0, 0, placed.height, placed.x, placed.y),
    drawObject(canvas.imageName(image)),
    popGraphicsState(),
  );
}
