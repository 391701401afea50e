import { sql, type Kysely } from 'kysely';

/**
 * The app's document search finds documents by a recipient's e-mail address or name (whole,
 * case-insensitive), and the visibility rule lets a member see the documents they are a recipient
 * of (by their account's address): both are probes of these indexes, never a scan of recipients.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('recipient_email_lower_idx')
    .on('recipient')
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex('recipient_name_lower_idx')
    .on('recipient')
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('recipient_name_lower_idx').execute();
  await db.schema.dropIndex('recipient_email_lower_idx').execute();
}
