import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh PostgreSQL database for one bench run, on the server of FIRMA_TEST_DATABASE_URL (a
 * database rather than a schema: the benches start `firma serve` processes that migrate it);
 * `drop()` removes it, connections and all.
 */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  base.pathname = `/${name}`;
  return {
    url: base.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
