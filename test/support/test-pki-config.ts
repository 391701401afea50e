/**
 * The openssl configuration of the test PKI (test-pki.ts): three CAs (root, the signing
 * intermediate, and an intermediate the root revokes) and the extensions of every certificate;
 * and its OCSP responder.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export const CA_CONFIG = (dir: string) => `
[ ca ]
default_ca = intermediate
[ intermediate ]
dir = ${dir}
database = ${dir}/index.txt
new_certs_dir = ${dir}/issued
certificate = ${dir}/intermediate.pem
private_key = ${dir}/intermediate.key
serial = ${dir}/serial
crlnumber = ${dir}/crlnumber
default_md = sha256
default_crl_days = 30
policy = anything
unique_subject = no
copy_extensions = none
[ root_ca ]
dir = ${dir}
database = ${dir}/root-index.txt
new_certs_dir = ${dir}/issued
certificate = ${dir}/root.pem
private_key = ${dir}/root.key
serial = ${dir}/serial
crlnumber = ${dir}/root-crlnumber
default_md = sha256
default_crl_days = 30
policy = anything
unique_subject = no
copy_extensions = none
[ revoked_ca ]
dir = ${dir}
database = ${dir}/revoked-ca-index.txt
new_certs_dir = ${dir}/issued
certificate = ${dir}/revokedCa.pem
private_key = ${dir}/revokedCa.key
serial = ${dir}/serial
crlnumber = ${dir}/revoked-ca-crlnumber
default_md = sha256
default_crl_days = 30
policy = anything
unique_subject = no
copy_extensions = none
[ anything ]
commonName = supplied
serialNumber = optional
countryName = optional
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ root_ext ]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ intermediate_ext ]
basicConstraints = critical, CA:true, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:__ROOT_CRL__
[ signer_ext ]
basicConstraints = CA:false
keyUsage = critical, digitalSignature, nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
authorityInfoAccess = OCSP;URI:__OCSP__
crlDistributionPoints = URI:__CRL__
[ no_key_usage_ext ]
basicConstraints = CA:false
keyUsage = critical, keyEncipherment
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
authorityInfoAccess = OCSP;URI:__OCSP__
crlDistributionPoints = URI:__CRL__
[ no_revocation_urls_ext ]
basicConstraints = CA:false
keyUsage = critical, digitalSignature, nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ tsa_ext ]
basicConstraints = CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:__CRL__
[ revoked_ca_signer_ext ]
basicConstraints = CA:false
keyUsage = critical, digitalSignature, nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:__REVOKED_CA_CRL__
`;

/** `openssl ocsp` as a server answering from the CA's index, signed by the intermediate itself. */
export async function startOcsp(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    'openssl',
    [
      'ocsp',
      '-port',
      String(port),
      '-index',
      'index.txt',
      '-CA',
      'intermediate.pem',
      '-rsigner',
      'intermediate.pem',
      '-rkey',
      'intermediate.key',
      '-nmin',
      '5',
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Ready once it says it accepts (a probing connection would leave 3.0's responder spinning).
  const ready = await new Promise<boolean>((resolve) => {
    let said = '';
    const timer = setTimeout(() => resolve(false), 10_000);
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (/ACCEPT|Waiting/i.test(said)) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    child.once('exit', () => resolve(false));
  });
  if (ready) return child;
  child.kill('SIGKILL');
  throw new Error('the test OCSP responder did not start');
}
