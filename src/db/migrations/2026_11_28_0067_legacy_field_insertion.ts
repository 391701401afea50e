import type { Kysely } from 'kysely';

/**
 * Issue 35: Documenso's `useLegacyFieldInsertion` — a document or template whose fields are burned
 * in the older way (one line, centred by default, shrunk to fit unless a font size is set), which
 * documents and templates made before Documenso's newer renderer keep. 0: the current layout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('envelope')
    .addColumn('legacy_field_insertion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('envelope').dropColumn('legacy_field_insertion').execute();
}
