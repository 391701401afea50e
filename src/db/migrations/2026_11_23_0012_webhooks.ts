import type { Kysely } from 'kysely';
import { notNull, withSerialId } from './helpers.js';

/** Webhook endpoints of a platform, one delivery per (event, endpoint), and every attempt. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('url', 'text', notNull)
    .addColumn('events', 'text', notNull)
    .addColumn('secret_sealed', 'text', notNull)
    .addColumn('enabled', 'integer', notNull)
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('circuit_open_until', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('webhook_endpoint_platform_idx')
    .on('webhook_endpoint')
    .columns(['platform_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoint.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('event_id', 'text', (c) => c.notNull().references('event.id'))
    .addColumn('event_type', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', notNull)
    .addColumn('next_attempt_at', 'text', notNull)
    .addColumn('locked_until', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_delivery_due_idx')
    .on('webhook_delivery')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_delivery_endpoint_idx')
    .on('webhook_delivery')
    .columns(['endpoint_id', 'created_at'])
    .execute();

  await withSerialId(db, db.schema.createTable('webhook_attempt'))
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_delivery.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', notNull)
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', notNull)
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('webhook_attempt_delivery_idx')
    .on('webhook_attempt')
    .columns(['delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempt').execute();
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook_endpoint').execute();
}
