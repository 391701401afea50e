import type { Kysely } from 'kysely';
import { withSerialId } from './helpers.js';

/**
 * The installation's seal identities (issue 31, item 14): every certificate its seals were made
 * with, so that `firma audit verify` accepts what any node sealed, whatever its data dir, and what
 * an identity sealed before a rotation. `installation_slot` is 'self-signed' on the one row whose
 * private key Firma generated (or adopted from a data dir) and keeps here, sealed with the secret
 * box; the unique constraint on it is the creation lock (two nodes starting at once insert, one
 * row wins, both read it). Other rows (a configured PKCS#12, a data dir's key of before the
 * upgrade) hold no key. `mac` is the audit MAC of the fingerprint: a row written without
 * FIRMA_SECRET_KEY vouches for nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable('seal_identity'))
    .addColumn('fingerprint_sha256', 'text', (c) => c.notNull().unique())
    .addColumn('certificate', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('installation_slot', 'text', (c) => c.unique())
    .addColumn('private_key_sealed', 'text')
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seal_identity').execute();
}
