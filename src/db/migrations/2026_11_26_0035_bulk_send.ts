import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * Bulk send (a Firma extension): one template, one document per CSV row. `bulk_send` is the run,
 * `bulk_send_row` each row as validated at upload, with its outcome. A row becomes DONE in the
 * same transaction that creates its document (so a crash never leaves a document without its row
 * marked, nor a row marked without its document), which is what makes a resumed run exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_send')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('distribute', 'integer', notNull)
    .addColumn('total_rows', 'integer', notNull)
    /** Who started it, for the documents' audit entries: the API token, address and user agent. */
    .addColumn('caller', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('bulk_send_platform_idx')
    .on('bulk_send')
    .columns(['platform_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('bulk_send_row')
    .addColumn('bulk_send_id', 'text', (c) => c.notNull().references('bulk_send.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', notNull)
    .addColumn('platform_id', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('input', 'text')
    .addColumn('error', 'text')
    .addColumn('envelope_id', 'integer')
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('bulk_send_row_pk', ['bulk_send_id', 'row_number'])
    .execute();
  await db.schema
    .createIndex('bulk_send_row_status_idx')
    .on('bulk_send_row')
    .columns(['bulk_send_id', 'status', 'row_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bulk_send_row').execute();
  await db.schema.dropTable('bulk_send').execute();
}
