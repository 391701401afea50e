import type { Kysely } from 'kysely';

/**
 * Issue 36: whether the platform's embedded signing pages (/embed/*, Documenso's embed components)
 * may take the embedding app's `css` and `cssVars` (0: no, the default, as Documenso applies them
 * only when the organisation's claim allows white-label embedding).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform')
    .addColumn('embed_white_label', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').dropColumn('embed_white_label').execute();
}
