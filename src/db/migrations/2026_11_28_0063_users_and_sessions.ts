import type { Kysely } from 'kysely';
import { notNull } from './helpers.js';

/**
 * People who sign in (issue 37, item 1): `user_account` (e-mail lower-cased and unique, an argon2id
 * password hash, the TOTP secret sealed with the secret box), their sessions (the cookie's token
 * kept only as a SHA-256 hash, with the facts the session list shows) and their TOTP recovery codes
 * (hashed, each usable once). A user's sessions and codes go with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('email_verified_at', 'text')
    .addColumn('totp_secret_sealed', 'text')
    .addColumn('totp_enabled_at', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('password_changed_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('user_account_email_idx').on('user_account').column('email').unique().execute();

  await db.schema
    .createTable('user_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('user_session_token_idx').on('user_session').column('token_hash').unique().execute();
  await db.schema.createIndex('user_session_user_idx').on('user_session').column('user_id').execute();

  await db.schema
    .createTable('totp_recovery_code')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('totp_recovery_code_user_idx').on('totp_recovery_code').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('totp_recovery_code').execute();
  await db.schema.dropTable('user_session').execute();
  await db.schema.dropTable('user_account').execute();
}
