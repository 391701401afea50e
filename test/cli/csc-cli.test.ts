import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseConfig } from '../../src/config.js';
import { findPlatformByName, findPlatformCsc } from '../../src/db/repositories/platform.repo.js';
import { closeContext, createContext } from '../../src/context.js';
import { runFirma, spawnFirma } from '../helpers/spawn-firma.js';

// The CLI shares the domain's use case; SQLite is enough to prove the wiring, the output and the sealing.
describe('firma platform set-csc (sqlite)', () => {
  let env: Record<string, string>;
  let dataDir: string;
  const secret = 'csc-cli-secret-9d41e7b2';

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'firma-csc-cli-'));
    env = { FIRMA_DATA_DIR: dataDir, PORT: '0' };
    const created = await runFirma(['platform', 'create', 'acme'], env);
    assert.equal(created.code, 0, created.stderr);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  async function stored() {
    const ctx = await createContext(parseConfig({ FIRMA_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      const platform = await findPlatformByName(ctx.db, 'acme');
      const row = await findPlatformCsc(ctx.db, platform!.id);
      return { row, opened: row?.cscClientSecretSealed ? ctx.secrets.open(row.cscClientSecretSealed) : null };
    } finally {
      await closeContext(ctx);
    }
  }

  test('sets the provider with the secret sealed and never printed; --clear removes it', async () => {
    const set = await runFirma(
      [
        'platform',
        'set-csc',
        'acme',
        '--url',
        'https://csc.example.com/csc/v2/',
        '--client-id',
        'firma-acme',
        '--client-secret',
        secret,
        '--json',
      ],
      env,
    );
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(JSON.parse(set.stdout), {
      platform: 'acme',
      url: 'https://csc.example.com/csc/v2',
      clientId: 'firma-acme',
    });
    assert.ok(!set.stdout.includes(secret) && !set.stderr.includes(secret));
    const { row, opened } = await stored();
    assert.equal(row!.cscUrl, 'https://csc.example.com/csc/v2');
    assert.ok(row!.cscClientSecretSealed && !row!.cscClientSecretSealed.includes(secret), 'stored sealed');
    assert.equal(opened, secret);

    const plain = await runFirma(
      [
        'platform',
        'set-csc',
        'acme',
        '--url',
        'https://csc.example.com',
        '--client-id',
        'x',
        '--client-secret',
        secret,
      ],
      env,
    );
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /remote signing of acme: https:\/\/csc\.example\.com as client x/);
    assert.ok(!plain.stdout.includes(secret));

    // Kept out of shell history: from stdin with `-`, else from FIRMA_CSC_CLIENT_SECRET.
    const fromStdin = spawnFirma(
      ['platform', 'set-csc', 'acme', '--url', 'https://csc.example.com', '--client-id', 'x', '--client-secret', '-'],
      env,
    );
    fromStdin.stdin.end(`${secret}-stdin\n`);
    const stdinCode = await new Promise((resolve) => fromStdin.once('close', resolve));
    assert.equal(stdinCode, 0);
    assert.equal((await stored()).opened, `${secret}-stdin`, 'the line read, without its newline');
    const fromEnv = await runFirma(
      ['platform', 'set-csc', 'acme', '--url', 'https://csc.example.com', '--client-id', 'x'],
      {
        ...env,
        FIRMA_CSC_CLIENT_SECRET: `${secret}-env`,
      },
    );
    assert.equal(fromEnv.code, 0, fromEnv.stderr);
    assert.equal((await stored()).opened, `${secret}-env`);

    const cleared = await runFirma(['platform', 'set-csc', 'acme', '--clear'], env);
    assert.equal(cleared.code, 0, cleared.stderr);
    assert.match(cleared.stdout, /remote signing of acme: off/);
    assert.deepEqual((await stored()).row, { cscUrl: null, cscClientId: null, cscClientSecretSealed: null });
  });

  test('refuses a bad URL, missing values and an unknown platform, changing nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['acme', '--url', 'ftp://csc.example.com', '--client-id', 'x', '--client-secret', 'y'], /url/],
      [['acme', '--url', 'https://u:p@csc.example.com', '--client-id', 'x', '--client-secret', 'y'], /url/],
      [['acme', '--url', 'https://csc.example.com'], /clientId/],
      [['nobody', '--url', 'https://csc.example.com', '--client-id', 'x', '--client-secret', 'y'], /not found/],
      [[], /needs a platform name/],
    ];
    for (const [args, message] of cases) {
      const res = await runFirma(['platform', 'set-csc', ...args], env);
      assert.notEqual(res.code, 0, args.join(' '));
      assert.match(res.stderr, message, args.join(' '));
      assert.ok(!res.stderr.includes('"y"'));
    }
    assert.equal((await stored()).row!.cscUrl, null);
  });
});
