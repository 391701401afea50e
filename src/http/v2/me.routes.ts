import { z } from 'zod';
import { getPlatformIdentityPolicy } from '../../domain/platforms/get-platform-identity-policy.js';
import { IDENTITY_RULES } from '../../domain/recipients/identity-rule.js';
import { principalOf } from '../plugins/authenticate.js';
import { defineOperation } from '../operation.js';

export const ZMeResponse = z.object({
  platform: z.object({
    id: z.number().int(),
    name: z.string(),
    identityRule: z
      .enum(IDENTITY_RULES)
      .describe(
        'Firma: the national ID every SIGNER needs (in the recipient’s `cuil` member) before a document is sent: CUIL (the default), NONE, RUT (Chile), CI_UY (Uruguay) or CPF (Brazil); set with `firma platform set --identity-rule`',
      ),
    signerEntersId: z
      .boolean()
      .describe(
        'Firma: true when a signer sent without an ID types their own on the signing page, checked against identityRule, before signing (`firma platform set --signer-enters-id on`); false (the default): every signer’s ID is needed before the document is sent',
      ),
  }),
  token: z.object({ id: z.string(), scope: z.enum(['read', 'full']), environment: z.enum(['sandbox', 'production']) }),
});

/** Lets an integrator check which platform and environment a token belongs to, and the platform's identity rule. */
export const meOperations = [
  defineOperation({
    method: 'GET',
    url: '/me',
    operationId: 'me-get',
    summary: 'The platform and token behind the Authorization header',
    tags: ['Platform'],
    response: ZMeResponse,
    errors: [401, 403],
    handle: async (ctx, request) => {
      const p = principalOf(request);
      const policy = await getPlatformIdentityPolicy(ctx, p.platformId);
      return {
        platform: {
          id: p.platformId,
          name: p.platformName,
          identityRule: policy.rule,
          signerEntersId: policy.signerEntersId,
        },
        token: { id: p.tokenId, scope: p.scope, environment: p.environment },
      };
    },
  }),
];
