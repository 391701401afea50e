import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Migrations use the schema builder only. The single dialect difference we need is an
 * auto-incrementing integer key that never reuses a value (documentId, recipient and field ids
 * are public and must never point at a different record later): SQLite AUTOINCREMENT, PostgreSQL serial.
 */
export function withSerialId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
