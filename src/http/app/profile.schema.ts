import { z } from 'zod';

/* The team's public profile (no OpenAPI ids: see app.schema.ts). */
export const ZProfileSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lower-case letters, digits and inner hyphens, at most 63')
  .describe('The address of the page: /p/{slug}');

export const ZTeamProfile = z.object({
  enabled: z.boolean().describe('The page is published'),
  slug: z.string().nullable(),
  name: z.string().describe('The name the page shows'),
  description: z.string().describe('The short description the page shows'),
  url: z.string().nullable().describe('The page’s address, once it has a slug'),
});

export const ZTeamProfileBody = z.object({
  enabled: z.boolean(),
  slug: ZProfileSlug,
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
});

export const ZProfileParams = z.object({ slug: z.string().min(1).max(63) });

export const ZPublicProfile = z.object({
  name: z.string(),
  description: z.string(),
  templates: z.array(
    z.object({
      title: z.string().describe('The template’s public title (else its title)'),
      description: z.string().describe('Its public description'),
      url: z.string().describe('Its direct link: where a visitor fills in and signs'),
    }),
  ),
});
