import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { REPO_ROOT, runFirma } from '../helpers/spawn-firma.js';

/** The modules a file imports statically (`import … from '…'`, not `import type` nor `import()`). */
function staticImports(path: string): string[] {
  const text = readFileSync(join(REPO_ROOT, path), 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)].map((m) => m[1]!);
}

describe('firma CLI entry', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'firma-entry-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the entry loads only the usage text before it knows the command (a fast --help)', () => {
    assert.deepEqual(staticImports('src/cli/main.ts'), ['node:util', './usage.js']);
    assert.deepEqual(staticImports('src/cli/usage.ts'), []);
  });

  test('--help prints the usage, exit 0', async () => {
    const res = await runFirma(['--help'], {});
    assert.equal(res.code, 0);
    assert.match(res.stdout, /^Usage: firma <command>/);
    assert.match(res.stdout, /token create --platform <name>/);
    assert.equal(res.stderr, '');
  });

  test('an unknown command is one line with the list of commands, exit 2, before any configuration', async () => {
    // An invalid configuration would be reported if the command were looked at after it.
    for (const args of [['frobnicate'], ['token', 'mint'], ['platform']]) {
      const res = await runFirma(args, { PORT: 'abc' });
      assert.equal(res.code, 2, args.join(' '));
      assert.equal(res.stdout, '');
      const lines = res.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, res.stderr);
      assert.match(
        lines[0]!,
        new RegExp(`^firma: unknown command "${args.join(' ')}"; the commands are: serve, worker,`),
      );
      assert.match(lines[0]!, /token create, token list, token revoke/);
      assert.doesNotMatch(res.stderr, /VALIDATION_ERROR|Usage:/);
    }
  });

  test('a usage mistake in a known command is answered in words, exit 2, without the error code', async () => {
    const res = await runFirma(['token', 'create'], { FIRMA_DATA_DIR: join(dir, 'usage') });
    assert.equal(res.code, 2);
    assert.equal(res.stderr, 'firma: token create needs --platform <name>\n');
    const option = await runFirma(['migrate', '--colour'], {});
    assert.equal(option.code, 2);
    assert.match(option.stderr, /^firma: Unknown option '--colour'/);
    assert.doesNotMatch(option.stderr, /VALIDATION_ERROR|Usage:/);
  });

  test('.env in the working directory is read; the environment wins over it', async () => {
    const cwd = join(dir, 'project');
    mkdirSync(cwd);
    writeFileSync(join(cwd, '.env'), '# a comment\nFIRMA_DATA_DIR=./from-dotenv\nFIRMA_ENVIRONMENT="sandbox"\n');

    const fromFile = await runFirma(['migrate'], {}, { cwd });
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.ok(existsSync(join(cwd, 'from-dotenv', 'firma.db')), 'FIRMA_DATA_DIR came from .env');

    const fromEnv = join(dir, 'from-env');
    const overridden = await runFirma(['migrate'], { FIRMA_DATA_DIR: fromEnv }, { cwd });
    assert.equal(overridden.code, 0, overridden.stderr);
    assert.ok(existsSync(join(fromEnv, 'firma.db')), 'the environment variable won');

    // A value in .env is checked like one in the environment, and the environment can fix it.
    writeFileSync(join(cwd, '.env'), 'FIRMA_DATA_DIR=./from-dotenv\nFIRMA_ENVIRONMENT=staging\n');
    const invalid = await runFirma(['migrate'], {}, { cwd });
    assert.equal(invalid.code, 2);
    assert.match(invalid.stderr, /FIRMA_ENVIRONMENT/);
    const fixed = await runFirma(['migrate'], { FIRMA_ENVIRONMENT: 'production' }, { cwd });
    assert.equal(fixed.code, 0, fixed.stderr);

    const elsewhere = join(dir, 'no-dotenv');
    mkdirSync(elsewhere);
    const none = await runFirma(['migrate'], { FIRMA_DATA_DIR: join(elsewhere, 'data') }, { cwd: elsewhere });
    assert.equal(none.code, 0, 'no .env is no error');
  });

  test('a .env that cannot be read is one configuration error line, exit 2', async () => {
    const cwd = join(dir, 'broken');
    mkdirSync(join(cwd, '.env'), { recursive: true });
    const res = await runFirma(['migrate'], { FIRMA_DATA_DIR: join(cwd, 'data') }, { cwd });
    assert.equal(res.code, 2);
    assert.match(res.stderr, /^Invalid configuration:\n {2}- \.env: /);
    assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
  });
});
