import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

/**
 * Builds PDFs carrying placeholder tags the way generators write them, and says where each tag
 * is, in percent of the displayed page from its top-left corner (what a field's box uses).
 */

export interface TagSpec {
  text: string;
  x: number;
  y: number;
  size?: number;
  /** Draw the tag in pieces cut at these character offsets, each its own text run. */
  splitAt?: number[];
}

export interface PageSpec {
  size?: [number, number];
  /** The page's /Rotate. Tags are then drawn so they read upright as displayed. */
  rotate?: 0 | 90 | 180 | 270;
  tags: TagSpec[];
  /** Other text on the page (not a tag). */
  prose?: { text: string; x: number; y: number }[];
}

export interface ExpectedBox {
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
}

const NOTO = 'node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';

export async function taggedPdf(
  pages: PageSpec[],
  options: { font?: 'helvetica' | 'noto' } = {},
): Promise<{ bytes: Uint8Array; boxes: ExpectedBox[] }> {
  const doc = await PDFDocument.create();
  let font: PDFFont;
  if (options.font === 'noto') {
    doc.registerFontkit(fontkit);
    // subset: true is how generators embed fonts; pdf-lib writes a Type0 font with Identity-H.
    font = await doc.embedFont(await readFile(NOTO), { subset: true });
  } else font = await doc.embedFont(StandardFonts.Helvetica);
  const boxes: ExpectedBox[] = [];
  for (const [index, spec] of pages.entries()) {
    const [w, h] = spec.size ?? [600, 800];
    const page = doc.addPage([w, h]);
    const rotation = spec.rotate ?? 0;
    page.setRotation(degrees(rotation));
    // Display size and the map from display coordinates (origin bottom-left) to user space.
    const turned = rotation === 90 || rotation === 270;
    const dw = turned ? h : w;
    const dh = turned ? w : h;
    const toUser = (dx: number, dy: number): [number, number] => {
      switch (rotation) {
        case 0:
          return [dx, dy];
        case 90:
          return [w - dy, dx];
        case 180:
          return [w - dx, h - dy];
        case 270:
          return [dy, h - dx];
      }
    };
    const draw = (text: string, dx: number, dy: number, size: number) => {
      const [ux, uy] = toUser(dx, dy);
      page.drawText(text, { x: ux, y: uy, size, font, rotate: degrees(rotation) });
    };
    for (const p of spec.prose ?? []) draw(p.text, p.x, p.y, 12);
    for (const tag of spec.tags) {
      const size = tag.size ?? 12;
      const cuts = [0, ...(tag.splitAt ?? []), tag.text.length];
      for (let i = 0; i + 1 < cuts.length; i++) {
        const piece = tag.text.slice(cuts[i], cuts[i + 1]);
        draw(piece, tag.x + font.widthOfTextAtSize(tag.text.slice(0, cuts[i]), size), tag.y, size);
      }
      const width = font.widthOfTextAtSize(tag.text, size);
      const top = tag.y + font.heightAtSize(size, { descender: false });
      boxes.push({
        page: index + 1,
        positionX: (tag.x / dw) * 100,
        positionY: ((dh - top) / dh) * 100,
        width: (width / dw) * 100,
        height: (font.heightAtSize(size) / dh) * 100,
      });
    }
  }
  return { bytes: await doc.save(), boxes };
}
