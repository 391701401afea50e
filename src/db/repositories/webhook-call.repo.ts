import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { WebhookDeliveryStatus } from '../schema.js';

export interface WebhookCallFilter {
  statuses?: WebhookDeliveryStatus[] | undefined;
  events?: string[] | undefined;
  /** Matched against the delivery id, the event id and the event name (case-insensitive, contains). */
  query?: string | undefined;
  offset: number;
  limit: number;
}

/** `%`, `_` and `\` in a search typed by a caller are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One endpoint's deliveries (Documenso's webhook calls), newest first, filtered, with their events. */
export async function findWebhookCalls(db: Db, endpointId: string, filter: WebhookCallFilter) {
  let base = db.selectFrom('webhookDelivery').where('endpointId', '=', endpointId);
  if (filter.statuses) base = base.where('status', 'in', filter.statuses);
  if (filter.events) base = base.where('eventType', 'in', filter.events);
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('id')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('eventId')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('eventType')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const events = eventIds.length
    ? await db.selectFrom('event').select(['id', 'payload', 'createdAt']).where('id', 'in', eventIds).execute()
    : [];
  return { rows, count: Number(total.n), events };
}
