/**
 * A team's brand colour: `#rrggbb`, used by the signing page and the mails for buttons (white
 * text on it) and links (on white). WCAG 2.1 AA asks 4.5:1 for normal text, so a colour below
 * that against white is refused rather than shown unreadable.
 */

export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const MIN_BRAND_CONTRAST = 4.5;

/** The colour in the stored form (lower case), or null when it is not `#rrggbb`. */
export function normaliseBrandColor(text: string): string | null {
  const trimmed = text.trim();
  return BRAND_COLOR_PATTERN.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** WCAG 2.1 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(color: string): number {
  const channel = (offset: number) => {
    const c = parseInt(color.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio between white and a `#rrggbb` colour (1 to 21). */
export function contrastWithWhite(color: string): number {
  return 1.05 / (relativeLuminance(color) + 0.05);
}

/** Whether white text on the colour (and the colour on white) meets 4.5:1; ratios are compared unrounded. */
export function isReadableBrandColor(color: string): boolean {
  return contrastWithWhite(color) >= MIN_BRAND_CONTRAST;
}
