import type { FieldType } from '../../lib/vocabulary/field-types.js';
import type { FoundTag } from '../../infra/pdf/tags/find-tags.js';
import type { TagLength } from './placeholder-tags.js';

/**
 * The box of a field made from a placeholder tag. A tag's text is a poor size for a field (a
 * `{{signature, r1}}` in 11 pt type is about 100 × 14 pt: a signature a few millimetres tall),
 * so the field keeps the tag's top-left corner, where the tag starts (as other services' text
 * tags do), and grows to its type's minimum; `width=`/`height=` in the tag set a side exactly.
 * A box that would run past the page's right or bottom edge moves left or up instead.
 */

/** Points per character of a value, per point of font size: about a sans-serif's average advance. */
const EM_PER_CHAR = 0.55;
/** What a value of `chars` characters at `fontSize` needs across, padding included. */
const across = (chars: number, fontSize: number) => Math.ceil(chars * EM_PER_CHAR * fontSize + 4);
/** One line at `fontSize` with room above and below: the renderer draws it without shrinking. */
const lineHeight = (fontSize: number) => Math.max(16, Math.ceil(fontSize * 1.5));

/**
 * Each type's minimum in points, for the font size it will be drawn at. Text types are wide
 * enough for a usual value: a 20-character name or date (`2026-11-28 10:30 AM`, the default
 * format), a 26-character e-mail address. Longer values still show in full: burning in shrinks,
 * then wraps, then runs past the box (text-layout.ts), never cuts.
 */
export function minimumFieldSize(type: FieldType, fontSize = 12): { width: number; height: number } {
  switch (type) {
    case 'SIGNATURE':
    case 'FREE_SIGNATURE':
      return { width: 144, height: 36 };
    case 'INITIALS':
      return { width: 56, height: 28 };
    case 'NAME':
    case 'DATE':
    case 'TEXT':
      return { width: across(20, fontSize), height: lineHeight(fontSize) };
    case 'EMAIL':
      return { width: across(26, fontSize), height: lineHeight(fontSize) };
    case 'NUMBER':
      return { width: across(10, fontSize), height: lineHeight(fontSize) };
    case 'DROPDOWN':
      return { width: across(16, fontSize), height: lineHeight(fontSize) };
    case 'CHECKBOX':
    case 'RADIO': {
      // One option (a tag gives no values): its mark and a short label on one row.
      const side = Math.max(12, Math.ceil(fontSize * 1.5));
      return { width: side, height: side };
    }
  }
}

/** Where a tag was found: its box in percent of the displayed page, and that page's size in points. */
export type TagBox = Pick<FoundTag, 'positionX' | 'positionY' | 'width' | 'height' | 'pageWidth' | 'pageHeight'>;

export interface PercentBox {
  positionX: number;
  positionY: number;
  width: number;
  height: number;
}

export type TagFieldBox = { ok: true; box: PercentBox } | { ok: false; problem: string };

/** Percentages kept to 1/10 000 of the page: exact enough, and no float residue past 100. */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

export function tagFieldBox(
  type: FieldType,
  fontSize: number | undefined,
  found: TagBox,
  size: { width?: TagLength; height?: TagLength } = {},
): TagFieldBox {
  const min = minimumFieldSize(type, fontSize);
  const side = (name: 'width' | 'height', page: number, tagPercent: number, minimum: number): number | string => {
    const given = size[name];
    if (!given) return Math.min(page, Math.max((tagPercent / 100) * page, minimum));
    const points = given.unit === '%' ? (given.value / 100) * page : given.value;
    if (points > page + 1e-9)
      return `option "${name}" is ${given.value} pt, more than the page's ${name} (${Math.round(page * 100) / 100} pt)`;
    return points;
  };
  const width = side('width', found.pageWidth, found.width, min.width);
  if (typeof width === 'string') return { ok: false, problem: width };
  const height = side('height', found.pageHeight, found.height, min.height);
  if (typeof height === 'string') return { ok: false, problem: height };
  const widthPct = Math.min(100, round((width / found.pageWidth) * 100));
  const heightPct = Math.min(100, round((height / found.pageHeight) * 100));
  return {
    ok: true,
    box: {
      positionX: Math.max(0, Math.min(round(found.positionX), round(100 - widthPct))),
      positionY: Math.max(0, Math.min(round(found.positionY), round(100 - heightPct))),
      width: widthPct,
      height: heightPct,
    },
  };
}
