import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createDocument, createPendingDocument, onePagePdf } from '../helpers/documents.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig } from '../support/pdf-tools.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Every file under `dir` (recursively), relative names. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

let s3: TestS3Server;
before(async () => (s3 = await startS3Server()));
after(() => s3.close());

test('a server pointed at a missing bucket does not start, and says why', async () => {
  await assert.rejects(
    startTestServer({ database: 'sqlite', env: { ...s3.env, FIRMA_S3_BUCKET: 'no-such-bucket' } }),
    /bucket "no-such-bucket" is not usable \(NotFound, HTTP 404\)/,
  );
});

for (const database of testDatabases()) {
  describe(`FIRMA_BLOB_STORE=s3: the full flow keeps every blob in the bucket (${database})`, () => {
    let server: TestServer;
    const prefix = `api-${database}/`;
    before(async () => {
      server = await startTestServer({ database, env: { ...s3.env, FIRMA_S3_PREFIX: prefix } });
    });
    after(() => server.close());

    test('create → sign → COMPLETED → sealed download, with nothing in the data dir’s blob folder', async () => {
      const { documentId, urls } = await createPendingDocument(server.api);
      for (const url of urls.values()) {
        const signed = await signAll(server.anon, tokenOf(url), { drawn: true });
        assert.equal(signed.status, 200, JSON.stringify(signed.body));
      }
      await waitForStatus(server.api, documentId, ['COMPLETED']);

      const sealed = await server.api.get(`/api/v2/document/${documentId}/download`);
      assert.equal(sealed.status, 200);
      assert.equal(sealed.headers.get('content-type'), 'application/pdf');
      assert.match(pdfsig(sealed.bytes), /Signature is Valid/);
      const certificate = await server.api.get(`/api/v2/document/${documentId}/certificate`);
      assert.equal(certificate.status, 200);
      assert.match(pdfsig(certificate.bytes), /Signature is Valid/);

      // Original, drawn signatures, sealed PDF and certificate are objects under the prefix.
      const objects = readdirSync(join(s3.directory, s3.bucket, prefix.slice(0, -1))).map((n) =>
        n.replace(/\._S3rver_.*$/, ''),
      );
      for (const expected of [sha(await onePagePdf()), sha(sealed.bytes), sha(certificate.bytes)]) {
        assert.ok(objects.includes(expected), `object ${expected} is in the bucket`);
      }
      assert.deepEqual(filesUnder(join(server.dataDir, 'blobs')), [], 'no blob in the data dir');
      assert.deepEqual(
        readdirSync(join(server.dataDir, 'tmp'), { withFileTypes: true }).filter((e) => e.isFile()),
        [],
        'no scratch file left',
      );
    });

    test('another platform’s or an unknown id is 404; the original streams from the bucket byte for byte', async () => {
      const { documentId } = await createPendingDocument(server.api);
      const other = await server.newPlatform();
      const foreign = await other.get(`/api/v2/document/${documentId}/download?version=original`);
      assert.equal(foreign.status, 404);
      const unknown = await server.api.get(`/api/v2/document/999999999/download?version=original`);
      assert.equal(unknown.status, 404);
      const original = await server.api.get(`/api/v2/document/${documentId}/download?version=original`);
      assert.equal(original.status, 200, JSON.stringify(original.body));
      assert.deepEqual(new Uint8Array(original.bytes), await onePagePdf());
    });

    test('an object damaged in the bucket is never served: the download fails instead', async () => {
      // The last test of the suite: the original it damages is the one every document here shares.
      const pdf = await onePagePdf();
      const created = await createDocument(server.api);
      assert.equal(created.status, 200);
      const documentId = created.body.id as number;
      const file = join(s3.directory, s3.bucket, prefix.slice(0, -1), `${sha(pdf)}._S3rver_object`);
      const damaged = readFileSync(file);
      damaged.writeUInt8(damaged.readUInt8(damaged.length - 1) ^ 0xff, damaged.length - 1);
      writeFileSync(file, damaged);
      // Nothing was sent yet (the blob is one chunk, held back until verified): an honest 500
      // that names nothing; a larger blob already under way is cut off instead of completed.
      const download = await server.api.get(`/api/v2/document/${documentId}/download?version=original`);
      assert.equal(download.status, 500);
      assert.equal(download.body.code, 'INTERNAL_ERROR');
      assert.ok(!JSON.stringify(download.body).includes(sha(pdf)));
      const health = await server.anon.get('/health');
      assert.equal(health.status, 200, 'the server keeps answering');
    });
  });
}
