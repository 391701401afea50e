import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { ERROR_STATUS } from '../../src/errors.js';
import { setPlatformCsc } from '../../src/domain/platforms/set-platform-csc.js';
import { createPendingDocument } from '../helpers/documents.js';
import { digitalPayload as digitalAna, fillFields as fillFieldsOf } from '../helpers/digital-signers.js';
import type { HttpClient } from '../helpers/http-client.js';
import { DIGITAL_CONSENT as CONSENT, signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startCscServer, type CscTestServer } from '../support/csc-server.js';
import { pdfsig, qpdfCheck } from '../support/seal-test-support.js';
import { createTestPki, type EndEntityCase, type TestPki } from '../support/test-pki.js';

/**
 * Remote signing through a CSC v2 provider (issue #22): the test plays the signer's browser with
 * fetch (the provider's form takes username and PIN as query parameters), against the real server
 * and a small CSC provider signing with a key of the test PKI. The final PDF's signatures verify;
 * every refusal (wrong CUIL, wrong PIN, no provider, another link's session, a forged or foreign
 * callback) changes nothing; no secret, token, PIN or code reaches the log.
 */
const CLIENT_SECRET = 'csc-client-secret-7f3a9c';
const OTHER_SECRET = 'csc-other-secret-2b8e41';
const PIN = '4321';

let pki: TestPki;
let csc: CscTestServer;
before(async () => {
  pki = await createTestPki();
  const credential = (id: string, name: EndEntityCase) => ({
    id,
    certificates: [pki.entities[name].certificateDer, ...pki.entities[name].chainPem.map(pemToBase64)].map((c) =>
      typeof c === 'string' ? c : c.toString('base64'),
    ),
    privateKey: pki.entities[name].privateKey,
  });
  csc = await startCscServer({
    clients: { firma: CLIENT_SECRET, other: OTHER_SECRET },
    users: {
      juana: {
        pin: PIN,
        credentials: [
          credential('cred-good', 'good'),
          credential('cred-wrong', 'wrongCuil'),
          credential('cred-ec', 'goodCompact'),
        ],
      },
    },
  });
});
after(async () => {
  await csc?.close();
  await pki?.close();
});

