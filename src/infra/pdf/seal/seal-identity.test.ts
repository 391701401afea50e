import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { loadSealIdentity } from './seal-identity.js';
import { sealPdf, SealError } from './seal-pdf.js';
import { makeTempDir, makeTextPdf, pdfsig } from '../../../../test/support/seal-test-support.js';

const execFileAsync = promisify(execFile);
let temp: ReturnType<typeof makeTempDir>;
before(() => {
  temp = makeTempDir('seal-identity');
});
after(() => temp.cleanup());

const isIdentityInvalid = (error: unknown): boolean =>
  error instanceof SealError && error.reason === 'IDENTITY_INVALID';

function forgeCertificate(options: {
  subject: string;
  issuer: string;
  publicKey: forge.pki.PublicKey;
  signer: forge.pki.rsa.PrivateKey;
  ca: boolean;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject([{ name: 'commonName', value: options.subject }]);
  cert.setIssuer([{ name: 'commonName', value: options.issuer }]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: options.ca },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyCertSign: options.ca },
  ]);
  cert.sign(options.signer, forge.md.sha256.create());
  return cert;
}

/** A password-protected PKCS#12 holding a leaf key, the leaf and its issuing CA, made with forge. */
function makeP12(password: string): { path: string; leaf: forge.pki.Certificate; ca: forge.pki.Certificate } {
  const toForgeKeys = (): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      privateKey: forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
      publicKey: forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    };
  };
  const caKeys = toForgeKeys();
  const leafKeys = toForgeKeys();
  const ca = forgeCertificate({
    subject: 'Firma Test CA',
    issuer: 'Firma Test CA',
    publicKey: caKeys.publicKey,
    signer: caKeys.privateKey,
    ca: true,
  });
  const leaf = forgeCertificate({
    subject: 'Firma Test Seal',
    issuer: 'Firma Test CA',
    publicKey: leafKeys.publicKey,
    signer: caKeys.privateKey,
    ca: false,
  });
  const p12 = forge.pkcs12.toPkcs12Asn1(leafKeys.privateKey, [leaf, ca], password, { algorithm: 'aes256' });
  const path = join(temp.dir, `seal-${Math.random().toString(16).slice(2)}.p12`);
  writeFileSync(path, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
  return { path, leaf, ca };
}

const derOf = (cert: forge.pki.Certificate): Buffer =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');

void test('loads key, leaf and chain from a password-protected PKCS#12 and seals with it', async () => {
  const { path, leaf, ca } = makeP12('correct horse');
  const loaded = await loadSealIdentity({ p12Path: path, p12Password: 'correct horse', dataDir: temp.dir });
  assert.equal(loaded.generated, false);
  assert.equal(loaded.source, path);
  assert.ok(loaded.identity.certificate.equals(derOf(leaf)));
  assert.equal(loaded.identity.chain.length, 1);
  assert.ok(loaded.identity.chain[0]!.equals(derOf(ca)));
  assert.equal(loaded.identity.subject, 'CN=Firma Test Seal');
  assert.equal(
    loaded.identity.fingerprintSha256,
    new X509Certificate(derOf(leaf)).fingerprint256.replace(/:/g, '').toLowerCase(),
  );
  assert.equal(loaded.identity.privateKey.asymmetricKeyType, 'rsa');

  const sealed = await sealPdf(await makeTextPdf(1), loaded.identity, { reason: 'p12' });
  const out = join(temp.dir, 'p12-sealed.pdf');
  writeFileSync(out, sealed);
  const report = pdfsig(out);
  assert.equal(report.signatures[0]?.validation, 'Signature is Valid.', report.output);
  assert.match(report.output, /Signer Certificate Common Name: Firma Test Seal/);
});

