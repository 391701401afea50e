import type { Kysely } from 'kysely';

/**
 * Due deliveries by endpoint: the dispatcher asks "has this endpoint anything due?" and claims an
 * endpoint's oldest due deliveries in one statement; both are a range of this index, whatever the
 * size of the backlog (the (status, next_attempt_at) index would scan every endpoint's due rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_delivery_endpoint_due_idx')
    .on('webhook_delivery')
    .columns(['endpoint_id', 'status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_delivery_endpoint_due_idx').execute();
}
