import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSealIdentity, identityFrom, type SealIdentity } from './seal-identity.js';
import { sealPdf, sealPdfFile, SealError, type SealOptions } from './seal-pdf.js';
import { writeContents } from './signature-dictionary.js';
import {
  extractLastCms,
  makeHybridPdf,
  makeLargePdf,
  makePdfWithIndirectAnnots,
  makePdfWithTextField,
  makeTempDir,
  makeTextPdf,
  opensslCmsPrint,
  pdfsig,
  qpdfCheck,
  qpdfVariant,
} from '../../../../test/support/seal-test-support.js';

const OPTIONS: SealOptions = {
  reason: 'Sealed by Firma',
  location: 'Firma server',
  contactInfo: 'seal@firma.test',
  name: 'Firma',
};

let temp: ReturnType<typeof makeTempDir>;
let identity: SealIdentity;

before(async () => {
  temp = makeTempDir('seal');
  identity = (await loadSealIdentity({ dataDir: join(temp.dir, 'data') })).identity;
});
after(() => temp.cleanup());

/** Seals `input`, writes the result and checks what every sealed file must satisfy. */
async function sealAndVerify(
  name: string,
  input: Uint8Array,
  expectedSignatures = 1,
  sealer: SealIdentity = identity,
): Promise<Buffer> {
  const output = await sealPdf(input, sealer, OPTIONS);
  assert.ok(
    output.subarray(0, input.length).equals(Buffer.from(input)),
    'the input must be an exact prefix of the output',
  );
  const path = join(temp.dir, `${name}.sealed.pdf`);
  writeFileSync(path, output);

  const report = pdfsig(path);
  assert.equal(report.signatures.length, expectedSignatures, report.output);
  for (const signature of report.signatures) {
    assert.equal(signature.validation, 'Signature is Valid.', report.output);
    assert.equal(signature.type, 'ETSI.CAdES.detached', report.output);
  }
  assert.equal(
    report.signatures.at(-1)?.total,
    true,
    `the newest signature must cover the whole file\n${report.output}`,
  );
  const check = qpdfCheck(path);
  assert.ok(check.clean, check.output);
  return output;
}

void test('seals pdf-lib output (object streams, cross-reference stream)', async () => {
  const output = await sealAndVerify('pdf-lib', await makeTextPdf(3));
  const update = output.toString('latin1').slice(output.lastIndexOf('%%EOF', output.length - 10));
  assert.match(update, /\/Type \/XRef/, 'an xref-stream file gets an xref-stream update');
});

void test('seals a classic xref table file and answers with a classic table', async () => {
  const classic = qpdfVariant(temp.dir, 'classic', await makeTextPdf(2), ['--object-streams=disable']);
  assert.match(classic.toString('latin1'), /\nxref\n/);
  const output = await sealAndVerify('classic', classic);
  assert.match(output.subarray(classic.length).toString('latin1'), /\nxref\n[\s\S]*trailer\n<< \/Size \d+ \/Root /);
});

void test('seals qpdf xref streams with PNG predictors', async () => {
  const generated = qpdfVariant(temp.dir, 'objstm', await makeTextPdf(4), ['--object-streams=generate']);
  assert.match(generated.toString('latin1'), /\/Predictor 12/);
  await sealAndVerify('objstm', generated);
});

void test('seals a linearized file', async () => {
  await sealAndVerify('linearized', qpdfVariant(temp.dir, 'linearized', await makeTextPdf(3), ['--linearize']));
});

void test('seals a hybrid-reference file whose page lives in an object stream', async () => {
  const output = await sealAndVerify('hybrid', makeHybridPdf());
  assert.match(output.toString('latin1'), /\/Subtype \/Widget \/FT \/Sig \/Rect \[0 0 0 0\] \/F 132 \/P 3 0 R/);
});

void test('appends to an indirect /Annots array and keeps the existing annotation', async () => {
  const input = await makePdfWithIndirectAnnots();
  const output = await sealAndVerify('indirect-annots', input);
  const listing = execFileSync(
    'qpdf',
    ['--show-pages', '--with-images', join(temp.dir, 'indirect-annots.sealed.pdf')],
    { encoding: 'utf8' },
  );
  assert.match(listing, /page 1/);
  // The update rewrites the array object, which now holds the link and the widget.
  const rewrittenArray = /\n\d+ 0 obj\n\[ *\d+ 0 R +\d+ 0 R *\]\nendobj/.test(
    output.subarray(input.length).toString('latin1'),
  );
  assert.ok(rewrittenArray, 'the update rewrites the /Annots array object with the link and the widget');
});

