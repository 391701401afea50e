import type { Kysely } from 'kysely';

/**
 * Who the mails say sent a document (issue 33, item 5): the platform's display name, free text set
 * with `firma platform set-sender-name` (the platform's own name is an identifier, often "default").
 * Null: the mails name the platform by its name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').addColumn('sender_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').dropColumn('sender_name').execute();
}
