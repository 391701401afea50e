import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { appendObjects } from './append-objects.js';
import { appendDocumentTimestamp } from './document-timestamp.js';
import { appendDss } from './dss-update.js';
import {
  listPdfSignatures,
  parsePdfDate,
  readDocumentSecurityStore,
  trimmedContents,
  vriKey,
} from './pdf-signatures.js';
import { loadSealIdentity, type SealIdentity } from './seal-identity.js';
import { sealPdf } from './seal-pdf.js';
import { verifyPdfSeal } from './verify-seal.js';
import {
  makeHybridPdf,
  makePdfWithIndirectAnnots,
  makePdfWithTextField,
  makeTempDir,
  makeTextPdf,
  pdfsig,
  qpdfCheck,
} from '../../../../test/support/seal-test-support.js';
import { startTestTsa, type TestTsa } from '../../../../test/support/test-tsa.js';

let temp: ReturnType<typeof makeTempDir>;
let identity: SealIdentity;
let tsa: TestTsa;
before(async () => {
  temp = makeTempDir('dss');
  identity = (await loadSealIdentity({ dataDir: join(temp.dir, 'data') })).identity;
  tsa = await startTestTsa(join(temp.dir, 'tsa'));
});
after(async () => {
  await tsa.close();
  temp.cleanup();
});

const fakeOcsp = Buffer.from('an OCSP answer, as bytes');
const extraCert = (): Buffer => identity.certificate; // deduplicated with the seal's own

void test('vriKey is the uppercase hex SHA-1 of the /Contents bytes, padding included', () => {
  const contents = Buffer.concat([Buffer.from([0x30, 0x03, 1, 2, 3]), Buffer.alloc(10)]);
  assert.equal(vriKey(contents), createHash('sha1').update(contents).digest('hex').toUpperCase());
  assert.match(vriKey(contents), /^[0-9A-F]{40}$/);
});

void test('parsePdfDate reads UTC and offset forms', () => {
  assert.equal(parsePdfDate("D:20260102030405+00'00'")?.toISOString(), '2026-01-02T03:04:05.000Z');
  assert.equal(parsePdfDate("D:20260102030405-03'00'")?.toISOString(), '2026-01-02T06:04:05.000Z');
  assert.equal(parsePdfDate('garbage'), null);
});

void test('the DSS follows the seal: certificates, OCSP answers, a VRI per signature; the seal stays valid', async () => {
  const sealed = await sealPdf(await makeTextPdf(2), identity, { reason: 'Sealed' });
  const withDss = appendDss(sealed, {
    certificates: [extraCert()],
    revocation: [{ certificate: identity.certificate, ocsp: fakeOcsp }],
    time: new Date('2026-01-01T00:00:00Z'),
  });
  assert.ok(withDss.subarray(0, sealed.length).equals(sealed), 'an incremental update');
  const dss = readDocumentSecurityStore(withDss)!;
  assert.equal(dss.certs.length, 1);
  assert.ok(dss.certs[0]!.equals(identity.certificate));
  assert.deepEqual(dss.ocsps, [fakeOcsp]);
  const [seal] = listPdfSignatures(withDss);
  assert.deepEqual(dss.vriKeys, [vriKey(seal!.contents)]);
  assert.ok(/\/TU \(D:20260101000000\+00'00'\)/.test(withDss.toString('latin1')));

  const path = join(temp.dir, 'dss.pdf');
  writeFileSync(path, withDss);
  assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);
  const report = pdfsig(path);
  assert.equal(report.signatures[0]?.validation, 'Signature is Valid.', report.output);
  assert.ok(verifyPdfSeal(withDss, [identity]).ok, 'validation data after the seal is allowed');
});

