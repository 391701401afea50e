import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import type { PDFContext, PDFObject } from 'pdf-lib';

/**
 * Page geometry as a PDF viewer shows it, read straight from the page dictionaries.
 *
 * pdf-lib's getters inherit /MediaBox, /CropBox and /Rotate from parent /Pages nodes, but they
 * neither normalise rectangles (a box may be written [x2 y2 x1 y1]), nor resolve indirect
 * numbers inside the array, nor clip the CropBox to the MediaBox, nor normalise the rotation.
 * Viewers (pdf.js, poppler) do all of that, and fields are placed on what the viewer shows, so
 * this module mirrors the viewers.
 */

export type PageRotation = 0 | 90 | 180 | 270;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPageInfo {
  /** Displayed width in points: the CropBox width, or its height when rotated 90/270. */
  width: number;
  /** Displayed height in points: the CropBox height, or its width when rotated 90/270. */
  height: number;
  rotation: PageRotation;
  /** Visible area in unrotated user space (CropBox clipped to MediaBox). */
  cropBox: Box;
}

/** What pdf.js uses when a page has no usable MediaBox. */
const LETTER: Box = { x: 0, y: 0, width: 612, height: 792 };

/** Parent chains deeper than this are treated as a loop. */
const MAX_DEPTH = 256;

function lookup(context: PDFContext, obj: PDFObject | undefined): PDFObject | undefined {
  let current = obj;
  // A reference may point to another reference in broken files; follow a few hops only.
  for (let hops = 0; current instanceof PDFRef && hops < 8; hops++) current = context.lookup(current);
  return current instanceof PDFRef ? undefined : current;
}

/** Finds an inheritable attribute by walking the /Parent chain, as viewers do. */
export function inheritedAttribute(context: PDFContext, page: PDFDict, key: string): PDFObject | undefined {
  const name = PDFName.of(key);
  const parentKey = PDFName.of('Parent');
  const seen = new Set<PDFDict>();
  let node: PDFDict | undefined = page;
  for (let depth = 0; node && depth < MAX_DEPTH && !seen.has(node); depth++) {
    seen.add(node);
    const value = lookup(context, node.get(name));
    if (value !== undefined) return value;
    const parent = lookup(context, node.get(parentKey));
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}

function readNumber(context: PDFContext, obj: PDFObject | undefined): number | undefined {
  const value = lookup(context, obj);
  if (!(value instanceof PDFNumber)) return undefined;
  const n = value.asNumber();
  return Number.isFinite(n) ? n : undefined;
}

/** Reads a rectangle array, normalised so that width and height are positive; undefined if unusable. */
export function readBox(context: PDFContext, obj: PDFObject | undefined): Box | undefined {
  const array = lookup(context, obj);
  if (!(array instanceof PDFArray) || array.size() !== 4) return undefined;
  const values: number[] = [];
  for (let i = 0; i < 4; i++) {
    const n = readNumber(context, array.get(i));
    if (n === undefined) return undefined;
    values.push(n);
  }
  const [x1, y1, x2, y2] = values as [number, number, number, number];
  const box = {
    x: Math.min(x1, x2),
    y: Math.min(y1, y2),
    width: Math.abs(x2 - x1),
    height: Math.abs(y2 - y1),
  };
  return box.width > 0 && box.height > 0 ? box : undefined;
}

function intersect(a: Box, b: Box): Box | undefined {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const top = Math.min(a.y + a.height, b.y + b.height);
  return right > x && top > y ? { x, y, width: right - x, height: top - y } : undefined;
}

/**
 * Normalises a /Rotate value: multiples of 90 are brought into 0..270 (-90 → 270, 450 → 90);
 * anything else is ignored, as pdf.js does.
 */
export function normaliseRotation(value: number | undefined): PageRotation {
  if (value === undefined || !Number.isInteger(value) || value % 90 !== 0) return 0;
  return (((value % 360) + 360) % 360) as PageRotation;
}

export function readPageInfo(context: PDFContext, page: PDFDict): PdfPageInfo {
  const mediaBox = readBox(context, inheritedAttribute(context, page, 'MediaBox')) ?? LETTER;
  const declaredCrop = readBox(context, inheritedAttribute(context, page, 'CropBox'));
  const cropBox = (declaredCrop && intersect(declaredCrop, mediaBox)) ?? mediaBox;
  const rotation = normaliseRotation(readNumber(context, inheritedAttribute(context, page, 'Rotate')));
  const sideways = rotation === 90 || rotation === 270;
  return {
    width: sideways ? cropBox.height : cropBox.width,
    height: sideways ? cropBox.width : cropBox.height,
    rotation,
    cropBox: { ...cropBox },
  };
}

export class PageTreeError extends Error {}

/**
 * Walks the page tree from the catalog's /Pages in document order and returns the leaf
 * dictionaries. Throws PageTreeError when the tree cannot be walked: a kid that is not a
 * /Page or /Pages dictionary, a loop, or a root /Count that disagrees with the leaves found
 * (viewers trust /Count, so a mismatch means the signer would see different pages).
 */
export function walkPageTree(context: PDFContext, pagesRoot: PDFObject | undefined): PDFDict[] {
  const root = lookup(context, pagesRoot);
  if (!(root instanceof PDFDict)) throw new PageTreeError('the catalog has no /Pages dictionary');
  const typeKey = PDFName.of('Type');
  const kidsKey = PDFName.of('Kids');
  const leaves: PDFDict[] = [];
  const visited = new Set<PDFDict>();

  const visit = (node: PDFDict, depth: number): void => {
    if (depth > MAX_DEPTH) throw new PageTreeError('the page tree is too deep');
    if (visited.has(node)) throw new PageTreeError('the page tree has a loop');
    visited.add(node);
    const type = lookup(context, node.get(typeKey));
    const isPages = type === PDFName.of('Pages') || (type === undefined && node.has(kidsKey));
    if (!isPages) {
      if (type !== PDFName.of('Page')) throw new PageTreeError('a page tree node is neither /Page nor /Pages');
      leaves.push(node);
      return;
    }
    const kids = lookup(context, node.get(kidsKey));
    if (!(kids instanceof PDFArray)) throw new PageTreeError('a /Pages node has no /Kids array');
    for (let i = 0; i < kids.size(); i++) {
      const kid = lookup(context, kids.get(i));
      if (!(kid instanceof PDFDict)) throw new PageTreeError('a /Kids entry is not a dictionary');
      visit(kid, depth + 1);
    }
  };

  visit(root, 0);
  const count = readNumber(context, root.get(PDFName.of('Count')));
  if (count !== undefined && count !== leaves.length) {
    throw new PageTreeError(`the page tree declares ${count} pages but holds ${leaves.length}`);
  }
  return leaves;
}
