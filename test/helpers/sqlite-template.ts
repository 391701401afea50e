import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/config.js';
import { closeContext, createContext } from '../../src/context.js';

/**
 * A freshly started installation's SQLite files, copied into each test server's data dir instead
 * of migrating a new database for every server (0.1–0.4 s each, a few hundred servers a run).
 * scripts/run-tests.mjs makes one per run and names it in FIRMA_TEST_SQLITE_TEMPLATE; a file run
 * on its own makes its own at its first server. Either way the template is a real first start
 * (every migration from scratch, the audit MAC floor anchored under the copied key), so a copy is
 * what any server's first start would have left. Test servers given their own database, data dir
 * or key start from scratch as before.
 */
const FILES = ['firma.db', 'secret.key'];

let ownTemplate: Promise<string> | undefined;

/** Starts an installation in `dir` (which then holds the template's files) and stops it. */
export async function makeSqliteTemplate(dir: string): Promise<void> {
  const config = parseConfig({ FIRMA_DATA_DIR: dir, LOG_LEVEL: 'silent', FIRMA_SQLITE_SYNC: 'normal' });
  // Closing checkpoints the write-ahead log into firma.db, so the one file holds the whole schema.
  await closeContext(await createContext(config));
}

function sqliteTemplate(): Promise<string> {
  const given = process.env.FIRMA_TEST_SQLITE_TEMPLATE;
  if (given) return Promise.resolve(given);
  ownTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'firma-sqlite-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await makeSqliteTemplate(dir);
    return dir;
  })();
  return ownTemplate;
}

/** Puts a migrated database (and the key its audit MAC floor was written with) into `dataDir`. */
export async function copySqliteTemplate(dataDir: string): Promise<void> {
  const template = await sqliteTemplate();
  for (const file of FILES) copyFileSync(join(template, file), join(dataDir, file));
}