void test('a document timestamp after the DSS is last; pdfsig validates both; the seal still verifies', async () => {
  const sealed = await sealPdf(await makeTextPdf(1), identity, { reason: 'Sealed' });
  const withDss = appendDss(sealed, { certificates: [], revocation: [], time: new Date() });
  const stamped = await appendDocumentTimestamp(withDss, { url: tsa.url });
  const path = join(temp.dir, 'lta.pdf');
  writeFileSync(path, stamped);
  assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);
  const report = pdfsig(path);
  // poppler lists the document timestamp (last, over the whole file) but cannot validate RFC 3161
  // tokens: openssl checks the token against the byte range instead.
  assert.equal(report.signatures.length, 2, report.output);
  assert.equal(report.signatures[0]?.validation, 'Signature is Valid.', report.output);
  assert.match(report.output, /Firma Test TSA/);
  assert.ok(report.signatures[1]?.total, report.output);
  const signatures = listPdfSignatures(stamped);
  const [, gapStart, gapEnd, tail] = signatures[1]!.byteRange!;
  writeFileSync(
    join(temp.dir, 'lta.data'),
    Buffer.concat([stamped.subarray(0, gapStart), stamped.subarray(gapEnd, gapEnd + tail)]),
  );
  writeFileSync(join(temp.dir, 'lta.tst'), trimmedContents(signatures[1]!.contents));
  const verified = execFileSync(
    'openssl',
    [
      'ts',
      '-verify',
      '-data',
      join(temp.dir, 'lta.data'),
      '-in',
      join(temp.dir, 'lta.tst'),
      '-token_in',
      '-CAfile',
      tsa.certificatePath,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  assert.match(verified, /Verification: OK/);
  assert.deepEqual(
    signatures.map((s) => s.type),
    ['Sig', 'DocTimeStamp'],
  );
  assert.ok(verifyPdfSeal(stamped, [identity]).ok);
  // A DSS over the timestamped file names the TSA's certificate (from the token).
  const again = appendDss(stamped, { certificates: [], revocation: [], time: new Date() });
  const dss = readDocumentSecurityStore(again)!;
  assert.equal(dss.vriKeys.length, 2);
  assert.ok(dss.certs.some((c) => c.toString('base64').length > 0 && !c.equals(identity.certificate)));
});

void test('anything else appended after the seal still breaks it', async () => {
  const sealed = await sealPdf(await makeTextPdf(1), identity, { reason: 'Sealed' });
  const withDss = appendDss(sealed, { certificates: [], revocation: [], time: new Date() });
  // Object 1 of pdf-lib's output is an existing object: any rewrite of one must fail.
  const forged = appendObjects(withDss, [{ num: 1, gen: 0, body: Buffer.from('<< /Producer (forged) >>') }], 0);
  const verdict = verifyPdfSeal(forged, [identity]);
  assert.equal(verdict.ok, false);
  assert.match(!verdict.ok ? verdict.problem : '', /changed after it was sealed/);
  // A stream rewritten with the same dictionary (say, a page's content) is caught too.
  const stream = /(\d+) 0 obj\s*<<[^>]*\/Length (\d+)[^>]*>>\s*stream/.exec(withDss.toString('latin1'))!;
  const body = Buffer.from(`<< /Length 8 >>\nstream\nBT ET q Q\nendstream`, 'latin1');
  const restreamed = appendObjects(withDss, [{ num: Number(stream[1]), gen: 0, body }], 0);
  const second = verifyPdfSeal(restreamed, [identity]);
  assert.equal(second.ok, false);
  assert.match(!second.ok ? second.problem : '', /stream \d+ was rewritten/);
  // Plain bytes appended with no cross-reference section are not an update either.
  const garbage = verifyPdfSeal(Buffer.concat([withDss, Buffer.from('1 0 obj\n<< >>\nendobj\n')]), [identity]);
  assert.equal(garbage.ok, false);
});

void test('B-LT and B-LTA on classic tables, hybrid files, indirect /AcroForm and /Annots: the seal still verifies', async () => {
  const fixtures: [string, Uint8Array][] = [
    ['classic', await makeTextPdf(1, { useObjectStreams: false })],
    ['hybrid', makeHybridPdf()],
    ['text-field', await makePdfWithTextField()],
    ['indirect-annots', await makePdfWithIndirectAnnots()],
  ];
  for (const [name, pdf] of fixtures) {
    const sealed = await sealPdf(pdf, identity, { reason: 'Sealed' });
    const withDss = appendDss(sealed, { certificates: [], revocation: [], time: new Date() });
    const stamped = await appendDocumentTimestamp(withDss, { url: tsa.url });
    const path = join(temp.dir, `${name}.pdf`);
    writeFileSync(path, stamped);
    assert.ok(qpdfCheck(path).clean, `${name}: ${qpdfCheck(path).output}`);
    const report = pdfsig(path);
    assert.equal(report.signatures[0]?.validation, 'Signature is Valid.', `${name}: ${report.output}`);
    assert.equal(report.signatures.length, 2, `${name}: ${report.output}`);
    const verdict = verifyPdfSeal(stamped, [identity]);
    assert.ok(verdict.ok, `${name}: ${verdict.ok ? '' : verdict.problem}`);
  }
});
