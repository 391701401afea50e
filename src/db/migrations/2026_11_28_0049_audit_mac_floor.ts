import type { Kysely } from 'kysely';

/**
 * The installation's audit MAC floor: one row (id 1) naming the last audit entry written without a
 * MAC before this migration (0 on an installation that wrote MACs from its first entry), with a MAC
 * of that number under the audit key. Every entry above it must carry a MAC (see
 * `domain/audit/audit-mac-floor.ts`). The row is written by the process that applied this
 * migration, which holds the secret key; a migration has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_mac_floor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('legacy_through', 'integer', (c) => c.notNull())
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_mac_floor').execute();
}
