import { contrastWithWhite } from '../../lib/brand-color.js';
import { brandLogoPath, type TeamBrand } from '../team-branding/team-brand.js';

/** The team's brand as the settings page shows it: the colour with its contrast, the logo's address. */
export interface TeamBrandingView {
  color: string | null;
  /** White text on the colour, e.g. 8.59 (to two decimals); null without a colour. */
  contrast: number | null;
  logo: { url: string; sha256: string } | null;
}

export function teamBrandingView(brand: TeamBrand): TeamBrandingView {
  return {
    color: brand.color,
    contrast: brand.color ? Math.floor(contrastWithWhite(brand.color) * 100) / 100 : null,
    logo: brand.logoSha256 ? { url: brandLogoPath(brand.logoSha256), sha256: brand.logoSha256 } : null,
  };
}
