import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Frame } from 'playwright-core';
import { updateTeamBrand } from '../../src/db/repositories/team-brand.repo.js';
import { setPlatformEmbedWhiteLabel } from '../../src/domain/platforms/set-platform-embed-white-label.js';
import { defaultPlatformId } from '../helpers/accounts.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument } from '../helpers/documents.js';
import {
  bundleHost,
  launchChromium,
  openEmbedded,
  startHost,
  type Embedded,
  type Host,
} from '../helpers/documenso-host.js';
import { tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const executablePath = process.env.FIRMA_TEST_BROWSER;

/**
 * Issue 37, item 3, on Documenso's embed pages: the team's colour applies inside the frame (no
 * logo: the embedding app has its own header), and the embedding app's `cssVars` and `css`, where
 * white-label embedding allows them, win over it.
 */
for (const database of testDatabases())
  describeOrSkip(
    `the team brand on embedded signing pages, under the embedder's css (${database})`,
    { skip: executablePath ? false : 'set FIRMA_TEST_BROWSER to run browser tests' },
    () => {
      let server: TestServer;
      let browser: Browser;
      let host: Host;

      before(async () => {
        host = await startHost(await bundleHost(), 'localhost');
        server = await startTestServer({ database, env: { FIRMA_FRAME_ANCESTORS: host.origin } });
        await updateTeamBrand(server.ctx.db, await defaultPlatformId(server), { brandColor: '#0b5cad' });
        browser = await launchChromium(executablePath!);
      });
      after(async () => {
        await browser?.close();
        await server?.close();
        host?.server.close();
      });

      const firmaFrame = (embedded: Embedded): Frame =>
        embedded.page.frames().find((f) => f.url().startsWith(server.url))!;
      const buttonOf = (frame: Frame) =>
        frame.evaluate(() => getComputedStyle(document.getElementById('complete')!).backgroundColor);

      test('the team colour inside the frame, no logo; cssVars.primary and css win when white-label is on', async () => {
        const { urls } = await createPendingDocument(server.api);
        const token = tokenOf(urls.get('ana@example.com')!);
        const plain = await openEmbedded(browser, host, 'EmbedSignDocument', { token, host: server.url });
        await plain.frame.locator('#complete').waitFor();
        assert.equal(await buttonOf(firmaFrame(plain)), 'rgb(11, 92, 173)', 'the team’s colour');
        assert.equal(await plain.frame.locator('.team-brand').count(), 0, 'no logo inside an embedding app');
        assert.deepEqual(plain.problems, [], 'no CSP refusal');
        await plain.close();

        await setPlatformEmbedWhiteLabel(server.ctx, { platform: 'default', on: true });
        try {
          const vars = await openEmbedded(browser, host, 'EmbedSignDocument', {
            token,
            host: server.url,
            cssVars: { primary: '#ff0000' },
          });
          await vars.frame.locator('#complete').waitFor();
          assert.equal(await buttonOf(firmaFrame(vars)), 'rgb(255, 0, 0)', 'cssVars.primary wins');
          await vars.close();

          const css = await openEmbedded(browser, host, 'EmbedSignDocument', {
            token,
            host: server.url,
            css: ':root { --brand: rgb(1, 2, 3) }',
          });
          await css.frame.locator('#complete').waitFor();
          assert.equal(await buttonOf(firmaFrame(css)), 'rgb(1, 2, 3)', 'the embedder’s css wins');
          await css.close();
        } finally {
          await setPlatformEmbedWhiteLabel(server.ctx, { platform: 'default', on: false });
        }
      });
    },
  );
