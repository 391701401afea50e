import type { Ctx } from '../context.js';
import { fillableFields, invalidLink, loadSigningSession } from './signing-session.js';
import { assertAccessVerified } from './verification-state.js';
import { passesOf, type SigningRequest } from './verification-grant.js';

/**
 * The PNG of a drawn or uploaded signature the recipient put in one of the fields it may fill, so the page
 * shows the signature in the field as it will be burned in (also after a reload). Reads only.
 * @throws NOT_FOUND (wrong token, a field it may not fill, a field without an image signature),
 *   VERIFICATION_REQUIRED (403)
 */
export async function getSignatureImage(
  ctx: Ctx,
  token: string,
  fieldId: number,
  request: SigningRequest,
): Promise<Buffer> {
  const s = await loadSigningSession(ctx.db, token);
  const now = ctx.clock();
  await assertAccessVerified(ctx.db, s, now, passesOf(ctx.secrets, s, request, now));
  const field = fillableFields(s).find((f) => f.id === fieldId);
  const value = field ? field.value : null;
  if (value?.kind !== 'signature' || value.signature.type === 'typed') throw invalidLink();
  return Buffer.from(await ctx.storage.getBytes(value.signature.sha256));
}
