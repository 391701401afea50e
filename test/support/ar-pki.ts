/**
 * A throw-away PKI SHAPED LIKE Argentina's (Ley 25.506), built with the openssl command line. It is
 * not the real one: names, keys and policy OIDs are made up to look like the licensed certifiers'.
 *
 *   AC RAIZ (self-signed; the only trust anchor)
 *   ├── AC ONTI                     → signers, RSA, `serialNumber=CUIL nnnnnnnnnnn`
 *   └── AC MODERNIZACION-PFDR       → signers, P-256, `serialNumber=CUIL …` or `CUIT …`
 *   AC AJENA (self-signed, never trusted) → a signer whose AIA leads nowhere trusted
 *
 * Signers carry keyUsage digitalSignature + nonRepudiation (critical), extendedKeyUsage
 * clientAuth + emailProtection, certificatePolicies with an OID in the Argentine arc 2.16.32
 * (2.16.32.1.1.3 for the ONTI-shaped ones, 2.16.32.1.1.4 for the PFDR-shaped ones: shaped like,
 * not confirmed to be, the certifiers' real policy OIDs), a CRL distribution point and an AIA
 * caIssuers address. One HTTP server on 127.0.0.1 serves the CRLs and the issuers' certificates
 * (AC ONTI as one DER certificate, AC MODERNIZACION-PFDR as a PKCS#7 certs-only bundle, as
 * authorities publish them) and counts the requests per path.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/free-port.js';

export const AR_CUIL = '20123456786';

/** Every signer the AR-shaped PKI issues. */
const SIGNERS = {
  /** AC ONTI, CUIL in serialNumber, RSA. */
  onti: { ca: 'onti', serial: `CUIL ${AR_CUIL}`, rsa: true },
  /** AC MODERNIZACION-PFDR, the CUIT spelling of the same 11 digits, P-256. */
  pfdrCuit: { ca: 'pfdr', serial: `CUIT ${AR_CUIL}`, rsa: false },
  /** AC MODERNIZACION-PFDR, a CUIT whose digits are not the recipient's. */
  pfdrOtherCuit: { ca: 'pfdr', serial: 'CUIT 30712345671', rsa: false },
  /** AC AJENA: well formed, its AIA serves an untrusted self-signed root. */
  foreign: { ca: 'ajena', serial: `CUIL ${AR_CUIL}`, rsa: false },
  /** AC ONTI, but its AIA address answers 404: no path without the intermediate. */
  deadAia: { ca: 'onti', serial: `CUIL ${AR_CUIL}`, rsa: false, aia: '/aia/missing.cer' },
} as const;
export type ArSigner = keyof typeof SIGNERS;

export interface ArEntity {
  certificatePem: string;
  privateKey: KeyObject;
  /** The issuing intermediate's PEM (what a complete chain would add). */
  issuerPem: string;
}