function pemToBase64(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

for (const database of testDatabases()) {
  describe(`remote signing through a CSC provider (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: {
          FIRMA_TRUST_ANCHORS: pki.trustAnchorsPath,
          FIRMA_REVOCATION_ALLOW_PRIVATE: 'true',
          FIRMA_CSC_ALLOW_PRIVATE: 'true',
          FIRMA_JOB_POLL_MS: '100',
          LOG_LEVEL: 'info',
        },
        captureLogs: true,
      });
      await setPlatformCsc(server.ctx, {
        platform: 'default',
        url: csc.url,
        clientId: 'firma',
        clientSecret: CLIENT_SECRET,
      });
    });
    after(async () => {
      await server?.close();
    });

    const secretsSeen: string[] = [CLIENT_SECRET, OTHER_SECRET];
    const digitalRows = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from digital_signature`.execute(server.ctx.db)).rows[0]!.n);
    const auditRows = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from audit_event`.execute(server.ctx.db)).rows[0]!.n);
    const statusOf = async (client: HttpClient, documentId: number, email: string) => {
      const doc = await client.get(`/api/v2/document/${documentId}`);
      return (doc.body.recipients as { email: string; signingStatus: string }[]).find((r) => r.email === email)!
        .signingStatus;
    };
    const fillFields = (token: string) => fillFieldsOf(server.anon, token);

    /** The browser's trip: the provider's form (answered in the query), then Firma's callback with the cookie. */
    async function roundTrip(authorizeUrl: string, cookie: string, pin = PIN) {
      const at = new URL(authorizeUrl);
      at.searchParams.set('username', 'juana');
      at.searchParams.set('pin', pin);
      const provider = await fetch(at, { redirect: 'manual' });
      if (provider.status !== 302) return { providerStatus: provider.status, fragment: null };
      const callback = provider.headers.get('location')!;
      assert.ok(callback.startsWith(`${server.url}/sign/csc/callback?`), callback);
      const back = new URL(callback);
      secretsSeen.push(back.searchParams.get('code')!, back.searchParams.get('state')!);
      const firma = await fetch(callback, { redirect: 'manual', headers: { cookie } });
      assert.equal(firma.status, 303, await firma.text());
      const location = firma.headers.get('location')!;
      return { providerStatus: 302, location, fragment: location.split('#')[1] ?? '' };
    }

    const cookieOf = (res: { headers: Headers }) => {
      const set = res.headers.get('set-cookie')!;
      assert.match(set, /^firma_csc=[^;]+; Path=\/sign\/csc\/callback; Max-Age=900; HttpOnly; SameSite=Lax/);
      return set.split(';')[0]!;
    };

    async function serviceSession(token: string): Promise<string> {
      const started = await server.anon.post(`/api/v2/signing/${token}/csc/authorize`);
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const url = new URL(started.body.authorizeUrl as string);
      assert.equal(url.searchParams.get('scope'), 'service');
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      const trip = await roundTrip(started.body.authorizeUrl, cookieOf(started));
      assert.match(trip.fragment ?? '', /^csc=/, trip.location);
      assert.ok(trip.location!.startsWith(`/sign/${token}#`));
      const session = decodeURIComponent(trip.fragment!.slice(4));
      secretsSeen.push(session);
      return session;
    }

    test('full flow: list, a wrong-CUIL credential refused, a wrong PIN refused, then signed; the PDF verifies', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(ana);
      const view = await server.anon.get(`/api/v2/signing/${ana}`);
      assert.equal(view.body.remoteSigning, true, 'the page offers remote signing');
      const bruno = await server.anon.get(`/api/v2/signing/${tokenOf(urls.get('bruno@example.com')!)}`);
      assert.equal(bruno.body.remoteSigning, false, 'not to an ELECTRONIC signer');
      const session = await serviceSession(ana);

      const listed = await server.anon.post(`/api/v2/signing/${ana}/csc/credentials`, { json: { session } });
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      const ids = (listed.body.credentials as { credentialId: string; subject: string }[]).map((c) => c.credentialId);
      assert.deepEqual(ids, ['cred-good', 'cred-wrong', 'cred-ec']);
      assert.match(listed.body.credentials[0].subject, /Juana Perez/);

      const [rowsBefore, auditBefore] = [await digitalRows(), await auditRows()];
      const wrongCuil = await server.anon.post(`/api/v2/signing/${ana}/csc/credential-authorization`, {
        json: { session, credentialId: 'cred-wrong', ...CONSENT },
      });
      assert.equal(wrongCuil.status, 400, JSON.stringify(wrongCuil.body));
      assert.equal(wrongCuil.body.code, 'CERT_CUIL_MISMATCH');
      const notHers = await server.anon.post(`/api/v2/signing/${ana}/csc/credential-authorization`, {
        json: { session, credentialId: 'cred-someone-else', ...CONSENT },
      });
      assert.equal(notHers.body.code, 'CSC_CREDENTIAL_INVALID');
      const noConsent = await server.anon.post(`/api/v2/signing/${ana}/csc/credential-authorization`, {
        json: { session, credentialId: 'cred-good' },
      });
      assert.equal(noConsent.body.code, 'CONSENT_REQUIRED');
      assert.equal(await digitalRows(), rowsBefore, 'no preparation stored');
      assert.equal(await auditRows(), auditBefore, 'nothing audited');

      const authorized = await server.anon.post(`/api/v2/signing/${ana}/csc/credential-authorization`, {
        json: { session, credentialId: 'cred-good', ...CONSENT },
      });
      assert.equal(authorized.status, 200, JSON.stringify(authorized.body));
      assert.equal(authorized.body.certificate.cuil, '20123456786');
      const at = new URL(authorized.body.authorizeUrl as string);
      assert.equal(at.searchParams.get('scope'), 'credential');
      assert.equal(at.searchParams.get('credentialID'), 'cred-good');
      assert.equal(at.searchParams.get('numSignatures'), '1');
      assert.equal(at.searchParams.get('hashAlgorithmOID'), '2.16.840.1.101.3.4.2.1');
      const cookie = cookieOf(authorized);

      const wrongPin = await roundTrip(authorized.body.authorizeUrl, cookie, '0000');
      assert.equal(wrongPin.providerStatus, 401);
      assert.equal(await statusOf(server.api, documentId, 'ana@example.com'), 'NOT_SIGNED');

      const signed = await roundTrip(authorized.body.authorizeUrl, cookie);
      assert.equal(signed.fragment, 'csc-signed', signed.location);
      assert.equal(await statusOf(server.api, documentId, 'ana@example.com'), 'SIGNED');
      const audit = await sql<{
        data: string;
      }>`select data from audit_event where type = 'DOCUMENT_RECIPIENT_COMPLETED' and data like '%remoteSigning%'`.execute(
        server.ctx.db,
      );
      assert.equal(audit.rows.length, 1, 'the audit entry names the provider and credential');
      assert.match(audit.rows[0]!.data, /"credentialId":"cred-good"/);
      const replay = await roundTrip(authorized.body.authorizeUrl, cookie);
      assert.equal(replay.fragment, 'csc-error=RECIPIENT_ALREADY_SIGNED');

      const brunoSigned = await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!));
      assert.equal(brunoSigned.status, 200, JSON.stringify(brunoSigned.body));
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const download = await server.api.get(`/api/v2/document/${documentId}/download`);
      const path = join(pki.dir, `csc-final-${database}.pdf`);
      writeFileSync(path, download.bytes);
      const report = pdfsig(path);
      assert.equal(report.signatures.length, 2, report.output);
      for (const s of report.signatures) assert.equal(s.validation, 'Signature is Valid.', report.output);
      assert.match(report.output, /Juana Perez \(good\)/);
      assert.ok(qpdfCheck(path).clean, qpdfCheck(path).output);
      assert.ok(csc.calls.includes('/signatures/signHash'));
    });

    test('an EC credential (P-256): Firma asks for ECDSA with SHA-256 and the signature verifies', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(ana);
      const session = await serviceSession(ana);
      const authorized = await server.anon.post(`/api/v2/signing/${ana}/csc/credential-authorization`, {
        json: { session, credentialId: 'cred-ec', ...CONSENT },
      });
      assert.equal(authorized.status, 200, JSON.stringify(authorized.body));
      const signed = await roundTrip(authorized.body.authorizeUrl, cookieOf(authorized));
      assert.equal(signed.fragment, 'csc-signed', signed.location);
      assert.equal(await statusOf(server.api, documentId, 'ana@example.com'), 'SIGNED');
      assert.equal((await signAll(server.anon, tokenOf(urls.get('bruno@example.com')!))).status, 200);
      await waitForStatus(server.api, documentId, ['COMPLETED']);
      const path = join(pki.dir, `csc-ec-final-${database}.pdf`);
      writeFileSync(path, (await server.api.get(`/api/v2/document/${documentId}/download`)).bytes);
      const report = pdfsig(path);
      assert.equal(report.signatures.length, 2, report.output);
      for (const s of report.signatures) assert.equal(s.validation, 'Signature is Valid.', report.output);
      // The provider refuses any signAlgo but ECDSA with SHA-256 for this key: it signed, so Firma asked right.
      assert.match(report.output, /Juana Perez \(goodCompact\)/);
    });

    test('bad input is a 400 naming the member, an unknown link a 404; nothing changes', async () => {
      const { urls } = await createPendingDocument(server.api, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      const [rowsBefore, auditBefore] = [await digitalRows(), await auditRows()];
      const bad: [string, unknown, string][] = [
        ['credentials', {}, 'session'],
        ['credentials', { session: 'x', extra: 1 }, ''],
        ['credential-authorization', { session: 'x' }, 'credentialId'],
        ['credential-authorization', { session: 'x', credentialId: '' }, 'credentialId'],
      ];
      for (const [path, json, member] of bad) {
        const res = await server.anon.post(`/api/v2/signing/${ana}/csc/${path}`, { json });
        assert.equal(res.status, 400, `${path} ${JSON.stringify(json)}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'VALIDATION_ERROR');
        assert.ok(typeof res.body.message === 'string' && Array.isArray(res.body.issues));
        if (member) assert.ok(JSON.stringify(res.body.issues).includes(member), JSON.stringify(res.body.issues));
      }
      const unknown = 'x'.repeat(43);
      for (const path of ['authorize', 'credentials', 'credential-authorization']) {
        const res = await server.anon.post(`/api/v2/signing/${unknown}/csc/${path}`, {
          json:
            path === 'authorize'
              ? undefined
              : path === 'credentials'
                ? { session: 'x' }
                : { session: 'x', credentialId: 'cred-good', ...CONSENT },
        });
        assert.equal(res.status, 404, `${path}: ${JSON.stringify(res.body)}`);
      }
      assert.deepEqual([await digitalRows(), await auditRows()], [rowsBefore, auditBefore]);
    });

    test('a platform without a CSC provider: CSC_NOT_CONFIGURED, nothing changed', async () => {
      const other = await server.newPlatform();
      const { urls } = await createPendingDocument(other, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${ana}`);
      assert.equal(view.body.remoteSigning, false);
      const auditBefore = await auditRows();
      const res = await server.anon.post(`/api/v2/signing/${ana}/csc/authorize`);
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'CSC_NOT_CONFIGURED');
      assert.equal(res.headers.get('set-cookie'), null);
      assert.equal(await auditRows(), auditBefore);
    });

    test('another link’s session, a forged state, a missing cookie, a refused code: refused, nothing changed', async () => {
      const { urls } = await createPendingDocument(server.api, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(ana);
      const session = await serviceSession(ana);

      const other = await server.newPlatform();
      await setPlatformCsc(server.ctx, {
        platform: other.platformName,
        url: csc.url,
        clientId: 'other',
        clientSecret: OTHER_SECRET,
      });
      const foreign = await createPendingDocument(other, digitalAna());
      const foreignAna = tokenOf(foreign.urls.get('ana@example.com')!);
      await fillFields(foreignAna);
      const [rowsBefore, auditBefore] = [await digitalRows(), await auditRows()];
      for (const path of ['credentials', 'credential-authorization']) {
        const res = await server.anon.post(`/api/v2/signing/${foreignAna}/csc/${path}`, {
          json: path === 'credentials' ? { session } : { session, credentialId: 'cred-good', ...CONSENT },
        });
        assert.equal(res.status, 403, `${path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'CSC_AUTHORIZATION_FAILED');
        assert.doesNotMatch(JSON.stringify(res.body), new RegExp(session.slice(0, 20)));
      }
      const tampered = await server.anon.post(`/api/v2/signing/${ana}/csc/credentials`, {
        json: { session: `${session.slice(0, -4)}AAAA` },
      });
      assert.equal(tampered.body.code, 'CSC_AUTHORIZATION_FAILED');

      const forged = await fetch(`${server.url}/sign/csc/callback?code=x&state=v1.AAAA.BBBB.CCCC`, {
        redirect: 'manual',
      });
      assert.equal(forged.status, 403);
      const started = await server.anon.post(`/api/v2/signing/${ana}/csc/authorize`);
      const noCookie = await roundTrip(started.body.authorizeUrl, '');
      assert.equal(noCookie.fragment, 'csc-error=CSC_AUTHORIZATION_FAILED');
      // The other platform's cookie (another browser's round trip) does not finish this one.
      const foreignStart = await server.anon.post(`/api/v2/signing/${foreignAna}/csc/authorize`);
      const crossed = await roundTrip(started.body.authorizeUrl, cookieOf(foreignStart));
      assert.equal(crossed.fragment, 'csc-error=CSC_AUTHORIZATION_FAILED');
      const denied = new URL(`${server.url}/sign/csc/callback`);
      denied.searchParams.set('error', 'access_denied');
      denied.searchParams.set('state', new URL(started.body.authorizeUrl as string).searchParams.get('state')!);
      const deniedRes = await fetch(denied, { redirect: 'manual', headers: { cookie: cookieOf(started) } });
      assert.equal(deniedRes.headers.get('location'), `/sign/${ana}#csc-error=CSC_AUTHORIZATION_FAILED`);
      assert.equal(await digitalRows(), rowsBefore);
      assert.equal(await auditRows(), auditBefore);
    });

    test('a provider that does not answer: CSC_PROVIDER_ERROR (502)', async () => {
      const { urls } = await createPendingDocument(server.api, digitalAna());
      const ana = tokenOf(urls.get('ana@example.com')!);
      await fillFields(ana);
      const session = await serviceSession(ana);
      await setPlatformCsc(server.ctx, {
        platform: 'default',
        url: 'http://127.0.0.1:9/csc',
        clientId: 'firma',
        clientSecret: CLIENT_SECRET,
      });
      try {
        const res = await server.anon.post(`/api/v2/signing/${ana}/csc/credentials`, { json: { session } });
        assert.equal(res.status, 502, JSON.stringify(res.body));
        assert.equal(res.body.code, 'CSC_PROVIDER_ERROR');
      } finally {
        await setPlatformCsc(server.ctx, {
          platform: 'default',
          url: csc.url,
          clientId: 'firma',
          clientSecret: CLIENT_SECRET,
        });
      }
    });

    test('the page’s remote-signing words exist in every language the digital dialog speaks', async () => {
      const load = (name: string) => import(pathToFileURL(join(process.cwd(), 'src/web/signing', name)).href);
      const { CSC_MESSAGES } = (await load('csc-i18n.js')) as { CSC_MESSAGES: Record<string, object> };
      const { DIGITAL_MESSAGES } = (await load('digital-i18n.js')) as { DIGITAL_MESSAGES: Record<string, object> };
      assert.deepEqual(Object.keys(CSC_MESSAGES).sort(), Object.keys(DIGITAL_MESSAGES).sort());
      const keys = (o: object, prefix = ''): string[] =>
        Object.entries(o).flatMap(([k, v]) =>
          typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
        );
      const english = keys(CSC_MESSAGES.en!).sort();
      for (const [lang, words] of Object.entries(CSC_MESSAGES)) assert.deepEqual(keys(words).sort(), english, lang);
      for (const code of Object.keys((CSC_MESSAGES.en as { errors: object }).errors))
        assert.ok(code in ERROR_STATUS, code);
    });

    test('no client secret, PIN, code, state or session in the log', () => {
      const log = server.logs.join('\n');
      assert.ok(server.logs.length > 0);
      for (const secret of secretsSeen) assert.ok(!log.includes(secret), `the log holds ${secret.slice(0, 12)}…`);
      assert.ok(!log.includes(`pin=${PIN}`));
      const stored = JSON.stringify(server.logs);
      assert.doesNotMatch(stored, /csc-client-secret/);
    });
  });
}
