import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * Passkeys for a user's own sign-in (issue 37, item 1): `passkey` keeps each credential's id, COSE
 * public key, signature counter and transports, with when it was made and last used; it goes with
 * its user. `passkey_challenge` keeps the challenges handed out, as SHA-256 hashes, each for one
 * purpose (registering, bound to the user and session; signing in), used once (the row is deleted
 * by the verification that spends it) and dead at `expires_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkey')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', notNull)
    .addColumn('public_key', 'text', notNull)
    .addColumn('counter', 'bigint', notNull)
    .addColumn('transports', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkey_credential_idx').on('passkey').column('credential_id').unique().execute();
  await db.schema.createIndex('passkey_user_idx').on('passkey').column('user_id').execute();

  await db.schema
    .createTable('passkey_challenge')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', notNull)
    .addColumn('user_id', 'text', (c) => c.references('user_account.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('expires_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('passkey_challenge_expiry_idx').on('passkey_challenge').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenge').execute();
  await db.schema.dropTable('passkey').execute();
}
