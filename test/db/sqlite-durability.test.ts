import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { openDatabase, sqliteHandleOf } from '../../src/db/database.js';

// SQLite's `synchronous` pragma as the server sets it: FULL unless the operator chose otherwise,
// because an acknowledged signature must survive a power cut (the test servers choose NORMAL).
describe('SQLite durability setting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'firma-sync-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const pragmaOf = async (env: Record<string, string>) => {
    const db = openDatabase(parseConfig({ FIRMA_DATA_DIR: dir, ...env }));
    try {
      return sqliteHandleOf(db)!.pragma('synchronous', { simple: true });
    } finally {
      await db.destroy();
    }
  };

  test('FULL (2) by default: one fsync per commit', async () => {
    assert.equal(await pragmaOf({}), 2);
  });

  test('FIRMA_SQLITE_SYNC=normal gives NORMAL (1); an unknown value is a configuration error', async () => {
    assert.equal(await pragmaOf({ FIRMA_SQLITE_SYNC: 'normal' }), 1);
    assert.throws(() => parseConfig({ FIRMA_SQLITE_SYNC: 'off' }), /FIRMA_SQLITE_SYNC/);
  });
});
