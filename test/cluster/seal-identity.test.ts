import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import forge from 'node-forge';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { createApiToken } from '../../src/domain/auth/create-api-token.js';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { completeEnvelope } from '../../src/domain/completion/complete-envelope.js';
import type { Ctx } from '../../src/domain/context.js';
import { createPlatform } from '../../src/domain/platforms/create-platform.js';
import { loadSealIdentity, sealPdf, type SealIdentity } from '../../src/infra/pdf/seal/index.js';
import { closeContext, createContext } from '../../src/context.js';
import { describeOrSkip } from '../helpers/describe-or-skip.js';
import { createPendingDocument } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { testDatabases, type TestDatabase } from '../helpers/test-server.js';

/*
 * Issue 31, item 14: nodes that share the database but not a data dir must seal with one
 * identity, and `firma audit verify` must accept what any of them sealed, on any of them.
 */

const PG_URL = process.env.FIRMA_TEST_DATABASE_URL;

interface Node {
  ctx: Ctx;
  app: FastifyInstance;
  api: HttpClient;
  anon: HttpClient;
  dataDir: string;
  close(): Promise<void>;
}

interface Installation {
  database: TestDatabase;
  secretKey: string;
  /** The PostgreSQL schema, or the SQLite file every node opens. */
  pgSchema?: string;
  sqlitePath?: string;
  /** The blob directory the nodes share (a shared store; the seal identity is what differs). */
  blobs: string;
  token?: string;
  cleanup: (() => Promise<void> | void)[];
}

async function newInstallation(database: TestDatabase): Promise<Installation> {
  const root = mkdtempSync(join(tmpdir(), 'firma-seal-id-'));
  const blobs = join(root, 'blobs');
  mkdirSync(blobs);
  const installation: Installation = {
    database,
    secretKey: randomBytes(32).toString('hex'),
    blobs,
    cleanup: [() => rmSync(root, { recursive: true, force: true })],
  };
  if (database === 'postgres') {
    const schema = `seal_${randomBytes(5).toString('hex')}`;
    await pgQuery(`create schema ${schema}`);
    installation.pgSchema = schema;
    installation.cleanup.push(() => pgQuery(`drop schema if exists ${schema} cascade`));
  } else {
    installation.sqlitePath = join(root, 'firma.db');
  }
  return installation;
}

