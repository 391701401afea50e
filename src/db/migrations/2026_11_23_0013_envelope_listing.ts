import type { Kysely } from 'kysely';

/**
 * GET /envelope filters on platform and "not deleted", optionally on status, and orders by
 * creation: these indexes answer the page and its count from the index alone, without visiting
 * the rows of other platforms or deleted envelopes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('envelope_listing_idx')
    .on('envelope')
    .columns(['platform_id', 'deleted_at', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('envelope_listing_status_idx')
    .on('envelope')
    .columns(['platform_id', 'deleted_at', 'status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('envelope_listing_status_idx').execute();
  await db.schema.dropIndex('envelope_listing_idx').execute();
}
