import type { Kysely } from 'kysely';
import { withSerialId } from './helpers.js';

/**
 * Firma digital (issue #22).
 * - `envelope_item.revision_sha256`: the item's latest revision carrying signers' own signatures
 *   (a blob); null while nobody signed it digitally. Completion builds on it incrementally.
 * - `digital_signature`: one row per item a DIGITAL recipient signs. `PREPARED` rows hold the
 *   revision with its placeholder (`prepared_sha256`, the /Contents gap), the CMS signed attributes
 *   the signer must sign and the revision they build on (`base_sha256`, null: the original), tied
 *   to the signing token's hash; `SIGNED` rows the embedded result, what was validated
 *   (certificate chain, subject, CUIL, revocation source and its answer) and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('envelope_item').addColumn('revision_sha256', 'text').execute();
  await withSerialId(db, db.schema.createTable('digital_signature'))
    .addColumn('preparation_id', 'text', (c) => c.notNull())
    .addColumn('envelope_id', 'integer', (c) => c.notNull().references('envelope.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('recipient.id').onDelete('cascade'))
    .addColumn('envelope_item_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('base_sha256', 'text')
    .addColumn('prepared_sha256', 'text', (c) => c.notNull())
    .addColumn('contents_start', 'integer', (c) => c.notNull())
    .addColumn('contents_end', 'integer', (c) => c.notNull())
    .addColumn('signed_attributes', 'text', (c) => c.notNull())
    .addColumn('certificate_chain', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('cuil', 'text', (c) => c.notNull())
    .addColumn('revocation_source', 'text', (c) => c.notNull())
    .addColumn('revocation_sha256', 'text', (c) => c.notNull())
    .addColumn('auto_fill', 'text', (c) => c.notNull())
    .addColumn('signed_sha256', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('digital_signature_recipient')
    .on('digital_signature')
    .columns(['recipient_id', 'status'])
    .execute();
  await db.schema
    .createIndex('digital_signature_envelope')
    .on('digital_signature')
    .columns(['envelope_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('digital_signature').execute();
  await db.schema.alterTable('envelope_item').dropColumn('revision_sha256').execute();
}
