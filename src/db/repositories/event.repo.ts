import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { EventTable } from '../schema.js';

/** Appends an event to the outbox (the caller's transaction decides whether it exists). */
export async function insertEvent(db: Db, row: Insertable<EventTable>): Promise<void> {
  await db.insertInto('event').values(row).execute();
}
