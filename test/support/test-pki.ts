/**
 * A throw-away PKI for the firma digital tests, built with the openssl command line: a root and an
 * intermediate CA, end-entity certificates for every case the validator must tell apart, a CRL served
 * over HTTP and an OCSP responder (`openssl ocsp -port`), both on 127.0.0.1. Each end entity comes
 * as PEM (certificate, key) and as a PKCS#12 file (password `test1234`), the way certificates are
 * delivered to signers. The root publishes a CRL too (the intermediates' distribution point), in
 * which a second intermediate is revoked (the `revokedIssuer` case), and an RFC 3161 TSA answers.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/free-port.js';
import { CA_CONFIG, startOcsp } from './test-pki-config.js';
import { startTestTsa, type TestTsa } from './test-tsa.js';

export const TEST_CUIL = '20123456786';
export const OTHER_CUIL = '27987654320';
export const P12_PASSWORD = 'test1234';

/** Every signer certificate the PKI issues, one per validation case. */
const END_ENTITY_CASES = [
  'good',
  'goodCompact',
  'goodDigits',
  'wrongCuil',
  'noCuil',
  'expired',
  'revoked',
  'noKeyUsage',
  'noRevocationUrls',
  'untrusted',
  'revokedIssuer',
] as const;
export type EndEntityCase = (typeof END_ENTITY_CASES)[number];

export interface EndEntity {
  certificatePem: string;
  certificateDer: Buffer;
  privateKey: KeyObject;
  keyPem: string;
  p12Path: string;
  /** Intermediate first; the root is left out, as signers' bundles usually do. */
  chainPem: string[];
}

export interface TestPki {
  dir: string;
  rootPem: string;
  intermediatePem: string;
  /** A PEM bundle holding only the test root: what FIRMA_TRUST_ANCHORS points at. */
  trustAnchorsPath: string;
  ocspUrl: string;
  crlUrl: string;
  /** The root's CRL: the intermediates' revocation source. */
  rootCrlUrl: string;
  /** An RFC 3161 authority (openssl `ts -reply`): FIRMA_TSA_URL for B-T and B-LTA. */
  tsa: TestTsa;
  /** The same, with a certificate the intermediate issued (a CRL address, the chain in each token). */
  issuedTsa: TestTsa;
  entities: Record<EndEntityCase, EndEntity>;
  /** How many OCSP requests and CRL downloads were served. */
  hits: { crl: number };
  /** While true the CRL server answers 503 (a certifier's CRL host down). */
  crlDown: { now: boolean };
  stopOcsp(): Promise<void>;
  close(): Promise<void>;
}

