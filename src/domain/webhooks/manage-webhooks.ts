import {
  deleteEndpointRow,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  updateEndpointRow,
} from '../../db/repositories/webhook.repo.js';
import { AppError, notFound } from '../../errors.js';
import { resolvesToPrivate } from '../../infra/net/address-guard.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import type { EventType } from '../events/record-event.js';
import { newId, randomToken } from '../ids.js';
import { webhookView } from './webhook-view.js';

export interface WebhookInput {
  url: string;
  events: EventType[];
  secret?: string | undefined;
  enabled?: boolean | undefined;
}

/**
 * Only http(s), no credentials in the URL, and (unless the operator allows it) no address on a
 * private network: the check runs here and again at every delivery, because DNS can change.
 * @throws WEBHOOK_URL_NOT_ALLOWED
 */
export async function assertDeliverable(ctx: Ctx, raw: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw notAllowed('the URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw notAllowed('only http and https URLs are allowed');
  if (url.username || url.password)
    throw notAllowed('credentials in the URL are not allowed; verify X-Service-Secret or X-Firma-Signature instead');
  if (ctx.config.webhooks.allowPrivate) return;
  const isPrivate = await resolvesToPrivate(url.hostname).catch(() => {
    throw notAllowed('the host name does not resolve');
  });
  if (isPrivate)
    throw notAllowed(
      'the URL points to a private, loopback or link-local address (an operator allows those with FIRMA_WEBHOOK_ALLOW_PRIVATE=true)',
    );
}

const notAllowed = (why: string) =>
  new AppError('WEBHOOK_URL_NOT_ALLOWED', `The webhook URL is not allowed: ${why}`, {
    issues: [{ message: `url: ${why}`, path: ['url'] }],
  });

/** Creates an endpoint; the answer is the only time its secret is shown. */
export async function createWebhook(ctx: Ctx, principal: Principal, input: WebhookInput) {
  await assertDeliverable(ctx, input.url);
  const { row, secret } = newEndpointRow(ctx, principal.platformId, input);
  await insertEndpoint(ctx.db, row);
  return { ...webhookView(row), secret };
}

/** A new endpoint's row (its secret sealed) and the secret, for the one answer that shows it. */
export function newEndpointRow(ctx: Ctx, platformId: number, input: WebhookInput) {
  const now = ctx.clock().toISOString();
  const secret = input.secret ?? `whsec_${randomToken(32)}`;
  const row = {
    id: newId('webhook'),
    platformId,
    url: input.url,
    events: [...new Set(input.events)],
    secretSealed: ctx.secrets.seal(secret),
    enabled: input.enabled === false ? 0 : 1,
    consecutiveFailures: 0,
    circuitOpenUntil: null,
    createdAt: now,
    updatedAt: now,
  };
  return { row, secret };
}

export async function listWebhooks(ctx: Ctx, principal: Principal) {
  return { data: (await listEndpoints(ctx.db, principal.platformId)).map(webhookView) };
}

/** @throws NOT_FOUND (another platform's endpoint too) */
export async function getWebhook(ctx: Ctx, principal: Principal, id: string) {
  const row = await findEndpoint(ctx.db, principal.platformId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

/** Changes what is given; a new secret takes effect from the next attempt. */
export async function updateWebhook(ctx: Ctx, principal: Principal, id: string, patch: Partial<WebhookInput>) {
  const row = await getWebhook(ctx, principal, id);
  if (patch.url !== undefined) await assertDeliverable(ctx, patch.url);
  const changes = endpointChanges(ctx, patch);
  await updateEndpointRow(ctx.db, row.id, changes);
  return webhookView({ ...row, ...changes });
}

export async function deleteWebhook(ctx: Ctx, principal: Principal, id: string): Promise<void> {
  const deleted = await ctx.db.transaction().execute((trx) => deleteEndpointRow(trx, principal.platformId, id));
  if (!deleted) throw notFound('Webhook');
}

/** The columns a patch changes (a new secret sealed; re-enabling closes the circuit). */
export function endpointChanges(ctx: Ctx, patch: Partial<WebhookInput>) {
  return {
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.events !== undefined ? { events: [...new Set(patch.events)] } : {}),
    ...(patch.secret !== undefined ? { secretSealed: ctx.secrets.seal(patch.secret) } : {}),
    // Re-enabling closes the circuit: the operator says the receiver is back.
    ...(patch.enabled !== undefined
      ? { enabled: patch.enabled ? 1 : 0, ...(patch.enabled ? { consecutiveFailures: 0, circuitOpenUntil: null } : {}) }
      : {}),
    updatedAt: ctx.clock().toISOString(),
  };
}
