import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from '../schema.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointTable>): Promise<void> {
  await db.insertInto('webhookEndpoint').values(row).execute();
}

export async function findEndpoint(db: Db, platformId: number, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhookEndpoint').selectAll().where('platformId', '=', platformId).where('id', '=', id).executeTakeFirst();
}

export async function listEndpoints(db: Db, platformId: number): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhookEndpoint').selectAll().where('platformId', '=', platformId).orderBy('createdAt').orderBy('id').execute();
}

export async function updateEndpointRow(db: Db, id: string, patch: Updateable<WebhookEndpointTable>): Promise<void> {
  await db.updateTable('webhookEndpoint').set(patch).where('id', '=', id).execute();
}

export async function deleteEndpointRow(db: Db, platformId: number, id: string): Promise<boolean> {
  // Every statement is scoped by platform, the child rows' too: another platform's id must delete
  // nothing, not only answer 404. Deliveries and attempts go with their endpoint.
  const ownDeliveries = db
    .selectFrom('webhookDelivery')
    .select('id')
    .where('platformId', '=', platformId)
    .where('endpointId', '=', id)
    .where('endpointId', 'in', db.selectFrom('webhookEndpoint').select('id').where('platformId', '=', platformId).where('id', '=', id));
  await db.deleteFrom('webhookAttempt').where('deliveryId', 'in', ownDeliveries).execute();
  await db.deleteFrom('webhookDelivery').where('platformId', '=', platformId).where('endpointId', '=', id).execute();
  const result = await db.deleteFrom('webhookEndpoint').where('platformId', '=', platformId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A fresh delivery of one event to one endpoint, due now. */
export function newDeliveryRow(input: { id: string; endpointId: string; platformId: number; eventId: string; eventType: string; now: string }): WebhookDeliveryRow {
  return {
    id: input.id,
    endpointId: input.endpointId,
    platformId: input.platformId,
    eventId: input.eventId,
    eventType: input.eventType,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: input.now,
    lockedUntil: null,
    lastStatusCode: null,
    lastError: null,
    createdAt: input.now,
    updatedAt: input.now,
    deliveredAt: null,
  };
}

export async function insertDelivery(db: Db, row: Insertable<WebhookDeliveryTable>): Promise<void> {
  await db.insertInto('webhookDelivery').values(row).execute();
}

export async function findDelivery(db: Db, platformId: number, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhookDelivery').selectAll().where('platformId', '=', platformId).where('id', '=', id).executeTakeFirst();
}

export async function listDeliveries(db: Db, endpointId: string, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db.selectFrom('webhookDelivery').selectAll().where('endpointId', '=', endpointId).orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    db.selectFrom('webhookDelivery').select((eb) => eb.fn.countAll<number>().as('n')).where('endpointId', '=', endpointId).executeTakeFirstOrThrow(),
  ]);
  const attempts = rows.length
    ? await db
        .selectFrom('webhookAttempt')
        .selectAll()
        .where(
          'deliveryId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('attempt')
        .execute()
    : [];
  return { rows, count: Number(total.n), attempts };
}

/** Events not yet fanned out to endpoints, oldest first. */
export async function undispatchedEvents(db: Db, limit: number) {
  return db.selectFrom('event').selectAll().where('dispatchedAt', 'is', null).orderBy('createdAt').orderBy('id').limit(limit).execute();
}

/** Marks an event dispatched; false when another worker did it first. */
export async function claimEventDispatch(db: Db, eventId: string, at: string): Promise<boolean> {
  const result = await db.updateTable('event').set({ dispatchedAt: at }).where('id', '=', eventId).where('dispatchedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deliveries that are due (or whose worker died mid-attempt), whose endpoint's circuit is closed. */
export async function dueDeliveries(db: Db, now: string, limit: number) {
  return db
    .selectFrom('webhookDelivery')
    .innerJoin('webhookEndpoint', 'webhookEndpoint.id', 'webhookDelivery.endpointId')
    .select(['webhookDelivery.id', 'webhookDelivery.endpointId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('webhookDelivery.status', '=', 'pending'), eb('webhookDelivery.nextAttemptAt', '<=', now)]),
        eb.and([eb('webhookDelivery.status', '=', 'delivering'), eb('webhookDelivery.lockedUntil', '<', now)]),
      ]),
    )
    .where((eb) => eb.or([eb('webhookEndpoint.circuitOpenUntil', 'is', null), eb('webhookEndpoint.circuitOpenUntil', '<=', now)]))
    .orderBy('webhookDelivery.nextAttemptAt')
    .limit(limit)
    .execute();
}

/** Takes one delivery for this worker until `lockedUntil`; false when another worker has it. */
export async function claimDelivery(db: Db, id: string, now: string, lockedUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('webhookDelivery')
    .set({ status: 'delivering', lockedUntil, updatedAt: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', now)]), eb.and([eb('status', '=', 'delivering'), eb('lockedUntil', '<', now)])]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
