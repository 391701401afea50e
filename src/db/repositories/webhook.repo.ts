import type { Insertable, Selectable, Updateable } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import type { EventTable, WebhookAttemptTable, WebhookDeliveryTable, WebhookEndpointTable } from '../schema.js';

/**
 * An endpoint as the domain sees it: its subscribed event types decoded (the column stores them as
 * a JSON array). Encoded and decoded here only, so no use case parses stored JSON.
 */
export type WebhookEndpointRow = Omit<Selectable<WebhookEndpointTable>, 'events'> & { events: string[] };
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
type EndpointChanges = Omit<Updateable<WebhookEndpointTable>, 'events'> & { events?: string[] };

const decodeEvents = (text: string): string[] => JSON.parse(text) as string[];

function decodedEndpoint<R extends { events: string }>(row: R): Omit<R, 'events'> & { events: string[] } {
  return { ...row, events: decodeEvents(row.events) };
}

function encodedChanges({ events, ...rest }: EndpointChanges): Updateable<WebhookEndpointTable> {
  return events === undefined ? rest : { ...rest, events: JSON.stringify(events) };
}

export async function insertEndpoint(db: Db, row: WebhookEndpointRow): Promise<void> {
  await db
    .insertInto('webhookEndpoint')
    .values({ ...row, events: JSON.stringify(row.events) })
    .execute();
}

export async function findEndpoint(db: Db, platformId: number, id: string): Promise<WebhookEndpointRow | undefined> {
  const row = await db
    .selectFrom('webhookEndpoint')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodedEndpoint(row);
}

