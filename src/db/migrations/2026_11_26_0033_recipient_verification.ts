import type { Kysely } from 'kysely';

/**
 * Enforced recipient verification (issue #20).
 * - `recipient.access_code_hash`: the PASSWORD access code the sender set (scrypt, `salt:hash`
 *   hex), null: none. `recipient.require_cuil` (0/1): the signer must type their CUIL before
 *   completing (a Firma extension).
 * - `recipient_verification`: the server-side state of one recipient's verification, keyed by
 *   recipient. `token_hash` binds it to the signing token it was earned with, so a redistribute
 *   (a new token) starts over. The one-time code is kept only as a scrypt hash with its expiry,
 *   purpose and wrong tries; the `*_verified_at` columns are ISO timestamps of the last success.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recipient').addColumn('access_code_hash', 'text').execute();
  await db.schema
    .alterTable('recipient')
    .addColumn('require_cuil', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('recipient_verification')
    .addColumn('recipient_id', 'integer', (c) => c.primaryKey().references('recipient.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('otp_hash', 'text')
    .addColumn('otp_purpose', 'text')
    .addColumn('otp_expires_at', 'text')
    .addColumn('otp_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('otp_last_sent_at', 'text')
    .addColumn('otp_window_start', 'text')
    .addColumn('otp_window_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_verified_at', 'text')
    .addColumn('action_otp_verified_at', 'text')
    .addColumn('access_code_verified_at', 'text')
    .addColumn('access_code_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cuil_verified_at', 'text')
    .addColumn('cuil_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recipient_verification').execute();
  await db.schema.alterTable('recipient').dropColumn('require_cuil').execute();
  await db.schema.alterTable('recipient').dropColumn('access_code_hash').execute();
}
