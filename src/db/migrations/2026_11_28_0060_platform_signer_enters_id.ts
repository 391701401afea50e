import type { Kysely } from 'kysely';

/**
 * Issue 33, item 1: a platform may let a signer the sender gave no ID type their own on the signing
 * page, checked against the platform's identity rule, before they can sign (0: no, the default:
 * the spec's "before the document is sent").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform')
    .addColumn('signer_enters_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').dropColumn('signer_enters_id').execute();
}
