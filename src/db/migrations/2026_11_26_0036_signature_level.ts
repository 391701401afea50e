import type { Kysely } from 'kysely';

/**
 * Firma digital (issue #22): `recipient.signature_level`, `ELECTRONIC` (a drawn or typed signature,
 * Firma's seal at completion; what every recipient was before) or `DIGITAL` (the signer's own
 * certificate signs the PDF, bound to their CUIL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('recipient')
    .addColumn('signature_level', 'text', (c) => c.notNull().defaultTo('ELECTRONIC'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recipient').dropColumn('signature_level').execute();
}
