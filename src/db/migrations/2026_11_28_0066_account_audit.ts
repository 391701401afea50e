import type { Kysely } from 'kysely';
import { notNull, withSerialId } from './helpers.js';

/**
 * The user-level audit log (issue 37, item 1): every sign-in, failure, lockout, password change or
 * reset, TOTP change, session revocation and membership change, with the address and user agent
 * it came from. No secret, token, password or code is ever written to it. Rows outlive their user
 * (no foreign key): the log is the record of what happened.
 *
 * `sign_in_throttle` counts consecutive failed sign-ins per e-mail address (its SHA-256, whether
 * or not an account has it, so a lockout tells nothing about which addresses have accounts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable('account_audit'))
    .addColumn('type', 'text', notNull)
    .addColumn('user_id', 'text')
    .addColumn('platform_id', 'integer')
    .addColumn('actor_user_id', 'text')
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('data', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('account_audit_user_idx').on('account_audit').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('account_audit_platform_idx')
    .on('account_audit')
    .columns(['platform_id', 'id'])
    .execute();

  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', notNull)
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_throttle').execute();
  await db.schema.dropTable('account_audit').execute();
}