void test('adds the seal to a document that already has an AcroForm with a text field', async () => {
  const input = await makePdfWithTextField();
  await sealAndVerify('acroform', input);
  const fields = execFileSync('qpdf', ['--json', '--json-key=acroform', join(temp.dir, 'acroform.sealed.pdf')], {
    encoding: 'utf8',
  });
  const acroform = JSON.parse(fields).acroform;
  const names = acroform.fields.map((field: { fullname: string }) => field.fullname);
  assert.deepEqual(names.sort(), ['FirmaSeal1', 'applicant.name']);
  assert.equal(acroform.hasacroform, true);
});

void test('seals twice: both signatures stay valid, the second covers the whole file', async () => {
  const once = await sealAndVerify('once', await makeTextPdf(2));
  const twice = await sealAndVerify('twice', once, 2);
  const report = pdfsig(join(temp.dir, 'twice.sealed.pdf'));
  assert.deepEqual(
    report.signatures.map((signature) => signature.fieldName),
    ['FirmaSeal1', 'FirmaSeal2'],
  );
  assert.equal(report.signatures[0]?.total, false);
  assert.ok(twice.length > once.length);
  // The same on a classic-table file: the second seal meets the direct /AcroForm the first added.
  const classicOnce = await sealAndVerify(
    'classic-once',
    qpdfVariant(temp.dir, 'classic-base', await makeTextPdf(2), ['--object-streams=disable']),
  );
  await sealAndVerify('classic-twice', classicOnce, 2);
});

void test('the file API writes the same kind of output, reports its size and SHA-256, and leaves no temp file', async () => {
  const dir = makeTempDir('seal-file');
  try {
    const inputPath = join(dir.dir, 'in.pdf');
    const outputPath = join(dir.dir, 'out.pdf');
    const input = await makeTextPdf(5);
    writeFileSync(inputPath, input);
    const result = await sealPdfFile(inputPath, outputPath, identity, OPTIONS);
    const output = readFileSync(outputPath);
    assert.equal(result.size, output.length);
    assert.equal(result.sha256, createHash('sha256').update(output).digest('hex'));
    assert.ok(output.subarray(0, input.length).equals(Buffer.from(input)));
    const report = pdfsig(outputPath);
    assert.equal(report.signatures[0]?.validation, 'Signature is Valid.', report.output);
    assert.deepEqual(readdirSync(dir.dir).sort(), ['in.pdf', 'out.pdf']);

    // Sealing in place replaces the file atomically with its sealed version.
    await sealPdfFile(outputPath, outputPath, identity, OPTIONS);
    assert.equal(pdfsig(outputPath).signatures.length, 2);
  } finally {
    dir.cleanup();
  }
});

void test('a document too large to read whole is streamed: same guarantees, exact prefix, valid', async () => {
  const dir = makeTempDir('seal-large');
  try {
    const inputPath = join(dir.dir, 'scan.pdf');
    const outputPath = join(dir.dir, 'scan.sealed.pdf');
    const input = await makeLargePdf(3, 3.5 * 1024 * 1024);
    assert.ok(input.length > 9 * 1024 * 1024, 'larger than the whole-read limit');
    writeFileSync(inputPath, input);
    const result = await sealPdfFile(inputPath, outputPath, identity, OPTIONS);
    const output = readFileSync(outputPath);
    assert.equal(result.size, output.length);
    assert.equal(result.sha256, createHash('sha256').update(output).digest('hex'));
    assert.ok(output.subarray(0, input.length).equals(Buffer.from(input)));
    const report = pdfsig(outputPath);
    assert.equal(report.signatures[0]?.validation, 'Signature is Valid.', report.output);
    assert.equal(report.signatures[0]?.total, true, report.output);
    assert.ok(qpdfCheck(outputPath).clean);
    assert.deepEqual(readdirSync(dir.dir).sort(), ['scan.pdf', 'scan.sealed.pdf']);
  } finally {
    dir.cleanup();
  }
});

void test('flipping one signed byte makes pdfsig report the signature invalid', async () => {
  const output = await sealPdf(await makeTextPdf(1), identity, OPTIONS);
  const reasonAt = output.lastIndexOf('Sealed by Firma');
  const headerCommentAt = output.indexOf('\n%') + 2; // the binary comment after %PDF-x.y
  for (const [what, at] of [
    ['in the signature dictionary', reasonAt + 7],
    ['in the original document', headerCommentAt],
  ] as const) {
    const tampered = Buffer.from(output);
    tampered[at] = tampered[at]! ^ 0x01;
    const path = join(temp.dir, `tampered-${at}.pdf`);
    writeFileSync(path, tampered);
    const report = pdfsig(path);
    assert.equal(report.signatures.length, 1, report.output);
    assert.notEqual(report.signatures[0]?.validation, 'Signature is Valid.', `${what}\n${report.output}`);
    assert.match(report.signatures[0]?.validation ?? '', /Invalid|Mismatch/, report.output);
  }
});

