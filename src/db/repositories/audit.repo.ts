import type { Db } from '../database.js';
import type { AuditEventTable } from '../schema.js';

export async function lastAuditEvent(db: Db, envelopeId: number) {
  return db
    .selectFrom('auditEvent')
    .select(['seq', 'hash', 'type'])
    .where('envelopeId', '=', envelopeId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAuditEvent(db: Db, row: Omit<AuditEventTable, 'id'>) {
  await db.insertInto('auditEvent').values(row).execute();
}

export async function listAuditEvents(
  db: Db,
  envelopeId: number,
  page?: { offset: number; limit: number; direction: 'asc' | 'desc' },
) {
  let query = db
    .selectFrom('auditEvent')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .orderBy('seq', page?.direction ?? 'asc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countAuditEvents(db: Db, envelopeId: number): Promise<number> {
  const row = await db
    .selectFrom('auditEvent')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('envelopeId', '=', envelopeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
