import type { Db } from '../database.js';

export async function findPlatformByName(db: Db, name: string) {
  return db.selectFrom('platform').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function findPlatformById(db: Db, id: number) {
  return db.selectFrom('platform').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPlatform(db: Db, name: string, createdAt: string) {
  return db.insertInto('platform').values({ name, createdAt }).returningAll().executeTakeFirstOrThrow();
}

export async function countPlatforms(db: Db): Promise<number> {
  const row = await db.selectFrom('platform').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
