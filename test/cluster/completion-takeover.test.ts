import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createPendingDocument } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { spawnFirma, watchOutput } from '../helpers/spawn-firma.js';

/**
 * A process killed while sealing holds its completion claim and its job lease until they lapse.
 * Both are short and renewed while work goes on, so another process finishes the envelope within
 * about half a minute (it used to wait ten). The first process is caught mid-seal by a timestamp
 * authority that never answers, then SIGKILLed.
 */
describe('a completion interrupted by kill -9 is taken over within a minute (real processes, SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-takeover-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('kill -9 during sealing, then another process completes the envelope', async () => {
    let tsaAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (tsaAsked = resolve));
    const held: IncomingMessage[] = [];
    const tsa = createServer((request) => {
      held.push(request); // never answered
      tsaAsked();
    });
    await new Promise<void>((resolve) => tsa.listen(0, '127.0.0.1', resolve));
    const env = { FIRMA_DATA_DIR: dataDir, PORT: '0', FIRMA_JOB_POLL_MS: '100' };
    const first = spawnFirma(['serve'], {
      ...env,
      FIRMA_TSA_URL: `http://127.0.0.1:${(tsa.address() as AddressInfo).port}/`,
    });
    let second: ReturnType<typeof spawnFirma> | undefined;
    try {
      const output = watchOutput(first);
      const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/, 90_000);
      const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
      const api = new HttpClient(url!, token!);
      const { urls, documentId } = await createPendingDocument(api);
      for (const u of urls.values()) assert.equal((await signAll(new HttpClient(url!, null), tokenOf(u))).status, 200);
      await asked; // sealing has started: the claim and the job lease are held
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const killedAt = Date.now();

      second = spawnFirma(['serve'], env);
      const [, secondUrl] = await watchOutput(second).waitFor(/listening on (http:\/\/\S+)/, 90_000);
      const done = await waitForStatus(new HttpClient(secondUrl!, token!), documentId, ['COMPLETED'], 90_000);
      const tookSeconds = (Date.now() - killedAt) / 1000;
      assert.equal(done.status, 'COMPLETED');
      assert.ok(tookSeconds < 60, `taken over after ${tookSeconds.toFixed(1)} s`);
    } finally {
      first.kill('SIGKILL');
      second?.kill('SIGKILL');
      for (const r of held) r.socket.destroy();
      tsa.close();
    }
  });
});
