import { getTeamBranding } from '../../domain/team-settings/get-team-branding.js';
import { removeTeamLogo } from '../../domain/team-settings/remove-team-logo.js';
import { setTeamBrandColor } from '../../domain/team-settings/set-team-brand-color.js';
import { setTeamLogo } from '../../domain/team-settings/set-team-logo.js';
import { defineOperation } from '../operation.js';
import { ZPlatformParams } from './app.schema.js';
import { ZTeamBrandColorBody, ZTeamBranding, ZTeamLogoBody } from './branding.schema.js';
import { adminFor } from './tokens.routes.js';

const tags = ['Team settings'];

/**
 * A team's brand in the web app (admins only): the colour and logo its signing pages and mails
 * show. Each change is one transaction with its account_audit row.
 */
export const brandingSettingsOperations = [
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/branding',
    operationId: 'app-getBranding',
    summary: 'The team’s brand colour and logo',
    description: 'For ADMINs; a MANAGER or MEMBER is 403, a non-member 404.',
    tags,
    params: ZPlatformParams,
    response: ZTeamBranding,
    errors: [403, 404],
    handle: async (ctx, request) => getTeamBranding(ctx, await adminFor(ctx, request)),
  }),

  defineOperation({
    method: 'PUT',
    url: '/platforms/:platformId/branding/color',
    operationId: 'app-setBrandColor',
    summary: 'Set the brand colour (buttons and links of the signing pages and mails), or null for Firma’s',
    description:
      'A colour white text is not readable on (under 4.5:1, WCAG 2.1 AA) is 400 BRAND_COLOR_LOW_CONTRAST and nothing changes.',
    tags,
    params: ZPlatformParams,
    body: ZTeamBrandColorBody,
    response: ZTeamBranding,
    errors: [403, 404],
    handle: async (ctx, request) => setTeamBrandColor(ctx, await adminFor(ctx, request), request.body.color),
  }),

  defineOperation({
    method: 'PUT',
    url: '/platforms/:platformId/branding/logo',
    operationId: 'app-setBrandLogo',
    summary: 'Set the logo from a PNG or JPEG (base64), at most 512 KB and 2000×2000 pixels',
    description:
      'The file is recognised by its bytes and decoded in full; what is stored and served is a PNG re-encoded from its pixels. 400 LOGO_INVALID (not a whole PNG or JPEG, or data after the image), 400 LOGO_DIMENSIONS, 413 LOGO_TOO_LARGE.',
    tags,
    params: ZPlatformParams,
    body: ZTeamLogoBody,
    response: ZTeamBranding,
    errors: [403, 404, 413],
    handle: async (ctx, request) => {
      // The role first: a MEMBER's or a stranger's file is not even decoded.
      const admin = await adminFor(ctx, request);
      return setTeamLogo(ctx, admin, Buffer.from(request.body.image, 'base64'));
    },
  }),

  defineOperation({
    method: 'DELETE',
    url: '/platforms/:platformId/branding/logo',
    operationId: 'app-removeBrandLogo',
    summary: 'Remove the logo (the signing pages and mails show none)',
    tags,
    params: ZPlatformParams,
    response: ZTeamBranding,
    errors: [403, 404],
    handle: async (ctx, request) => removeTeamLogo(ctx, await adminFor(ctx, request)),
  }),
];
