import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { CONSENT_VERSIONS } from '../../src/domain/model/signing-consent.js';
import { createPendingDocument } from '../helpers/documents.js';
import {
  digitalPayload,
  fillFields,
  prepareSignature,
  submitSignature,
  type PreparedSignatures,
} from '../helpers/digital-signers.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfText } from '../support/poppler.js';
import { createArPki, type ArPki, type ArSigner } from '../support/ar-pki.js';
import { pemToDer } from '../support/test-pki.js';

/**
 * Issue #34 items 4 to 6 through the real server: certificates shaped like Argentina's (AC RAIZ →
 * AC ONTI / AC MODERNIZACION-PFDR → signer, test/support/ar-pki.ts) are accepted with only the
 * signer's own certificate sent, the issuer fetched from the AIA caIssuers address (DER and PKCS#7,
 * cached: the server's request count proves it), never from a private address unless allowed, and
 * refused when no path exists; `CUIT` in serialNumber counts when its digits are the recipient's
 * CUIL. The DIGITAL signer accepts the digital statement (its version in the audit entry), and the
 * certificate of completion words each level's consent in the document's language.
 */
let pki: ArPki;
before(async () => {
  pki = await createArPki();
});
after(async () => {
  await pki?.close();
});

const leafOnly = (name: ArSigner) => [pki.entities[name].certificatePem];
const served = (path: string) => pki.requests.get(path) ?? 0;

