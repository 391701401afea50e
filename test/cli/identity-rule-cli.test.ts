import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { HttpClient } from '../helpers/http-client.js';
import { runFirma } from '../helpers/spawn-firma.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** `firma platform set --identity-rule` (issue 33, item 1), against the server's own database. */
for (const database of testDatabases()) {
  describe(`firma platform set --identity-rule (${database})`, () => {
    let server: TestServer;
    let env: Record<string, string>;
    let acme: Awaited<ReturnType<TestServer['newPlatform']>>;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      env = { FIRMA_DATA_DIR: server.dataDir, PORT: '0', FIRMA_PUBLIC_URL: server.url };
      if (database === 'postgres') {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.ctx.db);
        const url = new URL(process.env.FIRMA_TEST_DATABASE_URL!);
        url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
        env.DATABASE_URL = url.toString();
      }
      acme = await server.newPlatform('acme');
    });
    after(() => server?.close());

    const ruleOf = async (client: HttpClient = acme) =>
      (await client.get('/api/v2/me')).body.platform.identityRule as string;

    test('sets the rule of the platform named (positional or --platform); /me shows it; the others keep theirs', async () => {
      const set = await runFirma(['platform', 'set', 'acme', '--identity-rule', 'ci-uy', '--json'], env);
      assert.equal(set.code, 0, set.stderr);
      assert.deepEqual(JSON.parse(set.stdout), { platform: 'acme', identityRule: 'CI_UY', signerEntersId: false });
      assert.equal(await ruleOf(), 'CI_UY');
      assert.equal(await ruleOf(server.api), 'CUIL', 'the default platform is untouched');

      const plain = await runFirma(['platform', 'set', '--platform', 'acme', '--identity-rule', 'NONE'], env);
      assert.equal(plain.code, 0, plain.stderr);
      assert.equal(plain.stdout.trim(), 'identity rule of acme: NONE; signers enter their own ID: off');
      assert.equal(await ruleOf(), 'NONE');
      assert.equal(await ruleOf(server.api), 'CUIL');
    });

    test('--signer-enters-id on|off alone keeps the rule; /me shows both', async () => {
      const on = await runFirma(['platform', 'set', 'acme', '--signer-enters-id', 'on'], env);
      assert.equal(on.code, 0, on.stderr);
      assert.equal(on.stdout.trim(), 'identity rule of acme: NONE; signers enter their own ID: on');
      assert.equal((await acme.get('/api/v2/me')).body.platform.signerEntersId, true);
      assert.equal((await server.api.get('/api/v2/me')).body.platform.signerEntersId, false);
      const bad = await runFirma(['platform', 'set', 'acme', '--signer-enters-id', 'maybe'], env);
      assert.equal(bad.code, 2);
      assert.equal(bad.stderr.trim(), 'firma: --signer-enters-id takes on or off');
      const off = await runFirma(['platform', 'set', 'acme', '--signer-enters-id', 'off', '--json'], env);
      assert.equal(JSON.parse(off.stdout).signerEntersId, false);
    });

    test('a bad rule name: exit 2, one line naming the rules, nothing changed', async () => {
      const bad = await runFirma(['platform', 'set', 'acme', '--identity-rule', 'dni'], env);
      assert.equal(bad.code, 2);
      assert.equal(bad.stderr.trim().split('\n').length, 1, bad.stderr);
      assert.match(bad.stderr, /unknown identity rule "dni": one of cuil, none, rut, ci-uy, cpf/);
      assert.equal(await ruleOf(), 'NONE');

      const missing = await runFirma(['platform', 'set', 'acme'], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--identity-rule/);
    });

    test('--embed-white-label on|off: alone or with the rule; a bad value changes nothing', async () => {
      const whiteLabel = async () =>
        (
          await server.ctx.db
            .selectFrom('platform')
            .select('embedWhiteLabel')
            .where('name', '=', 'acme')
            .executeTakeFirst()
        )?.embedWhiteLabel;
      const on = await runFirma(['platform', 'set', 'acme', '--embed-white-label', 'on'], env);
      assert.equal(on.code, 0, on.stderr);
      assert.equal(on.stdout.trim(), 'embedded white-label of acme: on');
      assert.equal(await whiteLabel(), 1);
      const bad = await runFirma(
        ['platform', 'set', 'acme', '--identity-rule', 'rut', '--embed-white-label', 'yes'],
        env,
      );
      assert.equal(bad.code, 2);
      assert.equal(bad.stderr.trim(), 'firma: --embed-white-label takes on or off');
      assert.notEqual(await ruleOf(), 'RUT', 'the rule given with it was not set either');
      const both = await runFirma(
        ['platform', 'set', 'acme', '--identity-rule', 'none', '--embed-white-label', 'off', '--json'],
        env,
      );
      assert.equal(both.code, 0, both.stderr);
      assert.deepEqual(JSON.parse(both.stdout), {
        platform: 'acme',
        identityRule: 'NONE',
        signerEntersId: false,
        embedWhiteLabel: false,
      });
      assert.equal(await whiteLabel(), 0);
    });

    test('an unknown platform: exit 1 with NOT_FOUND', async () => {
      const unknown = await runFirma(['platform', 'set', 'nobody', '--identity-rule', 'rut'], env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /platform "nobody" not found \(NOT_FOUND\)/);
    });
  });
}
