import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { onePagePdf } from '../helpers/documents.js';
import { REPO_ROOT } from '../helpers/spawn-firma.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const run = promisify(execFile);

/** The code blocks of README's "Integrate in five minutes", by language, in order. */
function readmeBlocks(): { lang: string; code: string }[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Integrate in five minutes');
  assert.ok(start >= 0, 'README has the section');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 3));
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

for (const database of testDatabases()) {
  describe(`README "Integrate in five minutes", run as written (${database})`, () => {
    let server: TestServer;
    // Inside the repository, so `npx newman` and the SDK's import resolve from its node_modules.
    let dir: string;
    let env: NodeJS.ProcessEnv;
    const blocks = readmeBlocks();
    before(async () => {
      server = await startTestServer({ database });
      dir = mkdtempSync(join(REPO_ROOT, '.readme-run-'));
      writeFileSync(join(dir, 'contract.pdf'), await onePagePdf());
      env = { PATH: process.env.PATH, HOME: process.env.HOME, FIRMA_URL: server.url, FIRMA_TOKEN: server.api.token! };
    });
    after(async () => {
      await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const shell = (code: string) => run('bash', ['-euo', 'pipefail', '-c', code], { cwd: dir, env, timeout: 120_000 });

    test('the blocks are the four integrations plus setting the token', () => {
      assert.deepEqual(
        blocks.map((b) => b.lang),
        ['sh', 'sh', 'ts', 'sh', 'js'],
      );
      assert.match(blocks[0]!.code, /^export FIRMA_TOKEN=api_…/);
    });

    test('npx never stops to ask: a package the reader has not installed is run with --yes', () => {
      // Outside a checkout `npx newman` prompts to install, and a non-interactive shell then fails;
      // only `npx firma` (this package's own bin) resolves without asking.
      for (const { lang, code } of blocks.filter((b) => b.lang === 'sh'))
        for (const [call] of code.matchAll(/\bnpx\s+(?!--yes\b)(?!firma\b)\S+/g))
          assert.fail(`README ${lang} block calls "${call}" without --yes`);
    });

    test('curl creates and sends a document, answering the signing URL', async () => {
      const { stdout } = await shell(blocks[1]!.code);
      const sent = JSON.parse(stdout) as { status: string; recipients: { signingUrl: string }[] };
      assert.equal(sent.status, 'PENDING');
      assert.ok(sent.recipients[0]!.signingUrl.startsWith(`${server.url}/sign/`));
    });

    test('the Documenso SDK, with only its server URL changed, creates and reads a document', async () => {
      const file = join(dir, 'sdk.mts');
      writeFileSync(file, blocks[2]!.code);
      const { stdout } = await run(process.execPath, ['--import', import.meta.resolve('tsx'), file], {
        cwd: dir,
        env,
        timeout: 60_000,
      });
      assert.match(stdout, /^\d+ DRAFT\n$/);
    });

    test('newman runs the Typical flow of the served collection with 0 failures', async () => {
      const { stdout } = await shell(blocks[3]!.code);
      assert.match(stdout, /Typical flow/);
      assert.match(stdout, /assertions\s+│\s+\d+\s+│\s+0\s+│/);
    });

    test('the webhook check accepts a real delivery and refuses a changed body or another secret', async () => {
      const file = join(dir, 'verify.mjs');
      writeFileSync(file, blocks[4]!.code);
      const { verifyFirmaSignature } = (await import(pathToFileURL(file).href)) as {
        verifyFirmaSignature: (raw: string, header: string, secret: string) => boolean;
      };
      const receiver = await startReceiver();
      try {
        const hook = await server.api.post('/api/v2/webhook/create', {
          json: { url: receiver.url, events: ['DOCUMENT_COMPLETED'] },
        });
        assert.equal(hook.status, 200);
        assert.equal((await server.api.post(`/api/v2/webhook/${hook.body.id}/test`)).status, 200);
        const [delivery] = await receiver.waitFor(() => true);
        const header = String(delivery!.headers['x-firma-signature']);
        assert.equal(verifyFirmaSignature(delivery!.raw, header, hook.body.secret), true);
        assert.equal(verifyFirmaSignature(`${delivery!.raw} `, header, hook.body.secret), false);
        assert.equal(verifyFirmaSignature(delivery!.raw, header, 'whsec_someone_else_secret'), false);
      } finally {
        await receiver.close();
      }
    });
  });
}
