import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { ConfigError, parseConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;

test('FIRMA_DATABASE_POOL_SIZE: 10 by default, a positive whole number, refused otherwise', () => {
  const url = 'postgres://firma@db.example/firma';
  const poolOf = (env: Record<string, string>) => {
    const database = parseConfig({ DATABASE_URL: url, ...env }).database;
    return database.kind === 'postgres' ? database.poolSize : undefined;
  };
  assert.equal(poolOf({}), 10);
  assert.equal(poolOf({ FIRMA_DATABASE_POOL_SIZE: '3' }), 3);
  for (const bad of ['0', '-1', '2.5', 'ten'])
    assert.throws(() => poolOf({ FIRMA_DATABASE_POOL_SIZE: bad }), ConfigError, bad);
});

test(
  'a process holds no more PostgreSQL connections than FIRMA_DATABASE_POOL_SIZE',
  { skip: PG_URL ? false : 'needs FIRMA_TEST_DATABASE_URL' },
  async () => {
    const db = openDatabase(parseConfig({ DATABASE_URL: PG_URL!, FIRMA_DATABASE_POOL_SIZE: '2' }));
    try {
      // Six statements at once, each holding its connection a moment: they queue for two connections.
      const pids = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(db);
          return rows[0]!.pid;
        }),
      );
      assert.equal(new Set(pids).size, 2, `backends used: ${[...new Set(pids)].join(', ')}`);
    } finally {
      await db.destroy();
    }
  },
);
