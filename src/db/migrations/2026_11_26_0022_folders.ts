import type { Kysely } from 'kysely';

/**
 * Folders (Documenso's `/folder` operations): one table, a platform's folders only, nested
 * through `parent_id` (deleting a folder takes its empty subfolders with it, as Documenso does),
 * and `envelope.folder_id`. The envelope's reference has no ON DELETE action: a folder that still
 * holds an envelope cannot disappear from under it, whatever writes the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('folder')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('folder.id').onDelete('cascade'))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('EVERYONE'))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // GET /folder filters by platform, then type and parent; children of a folder by platform and parent.
  await db.schema
    .createIndex('folder_platform_type_parent_idx')
    .on('folder')
    .columns(['platform_id', 'type', 'parent_id'])
    .execute();
  await db.schema
    .createIndex('folder_platform_parent_idx')
    .on('folder')
    .columns(['platform_id', 'parent_id'])
    .execute();
  await db.schema
    .alterTable('envelope')
    .addColumn('folder_id', 'text', (c) => c.references('folder.id'))
    .execute();
  // The folder filter of GET /envelope, and "does this folder hold anything" before a delete.
  await db.schema
    .createIndex('envelope_folder_idx')
    .on('envelope')
    .columns(['platform_id', 'folder_id', 'deleted_at', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('envelope_folder_idx').execute();
  await db.schema.alterTable('envelope').dropColumn('folder_id').execute();
  await db.schema.dropTable('folder').execute();
}
