import type { MailAttachment } from '../../infra/mail/mailer.js';
import { readPngHeader } from '../../infra/pdf/images/signature-image.js';
import type { Ctx } from '../context.js';
import { readLogoBlob, teamBrandOf } from '../team-branding/team-brand.js';

/** How a mail's HTML shows the team's brand: the button's colour and the logo's inline part. */
export interface MailBrand {
  color: string | null;
  logo: { cid: string; alt: string; width: number; height: number } | null;
}

const LOGO_CID = 'team-logo@firma';
const LOGO_HEIGHT = 48;
const LOGO_MAX_WIDTH = 240;

/**
 * The brand of the team whose document a mail is about, and the logo's inline attachment. The logo
 * goes inside the mail (Content-ID), not as a link to FIRMA_PUBLIC_URL: mail programs show an
 * attached image at once but hold a remote one back until the reader allows it, and fetching one
 * would tell the server when and from where each recipient read the mail. The text part is the
 * same with or without a brand. The logo is at most 512 KB (check-logo.ts), a few KB as a rule.
 */
export async function documentMailBrand(
  ctx: Pick<Ctx, 'db' | 'storage'>,
  platformId: number,
  teamName: string | null,
): Promise<{ brand: MailBrand; attachments: MailAttachment[] }> {
  const brand = await teamBrandOf(ctx, platformId);
  const png = brand.logoSha256 ? await readLogoBlob(ctx, brand.logoSha256) : null;
  if (!png) return { brand: { color: brand.color, logo: null }, attachments: [] };
  const size = readPngHeader(png) ?? { width: LOGO_HEIGHT, height: LOGO_HEIGHT };
  // Written as attributes too: some mail programs ignore CSS sizes and would show it full size.
  const height = Math.min(LOGO_HEIGHT, size.height, Math.round((LOGO_MAX_WIDTH * size.height) / size.width));
  const width = Math.max(1, Math.round((height * size.width) / size.height));
  return {
    brand: { color: brand.color, logo: { cid: LOGO_CID, alt: teamName ?? '', width, height } },
    attachments: [{ filename: 'logo.png', content: png, contentType: 'image/png', cid: LOGO_CID }],
  };
}

/** A message's `attachments` member when there are some (a mail without a logo has none). */
export const inline = (attachments: MailAttachment[]) => (attachments.length > 0 ? { attachments } : {});
