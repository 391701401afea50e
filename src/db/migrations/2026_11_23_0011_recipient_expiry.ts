import type { Kysely } from 'kysely';

/** The expiry sweep looks for recipients whose link has lapsed and who were not yet reported. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('recipient_expiry_idx')
    .on('recipient')
    .columns(['expires_at', 'expiration_notified_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('recipient_expiry_idx').execute();
}
