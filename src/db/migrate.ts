import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf, type Db } from './database.js';
import { migrations } from './migrations/index.js';

/** PostgreSQL errors of a catalog read racing another schema's DDL: invalid schema, undefined column or table. */
const CATALOG_RACES = new Set(['3F000', '42703', '42P01']);

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

/**
 * Brings the schema up to date. Safe to run from several processes at once: Kysely takes a
 * lock (an advisory lock on PostgreSQL) around the run.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; on a database
  // shared by several schemas (tests, or tenants of a PostgreSQL cluster) it would find another
  // schema's tables and then fail to query its own. Pin them to the schema we migrate.
  const migrationTableSchema = dialectOf(db) === 'postgres' ? await currentSchema(db) : undefined;
  // Branches developed side by side add migrations whose names sort before ones already applied on
  // a developer's database; applying them out of order is safe because each one only adds.
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator
      .migrateToLatest()
      .catch((thrown: unknown) => ({ error: thrown, results: undefined }));
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Kysely's table introspection reads the catalog of every schema: one dropped by someone else
    // meanwhile (tests, tenants) aborts it with invalid_schema_name, and a column or table another
    // schema's migration drops or renames at that moment with undefined_column or undefined_table
    // (pg_get_serial_sequence on a column gone since the catalog was read). The run is one
    // transaction on PostgreSQL, so nothing was applied: try again, a little later.
    const code = (error as { code?: string }).code;
    if (
      attempt < 5 &&
      code !== undefined &&
      CATALOG_RACES.has(code) &&
      !String((error as Error).message).includes(`"${migrationTableSchema}"`)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  }
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: the search_path names no existing schema');
  return schema;
}