export async function listEndpoints(db: Db, platformId: number): Promise<WebhookEndpointRow[]> {
  const rows = await db
    .selectFrom('webhookEndpoint')
    .selectAll()
    .where('platformId', '=', platformId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(decodedEndpoint);
}

export async function updateEndpointRow(db: Db, id: string, patch: EndpointChanges): Promise<void> {
  await db.updateTable('webhookEndpoint').set(encodedChanges(patch)).where('id', '=', id).execute();
}

export async function deleteEndpointRow(db: Db, platformId: number, id: string): Promise<boolean> {
  // Every statement is scoped by platform, the child rows' too: another platform's id must delete
  // nothing, not only answer 404. Deliveries and attempts go with their endpoint.
  const ownDeliveries = db
    .selectFrom('webhookDelivery')
    .select('id')
    .where('platformId', '=', platformId)
    .where('endpointId', '=', id)
    .where(
      'endpointId',
      'in',
      db.selectFrom('webhookEndpoint').select('id').where('platformId', '=', platformId).where('id', '=', id),
    );
  await db.deleteFrom('webhookAttempt').where('deliveryId', 'in', ownDeliveries).execute();
  await db.deleteFrom('webhookDelivery').where('platformId', '=', platformId).where('endpointId', '=', id).execute();
  const result = await db
    .deleteFrom('webhookEndpoint')
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A fresh delivery of one event to one endpoint, due now. */
export function newDeliveryRow(input: {
  id: string;
  endpointId: string;
  platformId: number;
  eventId: string;
  eventType: string;
  now: string;
}): WebhookDeliveryRow {
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
  return db
    .selectFrom('webhookDelivery')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listDeliveries(db: Db, endpointId: string, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhookDelivery')
      .selectAll()
      .where('endpointId', '=', endpointId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('webhookDelivery')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpointId', '=', endpointId)
      .executeTakeFirstOrThrow(),
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
  return db
    .selectFrom('event')
    .selectAll()
    .where('dispatchedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The enabled endpoints of these platforms (never empty: called with the platforms of pending events). */
export async function enabledEndpointsOfPlatforms(db: Db, platformIds: number[]) {
  const rows = await db
    .selectFrom('webhookEndpoint')
    .select(['id', 'platformId', 'events'])
    .where('platformId', 'in', platformIds)
    .where('enabled', '=', 1)
    .execute();
  return rows.map(decodedEndpoint);
}

/** An event that is delivered by its own deliveries only (a test event), so it is born dispatched. */
export async function insertDispatchedEvent(
  db: Db,
  row: Insertable<EventTable> & { dispatchedAt: string },
): Promise<void> {
  await db.insertInto('event').values(row).execute();
}

/** Marks an event dispatched; false when another worker did it first. */
export async function claimEventDispatch(db: Db, eventId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('event')
    .set({ dispatchedAt: at })
    .where('id', '=', eventId)
    .where('dispatchedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Of the endpoints whose circuit is closed, those with a due delivery (leaving out `skip`, the ones
 * this worker cannot take more for now). One probe of the (endpoint, status, next attempt) index per
 * endpoint, so the cost follows the number of endpoints, not the size of a backlog.
 */
export async function endpointsWithDueDeliveries(
  db: Db,
  now: string,
  skip: string[],
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom('webhookEndpoint')
    .select('webhookEndpoint.id')
    .where((eb) =>
      eb.or([eb('webhookEndpoint.circuitOpenUntil', 'is', null), eb('webhookEndpoint.circuitOpenUntil', '<=', now)]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhookDelivery')
          .select(eb.lit(1).as('due'))
          .whereRef('webhookDelivery.endpointId', '=', 'webhookEndpoint.id')
          .where('webhookDelivery.status', '=', 'pending')
          .where('webhookDelivery.nextAttemptAt', '<=', now),
      ),
    );
  if (skip.length > 0) query = query.where('webhookEndpoint.id', 'not in', skip);
  return (await query.limit(limit).execute()).map((r) => r.id);
}

/**
 * Deliveries whose worker died mid-attempt (lease lapsed) become pending again, due at once (their
 * next attempt time already passed when they were claimed), and are claimed like any other.
 */
export async function releaseLapsedDeliveries(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('webhookDelivery')
    .set({ status: 'pending', lockedUntil: null, updatedAt: now })
    .where('status', '=', 'delivering')
    .where('lockedUntil', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Takes up to `limit` of one endpoint's oldest due deliveries for this worker until `lockedUntil`,
 * in one statement. PostgreSQL: FOR UPDATE SKIP LOCKED, so concurrent workers never take the same
 * delivery, in a MATERIALIZED common table expression: as a plain `IN (subquery)` the planner may
 * rescan the locking LIMIT subquery once per outer row, and each rescan skips the rows this very
 * statement already updated, so it took more than `limit`. SQLite: one UPDATE, atomic under its
 * single writer. The outer conditions are checked again on the row being updated.
 */
export async function claimDueDeliveries(
  db: Db,
  input: { endpointId: string; now: string; lockedUntil: string; limit: number },
) {
  return db
    .with(
      (cte) => cte('picked').materialized(),
      (qb) => {
        const due = qb
          .selectFrom('webhookDelivery')
          .select('id')
          .where('endpointId', '=', input.endpointId)
          .where('status', '=', 'pending')
          .where('nextAttemptAt', '<=', input.now)
          .orderBy('nextAttemptAt')
          .limit(input.limit);
        return dialectOf(db) === 'postgres' ? due.forUpdate().skipLocked() : due;
      },
    )
    .updateTable('webhookDelivery')
    .set({ status: 'delivering', lockedUntil: input.lockedUntil, updatedAt: input.now })
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', input.now)
    .returning(['id', 'eventId', 'attempts'])
    .execute();
}

export async function findEndpointById(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const row = await db.selectFrom('webhookEndpoint').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodedEndpoint(row);
}

export async function eventsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('event').select(['id', 'type', 'payload', 'createdAt']).where('id', 'in', ids).execute();
}

export async function insertAttempts(db: Db, rows: Insertable<WebhookAttemptTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('webhookAttempt').values(rows).execute();
}

/** Delivered deliveries that got the same status code, in one statement. */
export async function markDelivered(
  db: Db,
  ids: string[],
  input: { statusCode: number | null; at: string },
): Promise<void> {
  await db
    .updateTable('webhookDelivery')
    .set((eb) => ({
      status: 'delivered',
      attempts: eb('attempts', '+', 1),
      lockedUntil: null,
      lastStatusCode: input.statusCode,
      lastError: null,
      nextAttemptAt: input.at,
      deliveredAt: input.at,
      updatedAt: input.at,
    }))
    .where('id', 'in', ids)
    .execute();
}

export async function updateDelivery(db: Db, id: string, patch: Updateable<WebhookDeliveryTable>): Promise<void> {
  await db.updateTable('webhookDelivery').set(patch).where('id', '=', id).execute();
}

/** A success ends a run of failures and closes the circuit (no write when there is nothing to reset). */
export async function resetEndpointFailures(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhookEndpoint')
    .set({ consecutiveFailures: 0, circuitOpenUntil: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('consecutiveFailures', '<>', 0), eb('circuitOpenUntil', 'is not', null)]))
    .execute();
}

/**
 * Counts one more failure in a row, unless the circuit is already open (an attempt that was in
 * flight when it opened says nothing new). Returns the new count, or null when not counted.
 */
export async function countEndpointFailure(db: Db, id: string, now: string): Promise<number | null> {
  const row = await db
    .updateTable('webhookEndpoint')
    .set((eb) => ({ consecutiveFailures: eb('consecutiveFailures', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('circuitOpenUntil', 'is', null), eb('circuitOpenUntil', '<=', now)]))
    .returning('consecutiveFailures')
    .executeTakeFirst();
  return row ? row.consecutiveFailures : null;
}
