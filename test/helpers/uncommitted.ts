import type { Db } from '../../src/db/database.js';

/**
 * Opens a transaction, runs `write` in it and keeps it open, uncommitted, until `rollBack()` is
 * called: for checking that readers never see what was not committed.
 */
export async function holdUncommitted(
  db: Db,
  write: (trx: Db) => Promise<unknown>,
): Promise<{ rollBack: () => Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const transaction = db
    .transaction()
    .execute(async (trx) => {
      await write(trx);
      wrote();
      await held;
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await written;
  return {
    rollBack: async () => {
      release();
      await transaction;
    },
  };
}
