import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { progressReporter } from '../../src/cli/blobs-command.js';
import { ConfigError, parseConfig } from '../../src/config.js';
import { FsBlobStore } from '../../src/infra/storage/fs-blob-store.js';
import { S3BlobStore } from '../../src/infra/storage/s3-blob-store.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { runFirma } from '../helpers/spawn-firma.js';

const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('blob store configuration', () => {
  test('fs is the default; s3 takes bucket, region, endpoint, path style, prefix and the AWS credentials', () => {
    assert.deepEqual(parseConfig({}).blobStore, { kind: 'fs' });
    const s3 = parseConfig({
      FIRMA_BLOB_STORE: 's3',
      FIRMA_S3_BUCKET: 'firma-blobs',
      FIRMA_S3_REGION: 'eu-west-1',
      FIRMA_S3_ENDPOINT: 'http://127.0.0.1:9000',
      FIRMA_S3_FORCE_PATH_STYLE: 'true',
      FIRMA_S3_PREFIX: 'prod/',
      AWS_ACCESS_KEY_ID: 'AKIA',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'session',
    }).blobStore;
    assert.deepEqual(s3, {
      kind: 's3',
      bucket: 'firma-blobs',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'prod/',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret', sessionToken: 'session' },
      multipartThresholdBytes: 16 * MiB,
      cacheBytes: 256 * MiB,
    });
    const chain = parseConfig({ FIRMA_BLOB_STORE: 's3', FIRMA_S3_BUCKET: 'firma-blobs' }).blobStore;
    assert.equal(chain.kind === 's3' && chain.credentials, null, 'no keys: the SDK default provider chain');
  });

  test('s3 without a bucket, half a key pair, a bad endpoint or store name are configuration errors, all listed', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return [];
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.problems;
      }
    };
    assert.deepEqual(problems({ FIRMA_BLOB_STORE: 's3' }), ['FIRMA_S3_BUCKET: is required when FIRMA_BLOB_STORE=s3']);
    assert.match(
      problems({ FIRMA_BLOB_STORE: 's3', FIRMA_S3_BUCKET: 'b-1', AWS_ACCESS_KEY_ID: 'AKIA' }).join(),
      /AWS_SECRET_ACCESS_KEY/,
    );
    assert.match(problems({ FIRMA_S3_ENDPOINT: 'ftp://x' }).join(), /FIRMA_S3_ENDPOINT/);
    assert.match(problems({ FIRMA_BLOB_STORE: 'gcs' }).join(), /FIRMA_BLOB_STORE/);
  });
});

describe('firma blobs migrate --to s3', () => {
  let s3: TestS3Server;
  let dataDir: string;
  before(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(join(tmpdir(), 'firma-migrate-'));
  });
  after(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('copies every blob, verifying its hash; a damaged file is reported, not copied; a second run skips', async () => {
    const fs = new FsBlobStore(dataDir);
    const blobs = [Buffer.from('%PDF-1.7 one'), Buffer.from('%PDF-1.7 two'), Buffer.alloc(6 * MiB, 5)];
    for (const blob of blobs) await fs.putBytes(blob);
    // A file whose content no longer hashes to its name (bit rot on the old disk).
    const claimed = sha(Buffer.from('what it was'));
    const damagedDir = join(dataDir, 'blobs', claimed.slice(0, 2), claimed.slice(2, 4));
    mkdirSync(damagedDir, { recursive: true });
    writeFileSync(join(damagedDir, claimed), 'what it became');

    const env = { ...s3.env, FIRMA_DATA_DIR: dataDir, FIRMA_S3_PREFIX: 'migrated/' };
    const first = await runFirma(['blobs', 'migrate', '--to', 's3', '--json'], env);
    assert.equal(first.code, 1, first.stderr);
    const summary = JSON.parse(first.stdout);
    assert.equal(summary.total, 4);
    assert.equal(summary.copied, 3);
    assert.equal(summary.failed, 1);
    assert.equal(summary.failures[0].sha256, claimed);
    assert.match(summary.failures[0].reason, /hashes to/);
    assert.match(first.stderr, /blobs migrate: 100% 4\/4/, 'progress lines when not on a terminal');

    const bucket = new S3BlobStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      prefix: 'migrated/',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      scratchDir: join(dataDir, 'tmp'),
    });
    try {
      for (const blob of blobs) assert.deepEqual(await bucket.getBytes(sha(blob)), blob);
      assert.equal(await bucket.exists(claimed), false, 'the damaged file is not in the bucket under its name');
    } finally {
      await bucket.close();
    }

    rmSync(join(damagedDir, claimed));
    const second = await runFirma(['blobs', 'migrate', '--to', 's3'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /3 blobs: 0 copied \(0\.0 MiB\), 3 already in the bucket, 0 failed/);
  });

  test('refused without an S3 configuration or with another target; the data dir is untouched', async () => {
    const noS3 = await runFirma(['blobs', 'migrate', '--to', 's3'], { FIRMA_DATA_DIR: dataDir });
    assert.equal(noS3.code, 2);
    assert.match(noS3.stderr, /FIRMA_BLOB_STORE=s3/);
    const noBucket = await runFirma(['blobs', 'migrate', '--to', 's3'], {
      FIRMA_DATA_DIR: dataDir,
      FIRMA_BLOB_STORE: 's3',
    });
    assert.equal(noBucket.code, 2);
    assert.match(noBucket.stderr, /FIRMA_S3_BUCKET: is required/);
    const wrongTarget = await runFirma(['blobs', 'migrate', '--to', 'gcs'], { ...s3.env, FIRMA_DATA_DIR: dataDir });
    assert.equal(wrongTarget.code, 2);
    assert.match(wrongTarget.stderr, /--to s3/);
  });

  test('on a terminal the progress is one bar redrawn in place', () => {
    let written = '';
    const report = progressReporter({ isTTY: true, write: (s: string) => ((written += s), true) } as never);
    report({ total: 4, done: 2, copied: 1, skipped: 1, failed: 0, bytes: MiB });
    report({ total: 4, done: 4, copied: 3, skipped: 1, failed: 0, bytes: 3 * MiB });
    report.finish();
    assert.equal(
      written,
      '\r[###############---------------] 50% 2/4 (1 copied, 1 skipped, 0 failed, 1.0 MiB)' +
        '\r[##############################] 100% 4/4 (3 copied, 1 skipped, 0 failed, 3.0 MiB)\n',
    );
  });
});
