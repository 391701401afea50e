import type { FieldType } from '../../../lib/vocabulary/field-types.js';
import type { Box } from './types.js';

/* Field boxes in percent of their page, as the API stores them: pure arithmetic, tested beside. */

/** A new field's size, in percent of the page's width and height. */
export function defaultSize(type: FieldType): { width: number; height: number } {
  switch (type) {
    case 'SIGNATURE':
    case 'FREE_SIGNATURE':
      return { width: 30, height: 7 };
    case 'INITIALS':
      return { width: 12, height: 5 };
    case 'RADIO':
    case 'CHECKBOX':
      return { width: 20, height: 8 };
    default:
      return { width: 25, height: 4 };
  }
}

/** The smallest box the keyboard or the mouse may shrink a field to. */
export const MIN_SIZE = 2;

const round = (n: number) => Math.round(n * 100) / 100;
const within = (n: number, low: number, high: number) => Math.min(Math.max(n, low), high);

/** The box kept inside its page (x + width ≤ 100, y + height ≤ 100), sizes at least MIN_SIZE. */
export function clampBox<T extends Box>(box: T): T {
  const width = within(box.width, MIN_SIZE, 100);
  const height = within(box.height, MIN_SIZE, 100);
  return {
    ...box,
    width: round(width),
    height: round(height),
    positionX: round(within(box.positionX, 0, 100 - width)),
    positionY: round(within(box.positionY, 0, 100 - height)),
  };
}

/** A box of `size` centred on a point given in percent of the page, kept inside it. */
export function boxAt(page: number, x: number, y: number, size: { width: number; height: number }): Box {
  return clampBox({ page, positionX: x - size.width / 2, positionY: y - size.height / 2, ...size });
}

/** The next free-ish spot for a field placed by keyboard: a cascade from the top left. */
export function cascadeBox(page: number, onPage: number, size: { width: number; height: number }): Box {
  const step = onPage % 12;
  return clampBox({ page, positionX: 10 + step * 3, positionY: 10 + step * 6, ...size });
}

export type Nudge = 'left' | 'right' | 'up' | 'down';
const DELTA: Record<Nudge, [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/** One arrow key: move by `step` percent, or (resize) grow or shrink the width and height. */
export function nudge<T extends Box>(box: T, direction: Nudge, resize: boolean, step = 1): T {
  const [dx, dy] = DELTA[direction];
  if (resize) return clampBox({ ...box, width: box.width + dx * step, height: box.height + dy * step });
  return clampBox({ ...box, positionX: box.positionX + dx * step, positionY: box.positionY + dy * step });
}

/** A pointer position inside a page's rectangle, in percent of that page. */
export function percentIn(rect: { left: number; top: number; width: number; height: number }, x: number, y: number) {
  return { x: ((x - rect.left) / rect.width) * 100, y: ((y - rect.top) / rect.height) * 100 };
}
