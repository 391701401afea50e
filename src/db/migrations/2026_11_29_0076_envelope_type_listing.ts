import type { Kysely } from 'kysely';

/**
 * The web app's lists, `GET /document` and `GET /template` ask for one type of envelope, and a
 * member's list also filters on visibility and owner. The listing indexes of 0013 hold neither, so
 * at a million envelopes each page and each count visited every row to read them (p99 above a
 * second on SQLite). These carry the type before the order and the visibility and owner after it:
 * a page walks the index in order and decides visibility from the entry, and a count reads the
 * index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('envelope_type_listing_idx')
    .on('envelope')
    .columns(['platform_id', 'deleted_at', 'type', 'created_at', 'id', 'visibility', 'owner_user_id'])
    .execute();
  await db.schema
    .createIndex('envelope_type_status_listing_idx')
    .on('envelope')
    .columns(['platform_id', 'deleted_at', 'type', 'status', 'created_at', 'id', 'visibility', 'owner_user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('envelope_type_status_listing_idx').execute();
  await db.schema.dropIndex('envelope_type_listing_idx').execute();
}
