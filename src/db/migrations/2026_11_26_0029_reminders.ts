import type { Kysely } from 'kysely';

/**
 * Reminders. `recipient.reminder_due_at` is the one reminder the recipient is waiting for (ISO text,
 * null: none): a reminder job runs only if its due time is still this one, so a redistribute or a
 * change of settings that moved it turns older jobs into no-ops. `reminders_sent` counts automatic
 * reminders since the last send, for the cap. `platform.reminder_settings`: the platform-wide
 * default (`firma platform set-reminders`), JSON `{sendAfter, repeatEvery}` as in meta, null: none.
 * Jobs are unique per (recipient, due time) through `job.dedupe_key`, which is already unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recipient').addColumn('reminder_due_at', 'text').execute();
  await db.schema
    .alterTable('recipient')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('platform').addColumn('reminder_settings', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').dropColumn('reminder_settings').execute();
  await db.schema.alterTable('recipient').dropColumn('reminders_sent').execute();
  await db.schema.alterTable('recipient').dropColumn('reminder_due_at').execute();
}
