import { z } from 'zod';

/*
 * The wire shapes of the team branding settings. No OpenAPI ids, as in app.schema.ts: they would
 * add components to the public API's documents.
 */
export const ZTeamBranding = z.object({
  color: z.string().nullable().describe('The brand colour, #rrggbb; null: Firma’s own'),
  contrast: z.number().nullable().describe('White text on the colour, x:1 (at least 4.5)'),
  logo: z
    .object({
      url: z.string().describe('Public, content-addressed: /sign-assets/brand/{sha256}.png'),
      sha256: z.string(),
    })
    .nullable(),
});

export const ZTeamBrandColorBody = z.object({
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'not #RRGGBB')
    .nullable()
    .describe('#RRGGBB with at least 4.5:1 contrast against white (WCAG 2.1 AA); null: Firma’s own colour'),
});

// 512 KB in base64, and some room: a larger file is answered LOGO_TOO_LARGE by the use case, with
// the limit in words, not a schema message.
const MAX_BASE64 = Math.ceil((1024 * 1024 * 4) / 3);

export const ZTeamLogoBody = z.object({
  image: z
    .string()
    .min(1)
    .max(MAX_BASE64)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64')
    .describe(
      'The file, base64: a PNG or JPEG of at most 512 KB and 2000×2000 pixels, recognised by its content (not its name)',
    ),
});
