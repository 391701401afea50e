import type { Updateable } from 'kysely';
import type { Db } from '../database.js';
import type { FieldTable } from '../schema.js';

export async function updateFieldRow(db: Db, id: number, patch: Updateable<FieldTable>): Promise<void> {
  await db.updateTable('field').set(patch).where('id', '=', id).execute();
}
