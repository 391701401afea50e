import type { Kysely } from 'kysely';
import { notNull, withSerialId } from './helpers.js';

/**
 * Envelopes and everything they hold, the audit log, the outbox of events and the job queue.
 * Integer keys where the API exposes numbers (documentId, recipient and field ids); opaque
 * random text ids where it exposes strings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable('envelope'))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('type', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('visibility', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('external_id', 'text')
    .addColumn('meta_id', 'text', notNull)
    .addColumn('meta', 'text', notNull)
    .addColumn('auth_options', 'text')
    .addColumn('form_values', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('certificate_sha256', 'text')
    .addColumn('completion_error', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('sent_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  // The listing orders by creation within a platform, optionally filtered by status or externalId.
  await db.schema
    .createIndex('envelope_platform_created_idx')
    .on('envelope')
    .columns(['platform_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('envelope_platform_status_created_idx')
    .on('envelope')
    .columns(['platform_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('envelope_platform_external_idx')
    .on('envelope')
    .columns(['platform_id', 'external_id'])
    .execute();

  await db.schema
    .createTable('envelope_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('document_data_id', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('order', 'integer', notNull)
    .addColumn('original_sha256', 'text', notNull)
    .addColumn('original_size', 'integer', notNull)
    .addColumn('page_count', 'integer', notNull)
    .addColumn('pages', 'text', notNull)
    .addColumn('final_sha256', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('envelope_item_envelope_idx')
    .on('envelope_item')
    .columns(['envelope_id', 'order'])
    .execute();

  await db.schema
    .createTable('attachment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('type', 'text', notNull)
    .addColumn('label', 'text', notNull)
    .addColumn('data', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('attachment_envelope_idx').on('attachment').column('envelope_id').execute();

  await withSerialId(db, db.schema.createTable('recipient'))
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('signing_order', 'integer')
    .addColumn('read_status', 'text', notNull)
    .addColumn('signing_status', 'text', notNull)
    .addColumn('send_status', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('token_sealed', 'text')
    .addColumn('cuil', 'text')
    .addColumn('phone', 'text')
    .addColumn('id_document_country', 'text')
    .addColumn('id_document_number', 'text')
    .addColumn('id_document_type', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('auth_options', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('expiration_notified_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('recipient_envelope_idx').on('recipient').column('envelope_id').execute();

  await withSerialId(db, db.schema.createTable('field'))
    .addColumn('secondary_id', 'text', notNull)
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('envelope_item_id', 'text', (c) => c.notNull().references('envelope_item.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('recipient.id').onDelete('cascade'))
    .addColumn('type', 'text', notNull)
    .addColumn('page', 'integer', notNull)
    .addColumn('position_x', 'real', notNull)
    .addColumn('position_y', 'real', notNull)
    .addColumn('width', 'real', notNull)
    .addColumn('height', 'real', notNull)
    .addColumn('custom_text', 'text', notNull)
    .addColumn('inserted', 'integer', notNull)
    .addColumn('field_meta', 'text')
    .addColumn('value', 'text')
    .addColumn('inserted_at', 'text')
    .addColumn('inserted_by_recipient_id', 'integer')
    .execute();
  await db.schema.createIndex('field_envelope_idx').on('field').column('envelope_id').execute();
  await db.schema.createIndex('field_recipient_idx').on('field').column('recipient_id').execute();
  await db.schema.createIndex('field_item_idx').on('field').column('envelope_item_id').execute();

  // Append-only; each row stores the hash of the previous one of the same envelope.
  await withSerialId(db, db.schema.createTable('audit_event'))
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('seq', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('data', 'text', notNull)
    .addColumn('actor', 'text', notNull)
    .addColumn('recipient_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('prev_hash', 'text', notNull)
    .addColumn('hash', 'text', notNull)
    .addUniqueConstraint('audit_event_envelope_seq_uq', ['envelope_id', 'seq'])
    .execute();

  // Outbox: events for webhooks, written in the transaction of the change they describe.
  await db.schema
    .createTable('event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('envelope_id', 'integer')
    .addColumn('type', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('dispatched_at', 'text')
    .execute();
  await db.schema.createIndex('event_undispatched_idx').on('event').columns(['dispatched_at', 'created_at']).execute();

  // Jobs (mail, sealing, webhook fan-out), claimed by workers with a lease.
  await withSerialId(db, db.schema.createTable('job'))
    .addColumn('kind', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', notNull)
    .addColumn('run_at', 'text', notNull)
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('job_ready_idx').on('job').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'job',
    'event',
    'audit_event',
    'field',
    'recipient',
    'attachment',
    'envelope_item',
    'envelope',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
