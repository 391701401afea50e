import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CertificateRejected,
  cuilFromSerialNumber,
  loadTrustAnchors,
  validateSignerCertificate,
  type CertificateProblem,
} from '../../src/infra/crypto/certificates/validate-certificate.js';
import { createTestPki, pemToDer, TEST_CUIL, type EndEntityCase, type TestPki } from '../support/test-pki.js';

describe('signer certificate validation against a test PKI', () => {
  let pki: TestPki;
  before(async () => {
    pki = await createTestPki();
  });
  after(async () => {
    await pki?.close();
  });

  const options = (overrides: { now?: Date; allowPrivate?: boolean } = {}) => ({
    anchors: loadTrustAnchors(pki.trustAnchorsPath),
    now: overrides.now ?? new Date(),
    expectedCuil: TEST_CUIL,
    fetch: { timeoutMs: 5000, allowPrivate: overrides.allowPrivate ?? true },
  });
  const chainOf = (name: EndEntityCase) => [
    pki.entities[name].certificateDer,
    ...pki.entities[name].chainPem.map(pemToDer),
  ];
  const rejects = async (name: EndEntityCase, problem: CertificateProblem, overrides = {}) => {
    await assert.rejects(validateSignerCertificate(chainOf(name), options(overrides)), (error: unknown) => {
      assert.ok(error instanceof CertificateRejected, String(error));
      assert.equal(error.problem, problem);
      return true;
    });
  };

  test('accepts the right CUIL in each written form, checked by OCSP', async () => {
    for (const name of ['good', 'goodCompact', 'goodDigits'] as const) {
      const verdict = await validateSignerCertificate(chainOf(name), options());
      assert.equal(verdict.cuil, TEST_CUIL);
      assert.equal(verdict.revocation.source, 'OCSP');
      assert.equal(verdict.path.length, 3, 'leaf, intermediate, root');
      assert.match(verdict.subject, /Juana Perez/);
      // The intermediate is checked too, against the root's CRL (its distribution point).
      assert.equal(verdict.issuerRevocations.length, 1);
      assert.equal(verdict.issuerRevocations[0]!.source, 'CRL');
      assert.equal(verdict.issuerRevocations[0]!.url, pki.rootCrlUrl);
    }
  });

  test('a signer whose intermediate the root revoked is refused as revoked', async () => {
    await rejects('revokedIssuer', 'REVOKED');
  });

  test('refuses each bad certificate with its own problem', async () => {
    await rejects('wrongCuil', 'CUIL_MISMATCH');
    await rejects('noCuil', 'CUIL_MISMATCH');
    await rejects('expired', 'EXPIRED');
    await rejects('revoked', 'REVOKED');
    await rejects('noKeyUsage', 'KEY_USAGE');
    await rejects('untrusted', 'UNTRUSTED');
    // No OCSP responder and no CRL named: never checkable, so a lasting 400, not the 503.
    await rejects('noRevocationUrls', 'INVALID');
  });

  test('a leaf without its intermediate does not chain', async () => {
    await assert.rejects(
      validateSignerCertificate([pki.entities.good.certificateDer], options()),
      (e: unknown) => e instanceof CertificateRejected && e.problem === 'UNTRUSTED',
    );
  });

  test('the private-address guard keeps loopback OCSP and CRL out unless allowed', async () => {
    await rejects('good', 'REVOCATION_UNAVAILABLE', { allowPrivate: false });
  });

  test('falls back to the CRL when the OCSP responder is gone, and the CRL knows the revoked one', async () => {
    await pki.stopOcsp();
    const verdict = await validateSignerCertificate(chainOf('good'), options());
    assert.equal(verdict.revocation.source, 'CRL');
    assert.ok(pki.hits.crl >= 1);
    await rejects('revoked', 'REVOKED');
  });
});

test('cuilFromSerialNumber reads the forms CAs write and nothing else', () => {
  assert.equal(cuilFromSerialNumber('CUIL 20123456786'), '20123456786');
  assert.equal(cuilFromSerialNumber('CUIL20-12345678-6'), '20123456786');
  assert.equal(cuilFromSerialNumber('20123456786'), '20123456786');
  // A person's CUIT carries the same digits as their CUIL (the caller compares them with the recipient's).
  assert.equal(cuilFromSerialNumber('CUIT 20123456786'), '20123456786');
  assert.equal(cuilFromSerialNumber('CUIT 20-12345678-6'), '20123456786');
  assert.equal(cuilFromSerialNumber('CUIX 20123456786'), null);
  assert.equal(cuilFromSerialNumber('DNI 12345678'), null);
  assert.equal(cuilFromSerialNumber('20-123456786'), null);
  assert.equal(cuilFromSerialNumber('CUIL 2012345678'), null);
});
