import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, CamelCasePlugin } from 'kysely';
import { migrateToLatest } from '../src/db/migrate.js';
for (const mode of ['FULL', 'NORMAL', 'FULL', 'NORMAL']) {
  const dir = mkdtempSync(join(tmpdir(), 'mig-'));
  const sqlite = new SQLite(join(dir, 'x.db'));
  sqlite.pragma('journal_mode = WAL'); sqlite.pragma(`synchronous = ${mode}`); sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new CamelCasePlugin()] });
  const t = performance.now();
  await migrateToLatest(db as any);
  console.log(mode, Math.round(performance.now() - t), 'ms');
  await db.destroy();
}
