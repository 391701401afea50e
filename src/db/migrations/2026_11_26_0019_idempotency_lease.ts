import type { Kysely } from 'kysely';

/**
 * A lease on a running Idempotency-Key: renewed while its request runs, so a key whose owner
 * died (kill -9, a crashed node) can be taken over once it lapses instead of answering 409 for
 * a day. Null on rows written before this migration: treated as lapsed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_key').addColumn('lease_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_key').dropColumn('lease_until').execute();
}