function openssl(args: string[], cwd: string): string {
  return execFileSync('openssl', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Builds the PKI and starts its CRL server and OCSP responder. Close it after the tests. */
export async function createTestPki(): Promise<TestPki> {
  const dir = mkdtempSync(join(tmpdir(), 'firma-pki-'));
  mkdirSync(join(dir, 'issued'));
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(join(dir, 'crlnumber'), '01\n');
  for (const db of ['root-index.txt', 'revoked-ca-index.txt']) writeFileSync(join(dir, db), '');
  for (const number of ['root-crlnumber', 'revoked-ca-crlnumber']) writeFileSync(join(dir, number), '01\n');
  const [ocspPort, crlPort] = [await freePort(), await freePort()];
  const ocspUrl = `http://127.0.0.1:${ocspPort}`;
  const crlUrl = `http://127.0.0.1:${crlPort}/intermediate.crl`;
  const rootCrlUrl = `http://127.0.0.1:${crlPort}/root.crl`;
  writeFileSync(
    join(dir, 'ca.cnf'),
    CA_CONFIG(dir)
      .replaceAll('__OCSP__', ocspUrl)
      .replaceAll('__CRL__', crlUrl)
      .replaceAll('__ROOT_CRL__', rootCrlUrl)
      .replaceAll('__REVOKED_CA_CRL__', `http://127.0.0.1:${crlPort}/revoked-ca.crl`),
  );
  const cnf = ['-config', 'ca.cnf'];
  // EC keys are made in a millisecond; the main signer is RSA, as most issued certificates are.
  const key = (name: string, rsa = false) =>
    openssl(
      rsa
        ? ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', `${name}.key`]
        : ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`],
      dir,
    );

  key('root');
  openssl(
    [
      'req',
      ...cnf,
      '-new',
      '-x509',
      '-days',
      '3650',
      '-key',
      'root.key',
      '-out',
      'root.pem',
      '-subj',
      '/C=AR/O=Firma Test/CN=Firma Test Root CA',
      '-extensions',
      'root_ext',
    ],
    dir,
  );
  key('intermediate');
  openssl(
    [
      'req',
      ...cnf,
      '-new',
      '-key',
      'intermediate.key',
      '-out',
      'intermediate.csr',
      '-subj',
      '/C=AR/O=Firma Test/CN=Firma Test Signing CA',
    ],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'intermediate.csr',
      '-CA',
      'root.pem',
      '-CAkey',
      'root.key',
      '-CAcreateserial',
      '-days',
      '3650',
      '-out',
      'intermediate.pem',
      '-extfile',
      'ca.cnf',
      '-extensions',
      'intermediate_ext',
    ],
    dir,
  );
  // An unrelated root that issues one signer directly: well-formed, right CUIL, never trusted.
  key('rogue');
  openssl(
    [
      'req',
      ...cnf,
      '-new',
      '-x509',
      '-days',
      '3650',
      '-key',
      'rogue.key',
      '-out',
      'rogue.pem',
      '-subj',
      '/C=AR/O=Rogue/CN=Rogue Root CA',
      '-extensions',
      'root_ext',
    ],
    dir,
  );

  // A second intermediate, issued through the root's database so that the root can revoke it.
  key('revokedCa');
  openssl(
    ['req', ...cnf, '-new', '-key', 'revokedCa.key', '-out', 'revokedCa.csr', '-subj', '/C=AR/CN=Revoked CA'],
    dir,
  );
  openssl(
    [
      'ca',
      ...cnf,
      '-name',
      'root_ca',
      '-batch',
      '-notext',
      '-days',
      '3650',
      '-in',
      'revokedCa.csr',
      '-out',
      'revokedCa.pem',
      '-extensions',
      'intermediate_ext',
    ],
    dir,
  );

  const issue = (
    name: EndEntityCase,
    serialNumber: string | null,
    options: { ext?: string; start?: string; end?: string; rogue?: boolean; rsa?: boolean; ca?: string } = {},
  ): void => {
    key(name, options.rsa);
    const subject = `/C=AR/CN=Juana Perez (${name})${serialNumber ? `/serialNumber=${serialNumber}` : ''}`;
    openssl(['req', ...cnf, '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], dir);
    if (options.rogue) {
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${name}.csr`,
          '-CA',
          'rogue.pem',
          '-CAkey',
          'rogue.key',
          '-CAcreateserial',
          '-days',
          '365',
          '-out',
          `${name}.pem`,
          '-extfile',
          'ca.cnf',
          '-extensions',
          'signer_ext',
        ],
        dir,
      );
    } else {
      openssl(
        [
          'ca',
          ...cnf,
          ...(options.ca ? ['-name', options.ca] : []),
          '-batch',
          '-notext',
          '-in',
          `${name}.csr`,
          '-out',
          `${name}.pem`,
          '-extensions',
          options.ext ?? 'signer_ext',
          ...(options.start ? ['-startdate', options.start] : []),
          ...(options.end ? ['-enddate', options.end] : ['-days', '365']),
        ],
        dir,
      );
    }
    openssl(
      [
        'pkcs12',
        '-export',
        '-inkey',
        `${name}.key`,
        '-in',
        `${name}.pem`,
        '-certfile',
        options.rogue ? 'rogue.pem' : options.ca ? 'revokedCa.pem' : 'intermediate.pem',
        '-out',
        `${name}.p12`,
        '-passout',
        `pass:${P12_PASSWORD}`,
        '-name',
        name,
      ],
      dir,
    );
  };
  issue('good', `CUIL ${TEST_CUIL}`, { rsa: true });
  issue('goodCompact', `CUIL20-12345678-6`);
  issue('goodDigits', TEST_CUIL);
  issue('wrongCuil', `CUIL ${OTHER_CUIL}`);
  issue('noCuil', null);
  issue('expired', `CUIL ${TEST_CUIL}`, { start: '20200101000000Z', end: '20210101000000Z' });
  issue('revoked', `CUIL ${TEST_CUIL}`);
  issue('noKeyUsage', `CUIL ${TEST_CUIL}`, { ext: 'no_key_usage_ext' });
  issue('noRevocationUrls', `CUIL ${TEST_CUIL}`, { ext: 'no_revocation_urls_ext' });
  issue('untrusted', `CUIL ${TEST_CUIL}`, { rogue: true });
  issue('revokedIssuer', `CUIL ${TEST_CUIL}`, { ca: 'revoked_ca', ext: 'revoked_ca_signer_ext' });
  // A timestamp authority the intermediate issued, with a CRL address: its validation data can be gathered.
  key('tsaIssued');
  openssl(
    [
      'req',
      ...cnf,
      '-new',
      '-key',
      'tsaIssued.key',
      '-out',
      'tsaIssued.csr',
      '-subj',
      '/C=AR/CN=Firma Test Issued TSA',
    ],
    dir,
  );
  openssl(
    [
      'ca',
      ...cnf,
      '-batch',
      '-notext',
      '-in',
      'tsaIssued.csr',
      '-out',
      'tsaIssued.pem',
      '-extensions',
      'tsa_ext',
      '-days',
      '365',
    ],
    dir,
  );
  writeFileSync(
    join(dir, 'tsa-chain.pem'),
    readFileSync(join(dir, 'intermediate.pem'), 'utf8') + readFileSync(join(dir, 'root.pem'), 'utf8'),
  );
  openssl(['ca', ...cnf, '-revoke', 'revoked.pem', '-crl_reason', 'keyCompromise'], dir);
  openssl(['ca', ...cnf, '-name', 'root_ca', '-revoke', 'revokedCa.pem', '-crl_reason', 'cACompromise'], dir);
  for (const [ca, file] of [
    ['intermediate', 'intermediate'],
    ['root_ca', 'root'],
    ['revoked_ca', 'revoked-ca'],
  ] as const) {
    openssl(['ca', ...cnf, '-name', ca, '-gencrl', '-out', `${file}.crl.pem`], dir);
    openssl(['crl', '-in', `${file}.crl.pem`, '-outform', 'DER', '-out', `${file}.crl`], dir);
  }
  writeFileSync(join(dir, 'trust-anchors.pem'), readFileSync(join(dir, 'root.pem')));

  const hits = { crl: 0 };
  const crlDown = { now: false };
  const crlServer: Server = createServer((req, res) => {
    if (crlDown.now) return res.writeHead(503).end();
    const file = {
      '/intermediate.crl': 'intermediate.crl',
      '/root.crl': 'root.crl',
      '/revoked-ca.crl': 'revoked-ca.crl',
    }[req.url ?? ''];
    if (!file) return res.writeHead(404).end();
    hits.crl++;
    res.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(readFileSync(join(dir, file)));
  });
  await new Promise<void>((resolve) => crlServer.listen(crlPort, '127.0.0.1', resolve));
  let ocsp: ChildProcess | null = await startOcsp(dir, ocspPort);
  const tsa = await startTestTsa(join(dir, 'tsa'));
  const issuedTsa = await startTestTsa(join(dir, 'tsa-issued'), {
    keyPath: join(dir, 'tsaIssued.key'),
    certificatePath: join(dir, 'tsaIssued.pem'),
    chainPath: join(dir, 'tsa-chain.pem'),
  });

  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const entity = (name: EndEntityCase): EndEntity => {
    const certificatePem = read(`${name}.pem`);
    const keyPem = read(`${name}.key`);
    return {
      certificatePem,
      certificateDer: pemToDer(certificatePem),
      keyPem,
      privateKey: createPrivateKey(keyPem),
      p12Path: join(dir, `${name}.p12`),
      chainPem: [
        read(name === 'untrusted' ? 'rogue.pem' : name === 'revokedIssuer' ? 'revokedCa.pem' : 'intermediate.pem'),
      ],
    };
  };
  const stopOcsp = async (): Promise<void> => {
    const child = ocsp;
    ocsp = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  return {
    dir,
    rootPem: read('root.pem'),
    intermediatePem: read('intermediate.pem'),
    trustAnchorsPath: join(dir, 'trust-anchors.pem'),
    ocspUrl,
    crlUrl,
    rootCrlUrl,
    tsa,
    issuedTsa,
    entities: Object.fromEntries(END_ENTITY_CASES.map((n) => [n, entity(n)])) as Record<EndEntityCase, EndEntity>,
    hits,
    crlDown,
    stopOcsp,
    async close() {
      await stopOcsp();
      await tsa.close();
      await issuedTsa.close();
      crlServer.closeAllConnections();
      await new Promise<void>((resolve) => crlServer.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function pemToDer(pem: string): Buffer {
  const body = pem.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}
