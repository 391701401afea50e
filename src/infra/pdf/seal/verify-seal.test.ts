import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadSealIdentity, type SealIdentity } from './seal-identity.js';
import { sealPdf } from './seal-pdf.js';
import {
  extractLastCms,
  makePdfWithTextField,
  makeTempDir,
  makeTextPdf,
} from '../../../../test/support/seal-test-support.js';
import { verifyPdfSeal } from './verify-seal.js';

let temp: ReturnType<typeof makeTempDir>;
let identity: SealIdentity;
let other: SealIdentity;

before(async () => {
  temp = makeTempDir('verify-seal');
  identity = (await loadSealIdentity({ dataDir: join(temp.dir, 'a') })).identity;
  other = (await loadSealIdentity({ dataDir: join(temp.dir, 'b') })).identity;
});
after(() => temp.cleanup());

const seal = async (pdf: Uint8Array, by = identity) =>
  sealPdf(pdf, by, { reason: 'test', signingTime: new Date('2026-11-26T00:00:00Z') });

test('a seal made by the identity verifies, and openssl agrees on the same bytes', async () => {
  for (const input of [
    await makeTextPdf(2),
    await makeTextPdf(1, { useObjectStreams: false }),
    await makePdfWithTextField(),
  ]) {
    const sealed = await seal(input);
    assert.equal(verifyPdfSeal(sealed, [identity]).ok, true);
  }
  // An independent implementation: openssl checks the CMS over the byte range we hash.
  const sealed = await seal(await makeTextPdf(1));
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/
    .exec(sealed.toString('latin1'))!
    .slice(1)
    .map(Number);
  writeFileSync(
    join(temp.dir, 'content.bin'),
    Buffer.concat([sealed.subarray(0, range[1]), sealed.subarray(range[2], range[2]! + range[3]!)]),
  );
  writeFileSync(join(temp.dir, 'cms.der'), extractLastCms(sealed));
  execFileSync(
    'openssl',
    [
      'cms',
      '-verify',
      '-noverify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      join(temp.dir, 'cms.der'),
      '-content',
      join(temp.dir, 'content.bin'),
      '-out',
      '/dev/null',
    ],
    { stdio: 'pipe' },
  );
});

test('a changed byte, an appended update, another identity or no seal at all fail, each named', async () => {
  const sealed = await seal(await makeTextPdf(1));
  const changed = Buffer.from(sealed);
  changed[200] = changed[200]! ^ 0x01;
  assert.deepEqual(verifyPdfSeal(changed, [identity]), {
    ok: false,
    problem: 'the sealed bytes do not match the digest the seal signed',
  });

  const appended = Buffer.concat([sealed, Buffer.from('1 0 obj\n<< >>\nendobj\n')]);
  assert.match(
    (verifyPdfSeal(appended, [identity]) as { problem: string }).problem,
    /no signature covers the whole file/,
  );

  assert.match(
    (verifyPdfSeal(await seal(await makeTextPdf(1), other), [identity]) as { problem: string }).problem,
    /not one of this installation's seal identities/,
  );
  assert.deepEqual(verifyPdfSeal(Buffer.from(await makeTextPdf(1)), [identity]), {
    ok: false,
    problem: 'carries no signature',
  });
  assert.match(
    (verifyPdfSeal(Buffer.from('not a pdf'), [identity]) as { problem: string }).problem,
    /^not a readable PDF/,
  );

  // A CMS cut short inside its placeholder is reported, not thrown.
  const text = sealed.toString('latin1');
  const start = text.indexOf('/Contents <') + '/Contents <'.length;
  const truncated = Buffer.from(sealed);
  truncated.write('3082ffff30', start, 'latin1');
  assert.equal(verifyPdfSeal(truncated, [identity]).ok, false);
});
