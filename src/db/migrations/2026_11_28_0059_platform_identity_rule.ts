import type { Kysely } from 'kysely';

/**
 * Issue 33, item 1: each platform's identity rule, the national ID its signers must carry before
 * a document is sent. 'CUIL' (the spec's, and every existing platform's), 'NONE', 'RUT' (Chile),
 * 'CI_UY' (Uruguay) or 'CPF' (Brazil); the recipient's `cuil` column holds that rule's ID.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform')
    .addColumn('identity_rule', 'text', (c) => c.notNull().defaultTo('CUIL'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').dropColumn('identity_rule').execute();
}
