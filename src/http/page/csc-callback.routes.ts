import { CSC_CALLBACK_PATH, CSC_COOKIE } from '../../domain/signing/csc-remote.js';
import { finishCscAuthorization } from '../../domain/signing/finish-csc-authorization.js';
import { defineHiddenRoute } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { signingAccount } from '../signing/signing-request.js';

/**
 * Where a CSC provider sends the signer's browser back (remote signing). One fixed address, so it
 * can be registered with the provider; the sealed `state` names the signing link. The answer is a
 * redirect to the signing page with the outcome in the fragment (see finish-csc-authorization.ts);
 * a state Firma cannot open has no page to go back to and gets a short notice.
 */
export const cscCallbackRoutes = [
  defineHiddenRoute({
    method: 'GET',
    url: CSC_CALLBACK_PATH,
    handle: async (ctx, request, reply) => {
      const query = request.query as { code?: unknown; state?: unknown; error?: unknown };
      const text = (v: unknown) => (typeof v === 'string' && v.length <= 8000 ? v : undefined);
      const outcome = await finishCscAuthorization(
        ctx,
        { code: text(query.code), state: text(query.state), error: text(query.error) },
        cookieOf(request.headers.cookie, CSC_COOKIE),
        // The provider sends the signer's browser back here: its account session, if any, still
        // holds the ACCOUNT or PASSKEY pass the round trip started with.
        { ...requestMeta(request), accountSessionId: (await signingAccount(ctx, request))?.sessionId ?? null },
      );
      // The cookie served one round trip; it is dropped whatever the outcome.
      return reply
        .header('Set-Cookie', `${CSC_COOKIE}=; Path=${CSC_CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`)
        .header('Referrer-Policy', 'no-referrer')
        .header('Cache-Control', 'no-store')
        .redirect(`/sign/${encodeURIComponent(outcome.token)}#${outcome.fragment}`, 303);
    },
  }),
];

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}
