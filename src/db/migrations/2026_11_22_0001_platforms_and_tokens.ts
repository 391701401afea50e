import type { Kysely } from 'kysely';
import { notNull, withSerialId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable('platform'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('api_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hint', 'text', notNull)
    .addColumn('environment', 'text', notNull)
    .addColumn('scope', 'text', notNull)
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('api_token_platform_idx').on('api_token').column('platform_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_token').execute();
  await db.schema.dropTable('platform').execute();
}
