import type { Db } from '../../db/database.js';
import {
  findDelivery,
  insertDelivery,
  insertDispatchedEvent,
  listDeliveries,
  newDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/repositories/webhook.repo.js';
import { AppError, notFound } from '../../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import type { EventType } from '../events/record-event.js';
import { newId } from '../ids.js';
import { getWebhook } from './manage-webhooks.js';
import { deliveryView } from './webhook-view.js';

/** An endpoint's deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(
  ctx: Ctx,
  principal: Principal,
  endpointId: string,
  page: { page: number; perPage: number },
) {
  const endpoint = await getWebhook(ctx, principal, endpointId);
  const { rows, count, attempts } = await listDeliveries(ctx.db, endpoint.id, {
    offset: (page.page - 1) * page.perPage,
    limit: page.perPage,
  });
  return {
    data: rows.map((d) =>
      deliveryView(
        d,
        attempts.filter((a) => a.deliveryId === d.id),
      ),
    ),
    count,
    currentPage: page.page,
    perPage: page.perPage,
    totalPages: Math.ceil(count / page.perPage),
  };
}

/**
 * Sends a delivered or failed event again, as a new delivery of the same event id (receivers
 * deduplicate by it). A delivery still being attempted is refused: it may yet succeed. With
 * `endpointId`, the delivery must be one of that endpoint's (Documenso's resend names both).
 * @throws NOT_FOUND, WEBHOOK_DELIVERY_IN_PROGRESS
 */
export async function queueReplay(ctx: Ctx, principal: Principal, deliveryId: string, endpointId?: string) {
  const row = await insertReplay(ctx.db, ctx, principal.platformId, deliveryId, endpointId);
  ctx.wakeWorker();
  return row;
}

/**
 * The replay's row, inserted with `db` (a caller's transaction may add its audit entry); the
 * caller wakes the worker once it has committed. The rules of queueReplay.
 * @throws NOT_FOUND, WEBHOOK_DELIVERY_IN_PROGRESS
 */
export async function insertReplay(db: Db, ctx: Ctx, platformId: number, deliveryId: string, endpointId?: string) {
  const original = await findDelivery(db, platformId, deliveryId);
  if (!original || (endpointId !== undefined && original.endpointId !== endpointId)) throw notFound('Delivery');
  if (original.status === 'pending' || original.status === 'delivering') {
    throw new AppError(
      'WEBHOOK_DELIVERY_IN_PROGRESS',
      'This delivery is still being attempted; replay it once it has succeeded or failed',
    );
  }
  const now = ctx.clock().toISOString();
  const row = newDeliveryRow({
    id: newId('delivery'),
    endpointId: original.endpointId,
    platformId: original.platformId,
    eventId: original.eventId,
    eventType: original.eventType,
    now,
  });
  await insertDelivery(db, row);
  return row;
}

export async function replayDelivery(ctx: Ctx, principal: Principal, deliveryId: string) {
  return deliveryView(await queueReplay(ctx, principal, deliveryId), []);
}

/**
 * Queues a sample event for one endpoint only (never fanned out to the others), as the given event
 * or else the endpoint's first; delivered by the worker like any other, so it shows in the log.
 */
export async function queueTestDelivery(ctx: Ctx, principal: Principal, endpointId: string, event?: EventType) {
  const endpoint = await getWebhook(ctx, principal, endpointId);
  const row = await ctx.db.transaction().execute((trx) => insertTestDelivery(trx, ctx, endpoint, event));
  ctx.wakeWorker();
  return row;
}

/** The sample event and its delivery, inserted with `db` (a transaction); the caller wakes the worker after it. */
export async function insertTestDelivery(db: Db, ctx: Ctx, endpoint: WebhookEndpointRow, event?: EventType) {
  const now = ctx.clock().toISOString();
  const eventType = event ?? endpoint.events[0] ?? 'DOCUMENT_SENT';
  const eventId = newId('evt');
  const row = newDeliveryRow({
    id: newId('delivery'),
    endpointId: endpoint.id,
    platformId: endpoint.platformId,
    eventId,
    eventType,
    now,
  });
  const payload = { test: true, id: 0, title: 'Firma webhook test', status: 'PENDING', recipients: [] };
  await insertDispatchedEvent(db, {
    id: eventId,
    platformId: endpoint.platformId,
    envelopeId: null,
    type: eventType,
    payload: JSON.stringify(payload),
    createdAt: now,
    dispatchedAt: now,
  });
  await insertDelivery(db, row);
  return row;
}

export async function sendTestWebhook(ctx: Ctx, principal: Principal, endpointId: string) {
  return deliveryView(await queueTestDelivery(ctx, principal, endpointId), []);
}
