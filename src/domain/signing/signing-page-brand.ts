import type { Ctx } from '../context.js';
import { mailSenderName } from '../mail/mail-sender.js';
import { brandLogoPath, brandStylesheetPath, teamBrandOf } from '../team-branding/team-brand.js';

/** What a signing page's shell carries of the team's brand: a stylesheet and a logo, each or none. */
export interface SigningPageBrand {
  stylesheet: string | null;
  logo: { src: string; alt: string } | null;
}

/**
 * The brand of the team whose document a signing page shows. It is in the shell, so before the
 * recipient's verification: it shows who sends the document (the logo's text is the name the mails
 * give as sender) and nothing of the document, which is what the mail carrying the link already
 * said. A page inside an embedding app (`chromeless`) takes the colour only: the app has its own
 * header, and its `css`/`cssVars` still win over the colour (team-brand.ts).
 */
export async function signingPageBrand(
  ctx: Pick<Ctx, 'db'>,
  platformId: number,
  chromeless: boolean,
): Promise<SigningPageBrand> {
  const brand = await teamBrandOf(ctx, platformId);
  const logo =
    brand.logoSha256 && !chromeless
      ? { src: brandLogoPath(brand.logoSha256), alt: (await mailSenderName(ctx.db, platformId)) ?? '' }
      : null;
  return { stylesheet: brand.color ? brandStylesheetPath(brand.color) : null, logo };
}
