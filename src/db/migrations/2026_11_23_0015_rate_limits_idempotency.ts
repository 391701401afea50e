import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * Rate-limit counters shared by every node on PostgreSQL (one row per key and minute), and the
 * stored first answers of requests sent with an Idempotency-Key (one row per platform and key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_bucket')
    .addColumn('key', 'text', notNull)
    .addColumn('window_start', 'bigint', notNull)
    .addColumn('count', 'integer', notNull)
    .addPrimaryKeyConstraint('rate_limit_bucket_pk', ['key', 'window_start'])
    .execute();
  await db.schema
    .createTable('idempotency_key')
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('content_type', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addPrimaryKeyConstraint('idempotency_key_pk', ['platform_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_key_expiry_idx').on('idempotency_key').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
  await db.schema.dropTable('rate_limit_bucket').execute();
}