async function pgQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A node of the installation: its own data dir (own seal directory, own temp files), shared blobs. */
async function startNode(
  installation: Installation,
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<Node> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'firma-seal-node-'));
  try {
    symlinkSync(installation.blobs, join(dataDir, 'blobs'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const config = parseConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    FIRMA_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FIRMA_SECRET_KEY: installation.secretKey,
    FIRMA_RATE_LIMIT_PER_MINUTE: '1000000',
    FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '1000000',
    FIRMA_WORKER: 'off',
    DATABASE_URL: installation.database === 'postgres' ? PG_URL! : `sqlite:${installation.sqlitePath!}`,
    ...options.env,
  });
  const ctx = await createContext(config, {
    ...(installation.pgSchema ? { database: { pgSchema: installation.pgSchema, poolSize: 3 } } : {}),
  });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ctx.config.publicUrl = url;
  if (!installation.token) {
    await createPlatform(ctx, { name: 'default' });
    installation.token = (await createApiToken(ctx, { platformName: 'default', scope: 'full' })).token;
  }
  return {
    ctx,
    app,
    api: new HttpClient(url, installation.token),
    anon: new HttpClient(url, null),
    dataDir,
    async close() {
      await app.close();
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A document every recipient signed through `via`, completed (rendered and sealed) by `sealer`. */
async function sealedBy(via: Node, sealer: Node): Promise<{ documentId: number; envelopeId: string }> {
  const doc = await createPendingDocument(via.api);
  for (const url of doc.urls.values()) {
    const done = await signAll(via.anon, tokenOf(url));
    assert.equal(done.status, 200, JSON.stringify(done.body));
  }
  assert.equal(await completeEnvelope(sealer.ctx, doc.documentId), 'completed');
  return doc;
}

async function verdictOn(node: Node, documentId: number) {
  return verifyEnvelopeEvidence(node.ctx, { documentId });
}

/** A password-protected PKCS#12 with a self-signed leaf (an operator's configured identity). */
function writeP12(path: string, commonName: string): void {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer([{ name: 'commonName', value: commonName }]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], 'pw', { algorithm: 'aes256' });
  writeFileSync(path, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
}

/** The seal line of the first sealed final of a verdict. */
const finalSealCheck = (verdict: Awaited<ReturnType<typeof verdictOn>>) =>
  verdict.checks.find((check) => check.name.startsWith('seal of sealed final'));

describeOrSkip(
  'one seal identity per installation: two nodes, two data dirs, one PostgreSQL database',
  { skip: PG_URL ? false : 'needs FIRMA_TEST_DATABASE_URL' },
  () => {
    let installation: Installation;
    let a: Node;
    let b: Node;
    before(async () => {
      installation = await newInstallation('postgres');
      [a, b] = [await startNode(installation), await startNode(installation)];
    });
    after(async () => {
      await a?.close();
      await b?.close();
      for (const cleanup of installation.cleanup.reverse()) await cleanup();
    });

    test('two nodes starting at once end with the same identity', async () => {
      const [ofA, ofB] = await Promise.all([a.ctx.sealIdentity(), b.ctx.sealIdentity()]);
      assert.equal(ofA.fingerprintSha256, ofB.fingerprintSha256);
    });

    test('documents sealed by either node verify OK on either node', async () => {
      const byA = await sealedBy(a, a);
      const byB = await sealedBy(a, b);
      for (const doc of [byA, byB]) {
        for (const node of [a, b]) {
          const verdict = await verdictOn(node, doc.documentId);
          assert.equal(verdict.verdict, 'OK', verdict.problems.join('; '));
        }
      }
    });

    test('a node with another FIRMA_SECRET_KEY refuses to seal, naming the setting', async () => {
      const stray = await startNode({ ...installation, secretKey: randomBytes(32).toString('hex') });
      try {
        await assert.rejects(stray.ctx.sealIdentity(), /FIRMA_SECRET_KEY/);
      } finally {
        await stray.close();
      }
    });

    test('a seal made with a certificate the installation never recorded is BROKEN, even if a row claims it', async () => {
      const doc = await sealedBy(a, b);
      const foreignDir = mkdtempSync(join(tmpdir(), 'firma-foreign-'));
      installation.cleanup.push(() => rmSync(foreignDir, { recursive: true, force: true }));
      const foreign: SealIdentity = (await loadSealIdentity({ dataDir: foreignDir })).identity;
      const item = await a.ctx.db
        .selectFrom('envelopeItem')
        .select(['id', 'finalSha256'])
        .where('envelopeId', '=', doc.documentId)
        .executeTakeFirstOrThrow();
      // Someone with write access to the database and the store, but not the installation's key:
      // he re-seals the final with his own key and points the item at it.
      const resealed = await sealPdf(await a.ctx.storage.getBytes(item.finalSha256!), foreign, { reason: 'forged' });
      const stored = await a.ctx.storage.putBytes(resealed);
      await a.ctx.db
        .updateTable('envelopeItem')
        .set({ finalSha256: stored.sha256 })
        .where('id', '=', item.id)
        .execute();
      const foreignSealIsRefused = async () => {
        for (const node of [a, b]) {
          const verdict = await verdictOn(node, doc.documentId);
          assert.equal(verdict.verdict, 'BROKEN');
          assert.equal(finalSealCheck(verdict)?.status, 'fail');
          assert.match(
            finalSealCheck(verdict)!.detail,
            new RegExp(
              `made by CN=Firma self-signed seal \\(${foreign.fingerprintSha256}\\), not one of this installation's seal identities`,
            ),
          );
        }
      };
      await foreignSealIsRefused();
      // He also records his certificate as one of the installation's, without the secret key for its MAC.
      await a.ctx.db
        .insertInto('sealIdentity')
        .values({
          fingerprintSha256: foreign.fingerprintSha256,
          certificate: foreign.certificate.toString('base64'),
          subject: foreign.subject,
          origin: 'PKCS12',
          installationSlot: null,
          privateKeySealed: null,
          mac: 'v1.forged',
          recordedAt: new Date().toISOString(),
        })
        .execute();
      await foreignSealIsRefused();
    });
  },
);

for (const database of testDatabases()) {
  describe(`seal identities across upgrades and rotation (${database})`, () => {
    const installations: Installation[] = [];
    const nodes: Node[] = [];
    const start = async (installation: Installation, options?: Parameters<typeof startNode>[1]) => {
      const node = await startNode(installation, options);
      nodes.push(node);
      return node;
    };
    const install = async () => {
      const installation = await newInstallation(database);
      installations.push(installation);
      return installation;
    };
    after(async () => {
      for (const node of nodes) await node.close().catch(() => undefined);
      for (const installation of installations) for (const cleanup of installation.cleanup.reverse()) await cleanup();
    });

    test("an existing data dir's seal key becomes the installation's identity at the first start after the upgrade", async () => {
      const installation = await install();
      const dataDir = mkdtempSync(join(tmpdir(), 'firma-seal-old-'));
      // What an earlier version left in the data dir.
      const old = (await loadSealIdentity({ dataDir })).identity;
      const node = await start(installation, { dataDir });
      assert.equal((await node.ctx.sealIdentity()).fingerprintSha256, old.fingerprintSha256);
      // A second node without that file seals with the same identity.
      const other = await start(installation);
      assert.equal((await other.ctx.sealIdentity()).fingerprintSha256, old.fingerprintSha256);
    });

    test('documents a node sealed with its own data-dir key before the upgrade still verify once it restarts', async () => {
      const installation = await install();
      const first = await start(installation);
      await first.ctx.sealIdentity();
      // Before the upgrade this node sealed with the key of its own data dir.
      const oldDir = mkdtempSync(join(tmpdir(), 'firma-seal-old-'));
      const own = (await loadSealIdentity({ dataDir: oldDir })).identity;
      const before = await start(installation, { dataDir: mkdtempSync(join(tmpdir(), 'firma-seal-node-')) });
      before.ctx.sealIdentity = () => Promise.resolve(own);
      const doc = await sealedBy(first, before);
      // The upgraded node starts on that data dir: its key is recorded as one of the installation's.
      const upgraded = await start(installation, { dataDir: oldDir });
      assert.notEqual((await upgraded.ctx.sealIdentity()).fingerprintSha256, own.fingerprintSha256);
      for (const node of [first, upgraded]) {
        const verdict = await verdictOn(node, doc.documentId);
        assert.equal(verdict.verdict, 'OK', verdict.problems.join('; '));
      }
    });

    test('rotating to a configured PKCS#12 keeps what the earlier identity sealed verifiable', async () => {
      const installation = await install();
      const generated = await start(installation);
      const before = await sealedBy(generated, generated);
      const p12Dir = mkdtempSync(join(tmpdir(), 'firma-seal-p12-'));
      installation.cleanup.push(() => rmSync(p12Dir, { recursive: true, force: true }));
      const p12 = join(p12Dir, 'seal.p12');
      writeP12(p12, 'Firma Rotated Seal');
      const rotated = await start(installation, { env: { FIRMA_SEAL_P12_PATH: p12, FIRMA_SEAL_P12_PASSWORD: 'pw' } });
      assert.equal((await rotated.ctx.sealIdentity()).subject, 'CN=Firma Rotated Seal');
      const afterwards = await sealedBy(rotated, rotated);
      for (const node of [generated, rotated]) {
        for (const doc of [before, afterwards]) {
          const verdict = await verdictOn(node, doc.documentId);
          assert.equal(verdict.verdict, 'OK', verdict.problems.join('; '));
        }
      }
      assert.match(finalSealCheck(await verdictOn(generated, afterwards.documentId))!.detail, /Firma Rotated Seal/);
    });
  });
}
