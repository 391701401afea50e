import type { Kysely } from 'kysely';

/**
 * Issue 37, item 2: a document or template may have an owner, a member (user account) of its
 * platform — the session's user for what the app makes, `delegatedDocumentOwner` from the API.
 * Null: owned by the platform alone (every API-made envelope before). An account's deletion keeps
 * its documents, unowned. The index answers "my documents" and the visibility rule's owner test.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('envelope')
    .addColumn('owner_user_id', 'text', (c) => c.references('user_account.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('envelope_owner_idx').on('envelope').columns(['owner_user_id', 'platform_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('envelope_owner_idx').execute();
  await db.schema.alterTable('envelope').dropColumn('owner_user_id').execute();
}