export interface ArPki {
  dir: string;
  /** A PEM bundle holding only AC RAIZ: what FIRMA_TRUST_ANCHORS points at. */
  trustAnchorsPath: string;
  entities: Record<ArSigner, ArEntity>;
  /** Requests served, by path (`/aia/onti.cer`, `/crl/onti.crl`, …). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

function openssl(args: string[], cwd: string): string {
  return execFileSync('openssl', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const CA_SECTION = (dir: string, name: string) => `
[ ${name} ]
dir = ${dir}
database = ${dir}/${name}-index.txt
certificate = ${dir}/${name}.pem
private_key = ${dir}/${name}.key
crlnumber = ${dir}/${name}-crlnumber
default_md = sha256
default_crl_days = 30
`;

const EXTENSIONS = (base: string) => `
[ root_ext ]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ onti_ca_ext ]
basicConstraints = critical, CA:true, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
certificatePolicies = 2.16.32.1.1.3
crlDistributionPoints = URI:${base}/crl/raiz.crl
authorityInfoAccess = caIssuers;URI:${base}/aia/raiz.cer
[ pfdr_ca_ext ]
basicConstraints = critical, CA:true, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
certificatePolicies = 2.16.32.1.1.4
crlDistributionPoints = URI:${base}/crl/raiz.crl
authorityInfoAccess = caIssuers;URI:${base}/aia/raiz.cer
`;

const SIGNER_EXT = (base: string, name: string, ca: string, policy: string, aia: string) => `
[ ${name}_ext ]
basicConstraints = CA:false
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = clientAuth, emailProtection
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
certificatePolicies = ${policy}
crlDistributionPoints = URI:${base}/crl/${ca}.crl
authorityInfoAccess = caIssuers;URI:${base}${aia}
`;

const AIA_OF: Record<string, string> = { onti: '/aia/onti.cer', pfdr: '/aia/pfdr.p7c', ajena: '/aia/ajena.cer' };
const POLICY_OF: Record<string, string> = {
  onti: '2.16.32.1.1.3',
  pfdr: '2.16.32.1.1.4',
  ajena: '1.3.6.1.4.1.99999.1',
};

/** Builds the PKI and starts its HTTP server (CRLs and AIA). Close it after the tests. */
export async function createArPki(): Promise<ArPki> {
  const dir = mkdtempSync(join(tmpdir(), 'firma-ar-pki-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let cnf = `[ req ]\ndistinguished_name = dn\nprompt = no\nutf8 = yes\nstring_mask = utf8only\n[ dn ]\nCN = unused\n`;
  cnf += EXTENSIONS(base);
  for (const ca of ['raiz', 'onti', 'pfdr', 'ajena']) {
    cnf += CA_SECTION(dir, ca);
    writeFileSync(join(dir, `${ca}-index.txt`), '');
    writeFileSync(join(dir, `${ca}-crlnumber`), '01\n');
  }
  for (const [name, s] of Object.entries(SIGNERS))
    cnf += SIGNER_EXT(base, name, s.ca, POLICY_OF[s.ca]!, 'aia' in s ? s.aia : AIA_OF[s.ca]!);
  writeFileSync(join(dir, 'ca.cnf'), cnf);
  const key = (name: string, rsa: boolean) =>
    openssl(
      rsa
        ? ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', `${name}.key`]
        : ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`],
      dir,
    );
  const selfSigned = (name: string, subject: string) => {
    key(name, false);
    openssl(
      [
        'req',
        '-config',
        'ca.cnf',
        '-new',
        '-x509',
        '-days',
        '3650',
        '-key',
        `${name}.key`,
        '-out',
        `${name}.pem`,
      ].concat(['-subj', subject, '-extensions', 'root_ext', '-utf8']),
      dir,
    );
  };
  const issue = (name: string, issuer: string, subject: string, ext: string, rsa: boolean, days = 3650) => {
    key(name, rsa);
    openssl(
      ['req', '-config', 'ca.cnf', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', subject, '-utf8'],
      dir,
    );
    openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${issuer}.pem`,
        '-CAkey',
        `${issuer}.key`,
        '-CAcreateserial',
      ].concat(['-days', String(days), '-out', `${name}.pem`, '-extfile', 'ca.cnf', '-extensions', ext]),
      dir,
    );
  };
  const gov = '/O=Jefatura de Gabinete de Ministros/C=AR';
  selfSigned('raiz', `/CN=AC RAIZ (prueba)/OU=Secretaría de Innovación Pública${gov}`);
  issue(
    'onti',
    'raiz',
    `/CN=AC ONTI (prueba)/OU=Oficina Nacional de Tecnologías de Información${gov}`,
    'onti_ca_ext',
    false,
  );
  issue(
    'pfdr',
    'raiz',
    `/CN=AC MODERNIZACIÓN-PFDR (prueba)/OU=Subsecretaría de Innovación${gov}`,
    'pfdr_ca_ext',
    false,
  );
  selfSigned('ajena', '/CN=AC AJENA (prueba)/O=Nadie/C=AR');
  for (const [name, s] of Object.entries(SIGNERS))
    issue(`signer-${name}`, s.ca, `/CN=GÜEMES Bruno/serialNumber=${s.serial}/C=AR`, `${name}_ext`, s.rsa, 365);
  for (const ca of ['raiz', 'onti', 'pfdr']) {
    openssl(['ca', '-config', 'ca.cnf', '-name', ca, '-gencrl', '-out', `${ca}.crl.pem`], dir);
    openssl(['crl', '-in', `${ca}.crl.pem`, '-outform', 'DER', '-out', `${ca}.crl`], dir);
  }
  for (const ca of ['raiz', 'onti', 'ajena'])
    openssl(['x509', '-in', `${ca}.pem`, '-outform', 'DER', '-out', `${ca}.cer`], dir);
  openssl(['crl2pkcs7', '-nocrl', '-certfile', 'pfdr.pem', '-outform', 'DER', '-out', 'pfdr.p7c'], dir);
  writeFileSync(join(dir, 'trust-anchors.pem'), readFileSync(join(dir, 'raiz.pem')));

  const served: Record<string, [string, string]> = {
    '/crl/raiz.crl': ['raiz.crl', 'application/pkix-crl'],
    '/crl/onti.crl': ['onti.crl', 'application/pkix-crl'],
    '/crl/pfdr.crl': ['pfdr.crl', 'application/pkix-crl'],
    '/aia/raiz.cer': ['raiz.cer', 'application/pkix-cert'],
    '/aia/onti.cer': ['onti.cer', 'application/pkix-cert'],
    '/aia/ajena.cer': ['ajena.cer', 'application/pkix-cert'],
    '/aia/pfdr.p7c': ['pfdr.p7c', 'application/pkcs7-mime'],
  };
  const requests = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const file = served[path];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(join(dir, file[0])));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const entities = Object.fromEntries(
    Object.entries(SIGNERS).map(([name, s]) => [
      name,
      {
        certificatePem: read(`signer-${name}.pem`),
        privateKey: createPrivateKey(read(`signer-${name}.key`)),
        issuerPem: read(`${s.ca}.pem`),
      },
    ]),
  ) as Record<ArSigner, ArEntity>;
  return {
    dir,
    trustAnchorsPath: join(dir, 'trust-anchors.pem'),
    entities,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