for (const database of testDatabases()) {
  describe(`Argentina-shaped certificates, chains completed from AIA (${database})`, () => {
    let server: TestServer;
    let guarded: TestServer;
    before(async () => {
      const env = { FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath, FIRMA_JOB_POLL_MS: '100' };
      server = await startTestServer({ database, env: { ...env, FIRMA_REVOCATION_ALLOW_PRIVATE: 'true' } });
      // The default: addresses a certificate names may not be private (the AIA server is on 127.0.0.1).
      guarded = await startTestServer({ database, env });
    });
    after(async () => {
      await server?.close();
      await guarded?.close();
    });

    const digitalRows = async (s: TestServer) =>
      Number((await sql<{ n: number }>`select count(*) as n from digital_signature`.execute(s.ctx.db)).rows[0]!.n);
    const auditLog = async (envelopeId: string) =>
      (await server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`)).body.data as {
        firmaType?: string;
        email: string | null;
        data: Record<string, unknown>;
      }[];

    test('an AC ONTI signer sends only their certificate: the issuer comes from AIA, once, and the document completes with each level worded', async () => {
      const fetchedBefore = served('/aia/onti.cer');
      for (const language of ['es', 'en'] as const) {
        const { urls, documentId, envelopeId } = await createPendingDocument(server.api, digitalPayload(), {
          distributionMethod: 'NONE',
          language,
        });
        const ana = tokenOf(urls.get('ana@example.com')!);
        await fillFields(server.anon, ana);
        const view = await server.anon.get(`/api/v2/signing/${ana}`);
        assert.equal(view.body.consent.version, CONSENT_VERSIONS.DIGITAL);
        assert.equal(view.body.consent.level, 'DIGITAL');
        const prepared = await prepareSignature(server.anon, ana, leafOnly('onti'));
        assert.equal(prepared.status, 200, JSON.stringify(prepared.body));
        assert.equal(prepared.body.certificate.cuil, '20123456786');
        assert.match(prepared.body.certificate.issuer, /AC ONTI \(prueba\)/);
        // Fetched by the first preparation of this server, then served from its cache.
        assert.equal(served('/aia/onti.cer'), fetchedBefore + 1, 'one AIA fetch for both documents');
        const submitted = await submitSignature(
          server.anon,
          ana,
          prepared.body as PreparedSignatures,
          pki.entities.onti.privateKey,
        );
        assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
        const bruno = await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!));
        assert.equal(bruno.status, 200, JSON.stringify(bruno.body));
        await waitForStatus(server.api, documentId, ['COMPLETED']);

        const consents = (await auditLog(envelopeId)).filter((e) => e.firmaType === 'RECIPIENT_CONSENT_ACCEPTED');
        const of = (email: string) => consents.find((e) => e.email === email)!.data;
        assert.equal(of('ana@example.com').version, CONSENT_VERSIONS.DIGITAL);
        assert.equal(of('ana@example.com').level, 'DIGITAL');
        assert.equal(of('bruno@example.com').version, CONSENT_VERSIONS.ELECTRONIC);
        assert.equal(of('bruno@example.com').level, 'ELECTRONIC');

        // The CMS carries the issuer fetched, so a validator can build the path too.
        const download = await server.api.get(`/api/v2/document/${documentId}/download`);
        const onti = pemToDer(pki.entities.onti.issuerPem).toString('hex');
        assert.ok(download.bytes.toString('latin1').toLowerCase().includes(onti), 'AC ONTI in the signature');

        const certificate = await server.api.get(`/api/v2/envelope/${envelopeId}/certificate/download`);
        assert.equal(certificate.status, 200);
        const text = pdfText(certificate.bytes).replace(/\s+/g, ' ');
        if (language === 'es') {
          assert.match(
            text,
            /Ana García aceptó firmar digitalmente con su propio certificado \(declaración versión digital-/,
          );
          assert.match(text, /Acepto firmar digitalmente este documento con mi propio certificado/);
          assert.match(text, /aceptó firmar electrónicamente \(declaración versión electronic-/);
          assert.match(text, /Acepto firmar este documento con una firma electrónica/);
        } else {
          assert.match(
            text,
            /Ana García agreed to sign digitally with their own certificate \(statement version digital-/,
          );
          assert.match(text, /agreed to sign electronically \(statement version electronic-/);
        }
        assert.doesNotMatch(text, /handwritten|manuscrita/i);
        assert.match(text, /AC ONTI \(prueba\)/);
      }
    });

    test('AC MODERNIZACION-PFDR: a PKCS#7 AIA bundle completes the chain; CUIT counts when its digits are the CUIL', async () => {
      const { urls } = await createPendingDocument(server.api, digitalPayload());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(server.anon, ana);
      const before = await digitalRows(server);
      const other = await prepareSignature(server.anon, ana, leafOnly('pfdrOtherCuit'));
      assert.equal(other.status, 400);
      assert.equal(other.body.code, 'CERT_CUIL_MISMATCH');
      assert.equal(await digitalRows(server), before, 'a refusal stores nothing');
      const prepared = await prepareSignature(server.anon, ana, leafOnly('pfdrCuit'));
      assert.equal(prepared.status, 200, JSON.stringify(prepared.body));
      assert.equal(prepared.body.certificate.cuil, '20123456786');
      assert.ok(served('/aia/pfdr.p7c') >= 1);
      const submitted = await submitSignature(
        server.anon,
        ana,
        prepared.body as PreparedSignatures,
        pki.entities.pfdrCuit.privateKey,
      );
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    });

    test('no path to AC RAIZ: an untrusted root behind the AIA address, or an AIA address that answers 404', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, digitalPayload());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(server.anon, ana);
      const before = await digitalRows(server);
      const foreignBefore = served('/aia/ajena.cer');
      for (const name of ['foreign', 'deadAia'] as const) {
        const res = await prepareSignature(server.anon, ana, leafOnly(name));
        assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'CERT_UNTRUSTED', name);
        assert.match(res.body.message, /trusted certification authority/);
      }
      assert.ok(served('/aia/ajena.cer') > foreignBefore, 'the foreign issuer was fetched, and still refused');
      assert.equal(await digitalRows(server), before);
      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      const row = (doc.body.recipients as { email: string; signingStatus: string }[]).find(
        (r) => r.email === 'ana@example.com',
      );
      assert.equal(row!.signingStatus, 'NOT_SIGNED');
    });

    test('an AIA address on a private network is not fetched unless the operator allows it', async () => {
      const { urls } = await createPendingDocument(guarded.api, digitalPayload());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(guarded.anon, ana);
      const before = served('/aia/onti.cer');
      const rows = await digitalRows(guarded);
      const res = await prepareSignature(guarded.anon, ana, leafOnly('onti'));
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'CERT_UNTRUSTED');
      assert.equal(served('/aia/onti.cer'), before, 'no request reached the private address');
      assert.equal(await digitalRows(guarded), rows);
    });
  });
}
