import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runFirma } from '../helpers/spawn-firma.js';

// The CLI shares the API's use cases; SQLite is enough to prove the wiring, output and exit codes.
describe('firma webhook create|list|delete (sqlite)', () => {
  let env: Record<string, string>;
  let dataDir: string;
  // A public address literal: the private-address guard passes it without needing DNS.
  const publicUrl = 'https://93.184.215.14/firma-hook';

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'firma-webhook-cli-'));
    env = { FIRMA_DATA_DIR: dataDir, PORT: '0' };
    for (const name of ['acme', 'other']) {
      const created = await runFirma(['platform', 'create', name], env);
      assert.equal(created.code, 0, created.stderr);
    }
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('create prints the secret once, list never shows it, delete removes the endpoint', async () => {
    const created = await runFirma(
      [
        'webhook',
        'create',
        '--platform',
        'acme',
        '--url',
        publicUrl,
        '--events',
        'DOCUMENT_COMPLETED,DOCUMENT_SENT',
        '--json',
      ],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    const endpoint = JSON.parse(created.stdout) as {
      id: string;
      secret: string;
      url: string;
      events: string[];
      enabled: boolean;
    };
    assert.equal(endpoint.url, publicUrl);
    assert.deepEqual([...endpoint.events].sort(), ['DOCUMENT_COMPLETED', 'DOCUMENT_SENT']);
    assert.ok(endpoint.secret.length >= 16, 'a secret is generated');

    const plain = await runFirma(
      ['webhook', 'create', '--platform', 'acme', '--url', publicUrl, '--secret', 'my-own-secret-0123456789'],
      env,
    );
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /secret \(shown once\): my-own-secret-0123456789/);
    const plainId = plain.stdout.split('\n')[0]!.trim();

    const list = await runFirma(['webhook', 'list', '--platform', 'acme', '--json'], env);
    assert.equal(list.code, 0, list.stderr);
    const listed = JSON.parse(list.stdout) as { id: string }[];
    assert.deepEqual(listed.map((w) => w.id).sort(), [endpoint.id, plainId].sort());
    assert.ok(
      !list.stdout.includes(endpoint.secret) && !list.stdout.includes('my-own-secret-0123456789'),
      'listing never shows a secret',
    );

    const text = await runFirma(['webhook', 'list', '--platform', 'acme'], env);
    assert.match(text.stdout, new RegExp(`${endpoint.id}\\tenabled\\t`));

    const otherList = await runFirma(['webhook', 'list', '--platform', 'other'], env);
    assert.match(otherList.stdout, /\(no webhooks\)/, 'another platform sees none');
    const otherDelete = await runFirma(['webhook', 'delete', endpoint.id, '--platform', 'other'], env);
    assert.equal(otherDelete.code, 1, 'another platform cannot delete it');
    assert.match(otherDelete.stderr, /NOT_FOUND/);

    const deleted = await runFirma(['webhook', 'delete', endpoint.id, '--platform', 'acme'], env);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.match(deleted.stdout, /deleted/);
    const after = JSON.parse((await runFirma(['webhook', 'list', '--platform', 'acme', '--json'], env)).stdout) as {
      id: string;
    }[];
    assert.deepEqual(
      after.map((w) => w.id),
      [plainId],
    );
    assert.equal(
      (await runFirma(['webhook', 'delete', endpoint.id, '--platform', 'acme'], env)).code,
      1,
      'deleting twice is NOT_FOUND',
    );
  });

  test('bad input and private addresses are refused with clear messages', async () => {
    const privateUrl = await runFirma(
      ['webhook', 'create', '--platform', 'acme', '--url', 'http://127.0.0.1:9/hook'],
      env,
    );
    assert.equal(privateUrl.code, 1);
    assert.match(privateUrl.stderr, /WEBHOOK_URL_NOT_ALLOWED/);

    const allowed = await runFirma(['webhook', 'create', '--platform', 'acme', '--url', 'http://127.0.0.1:9/hook'], {
      ...env,
      FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.doesNotMatch(allowed.stderr, /secret/i, 'the secret goes to stdout only');

    const ftp = await runFirma(['webhook', 'create', '--platform', 'acme', '--url', 'ftp://93.184.215.14/x'], env);
    assert.notEqual(ftp.code, 0);

    const events = await runFirma(
      ['webhook', 'create', '--platform', 'acme', '--url', publicUrl, '--events', 'NOPE'],
      env,
    );
    assert.equal(events.code, 2);
    assert.match(events.stderr, /--events/);

    const shortSecret = await runFirma(
      ['webhook', 'create', '--platform', 'acme', '--url', publicUrl, '--secret', 'short'],
      env,
    );
    assert.equal(shortSecret.code, 2);

    assert.equal((await runFirma(['webhook', 'list'], env)).code, 2, '--platform is required');
    assert.equal((await runFirma(['webhook', 'list', '--platform', 'nope'], env)).code, 1);
    assert.equal((await runFirma(['webhook', 'create', '--platform', 'acme'], env)).code, 2, '--url is required');
    assert.equal((await runFirma(['webhook', 'frobnicate', '--platform', 'acme'], env)).code, 2);
  });
});
