import type { Kysely } from 'kysely';

/** Who is sealing an envelope right now: one completion at a time, however many workers race. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('envelope').addColumn('completion_claimed_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('envelope').dropColumn('completion_claimed_until').execute();
}
