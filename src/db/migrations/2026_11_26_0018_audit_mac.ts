import type { Kysely } from 'kysely';

/**
 * An HMAC of each audit entry's hash under a subkey of the instance secret (see
 * `infra/crypto/audit-mac.ts`). Nullable: entries written before this migration have none and
 * are reported as unanchored by `firma audit verify`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_event').addColumn('mac', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_event').dropColumn('mac').execute();
}