void test('a wrong PKCS#12 password or a missing file is IDENTITY_INVALID', async () => {
  const { path } = makeP12('right');
  await assert.rejects(
    loadSealIdentity({ p12Path: path, p12Password: 'wrong', dataDir: temp.dir }),
    (error: unknown) => isIdentityInvalid(error) && /password/.test((error as Error).message),
  );
  await assert.rejects(
    loadSealIdentity({ p12Path: join(temp.dir, 'absent.p12'), p12Password: 'x', dataDir: temp.dir }),
    isIdentityInvalid,
  );
  const notP12 = join(temp.dir, 'not.p12');
  writeFileSync(notP12, 'hello');
  await assert.rejects(loadSealIdentity({ p12Path: notP12, dataDir: temp.dir }), isIdentityInvalid);
});

void test('without a PKCS#12 a self-signed identity is created once, mode 0600, and reused', async () => {
  const dataDir = join(temp.dir, 'self-signed');
  const first = await loadSealIdentity({ dataDir });
  assert.equal(first.generated, true);
  assert.equal(first.source, join(dataDir, 'seal', 'seal-identity.pem'));
  assert.deepEqual(readdirSync(join(dataDir, 'seal')), ['seal-identity.pem']);
  assert.equal(statSync(first.source).mode & 0o777, 0o600);
  assert.equal(statSync(join(dataDir, 'seal')).mode & 0o077, 0, 'the key directory is private');

  const certificate = new X509Certificate(first.identity.certificate);
  assert.equal(first.identity.subject, 'CN=Firma self-signed seal');
  assert.equal(certificate.issuer, certificate.subject, 'self-signed');
  assert.ok(certificate.verify(certificate.publicKey), 'the signature over the certificate verifies');
  assert.equal(first.identity.privateKey.asymmetricKeyDetails?.modulusLength, 2048);
  const years = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / (365.25 * 24 * 3600_000);
  assert.ok(years > 9.9 && years < 10.1, `validity of ${years} years`);
  assert.deepEqual(certificate.keyUsage, ['1.3.6.1.5.5.7.3.36']);
  const text = execFileSync('openssl', ['x509', '-noout', '-text', '-inform', 'DER'], {
    input: first.identity.certificate,
    encoding: 'utf8',
  });
  assert.match(text, /Digital Signature, Non Repudiation/);

  const second = await loadSealIdentity({ dataDir });
  assert.equal(second.generated, false);
  assert.equal(second.identity.fingerprintSha256, first.identity.fingerprintSha256);
});

void test('five concurrent first loads in one process end with a single identity', async () => {
  const dataDir = join(temp.dir, 'concurrent');
  const results = await Promise.all(Array.from({ length: 5 }, () => loadSealIdentity({ dataDir })));
  assert.equal(new Set(results.map((result) => result.identity.fingerprintSha256)).size, 1);
  assert.equal(results.filter((result) => result.generated).length, 1);
  assert.deepEqual(readdirSync(join(dataDir, 'seal')), ['seal-identity.pem'], 'no temp file is left behind');
});

void test('two processes starting together on one data dir end with a single identity', async () => {
  const dataDir = join(temp.dir, 'processes');
  const moduleUrl = new URL('./seal-identity.ts', import.meta.url).href;
  const script = `const { loadSealIdentity } = await import(${JSON.stringify(moduleUrl)});
const loaded = await loadSealIdentity({ dataDir: ${JSON.stringify(dataDir)} });
console.log(JSON.stringify({ fingerprint: loaded.identity.fingerprintSha256, generated: loaded.generated }));`;
  const cwd = fileURLToPath(new URL('.', import.meta.url));
  const runs = await Promise.all(
    Array.from({ length: 2 }, () =>
      execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd }),
    ),
  );
  const results = runs.map(
    (run) => JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { fingerprint: string; generated: boolean },
  );
  assert.equal(results[0]!.fingerprint, results[1]!.fingerprint);
  assert.equal(results.filter((result) => result.generated).length, 1);
  assert.deepEqual(readdirSync(join(dataDir, 'seal')), ['seal-identity.pem']);
  const again = await loadSealIdentity({ dataDir });
  assert.equal(again.identity.fingerprintSha256, results[0]!.fingerprint);
});