void test('the CMS has contentType, messageDigest and signing-certificate-v2 and no signingTime; /M carries the time', async () => {
  const signingTime = new Date('2024-05-06T07:08:09Z');
  const output = await sealPdf(await makeTextPdf(1), identity, { ...OPTIONS, signingTime });
  assert.match(output.toString('latin1'), /\/M \(D:20240506070809\+00'00'\)/);
  const printed = opensslCmsPrint(temp.dir, extractLastCms(output));
  assert.match(printed, /contentType/);
  assert.match(printed, /pkcs9_messageDigest|messageDigest/);
  assert.match(printed, /signingCertificateV2/);
  assert.doesNotMatch(printed, /signingTime/);
  assert.match(printed, /sha256/);
});

void test('non-ASCII reason and name are written as UTF-16 text strings', async () => {
  const output = await sealAndVerify('unicode', await makeTextPdf(1), 1);
  assert.ok(output.length > 0);
  const unicode = await sealPdf(await makeTextPdf(1), identity, { reason: 'Signé à Zürich', name: 'Zoë' });
  const expected = `<FEFF${Buffer.from('Signé à Zürich', 'utf16le').swap16().toString('hex').toUpperCase()}>`;
  assert.ok(unicode.toString('latin1').includes(`/Reason ${expected}`));
  writeFileSync(join(temp.dir, 'unicode2.pdf'), unicode);
  assert.equal(pdfsig(join(temp.dir, 'unicode2.pdf')).signatures[0]?.validation, 'Signature is Valid.');
});

void test('seals with an ECDSA P-256 key', async () => {
  const keyPath = join(temp.dir, 'ec.key');
  const certPath = join(temp.dir, 'ec.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '30',
      '-subj',
      '/CN=Firma EC seal',
    ],
    {
      stdio: 'ignore',
    },
  );
  const pem = readFileSync(certPath, 'latin1');
  const der = Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
  const ecIdentity = identityFrom(createPrivateKey(readFileSync(keyPath)), [der]);
  await sealAndVerify('ecdsa', await makeTextPdf(1), 1, ecIdentity);
});

void test('refuses what it cannot seal with UNSUPPORTED_PDF', async () => {
  const isUnsupported = (error: unknown): boolean => error instanceof SealError && error.reason === 'UNSUPPORTED_PDF';
  await assert.rejects(sealPdf(Buffer.from('not a pdf at all'), identity, OPTIONS), isUnsupported);
  const pdf = await makeTextPdf(1);
  await assert.rejects(sealPdf(pdf.subarray(0, pdf.length - 200), identity, OPTIONS), isUnsupported);
  const encrypted = qpdfVariant(temp.dir, 'encrypted', pdf, ['--encrypt', 'user', 'owner', '256', '--']);
  await assert.rejects(
    sealPdf(encrypted, identity, OPTIONS),
    (error: unknown) => isUnsupported(error) && /encrypted/.test((error as Error).message),
  );

  const dir = makeTempDir('seal-unsupported');
  try {
    writeFileSync(join(dir.dir, 'bad.pdf'), 'garbage');
    await assert.rejects(
      sealPdfFile(join(dir.dir, 'bad.pdf'), join(dir.dir, 'out.pdf'), identity, OPTIONS),
      isUnsupported,
    );
    assert.equal(existsSync(join(dir.dir, 'out.pdf')), false);
    assert.deepEqual(readdirSync(dir.dir), ['bad.pdf']);
  } finally {
    dir.cleanup();
  }
});

void test('a CMS larger than the placeholder fails with SIGNATURE_TOO_LARGE', () => {
  const placeholder = Buffer.from(`<${'0'.repeat(20)}>`);
  assert.throws(
    () => writeContents(placeholder, 0, placeholder.length, Buffer.alloc(11)),
    (error: unknown) =>
      error instanceof SealError && error.reason === 'SIGNATURE_TOO_LARGE' && /11 bytes/.test(error.message),
  );
  writeContents(placeholder, 0, placeholder.length, Buffer.alloc(10, 0xab));
  assert.equal(placeholder.toString(), `<${'ab'.repeat(10)}>`);
});
