import { constants as fsConstants } from 'node:fs';
import { copyFile, link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import {
  createHash,
  createPrivateKey,
  generateKeyPair,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readPkcs12 } from './pkcs12.js';
import { SealError } from './seal-error.js';
import { createSelfSignedCertificate } from './self-signed-certificate.js';

export interface SealIdentity {
  privateKey: KeyObject;
  /** The signing certificate, DER. */
  certificate: Buffer;
  /** Intermediates (and possibly the root), DER, nearest issuer first. */
  chain: Buffer[];
  subject: string;
  /** SHA-256 of the certificate DER, lowercase hex without separators. */
  fingerprintSha256: string;
}

export interface LoadSealIdentityOptions {
  p12Path?: string;
  p12Password?: string;
  dataDir: string;
}

export interface LoadedSealIdentity {
  identity: SealIdentity;
  generated: boolean;
  /** The file the identity was read from or written to. */
  source: string;
}

const SELF_SIGNED_FILE = 'seal-identity.pem';
const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * The service's signing identity: the configured PKCS#12, or else a self-signed identity kept
 * in `<dataDir>/seal/`, created on first use. Call once at startup and keep the result: every
 * call reads (and may decrypt) files.
 */
export async function loadSealIdentity(options: LoadSealIdentityOptions): Promise<LoadedSealIdentity> {
  if (options.p12Path) {
    let bytes: Buffer;
    try {
      bytes = await readFile(options.p12Path);
    } catch (error) {
      throw new SealError(
        'IDENTITY_INVALID',
        `cannot read the seal PKCS#12 ${options.p12Path}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const { privateKey, certificates } = readPkcs12(bytes, options.p12Password ?? '');
    return { identity: identityFrom(privateKey, certificates), generated: false, source: options.p12Path };
  }
  return loadOrCreateSelfSigned(join(options.dataDir, 'seal'));
}

/**
 * The self-signed identity an earlier version generated in `<dataDir>/seal/`, if there is one:
 * read, never created (the installation's identity now lives in the database; this file is
 * only adopted at the first start after the upgrade).
 */
export async function readDataDirSealIdentity(dataDir: string): Promise<SealIdentity | undefined> {
  return readSelfSigned(join(dataDir, 'seal', SELF_SIGNED_FILE));
}

/** A new self-signed RSA-2048 identity, in memory only (the caller decides where it is kept). */
export async function generateSelfSignedIdentity(): Promise<SealIdentity> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  return identityFrom(privateKey, [createSelfSignedCertificate(privateKey, publicKey)]);
}

/** The identity's private key as PKCS#8 PEM, to be kept sealed. */
export function privateKeyPem(identity: SealIdentity): string {
  return String(identity.privateKey.export({ type: 'pkcs8', format: 'pem' }));
}

/** The identity of a PKCS#8 PEM key and its certificate (DER); IDENTITY_INVALID when they do not fit. */
export function identityFromKeyPem(pem: string, certificate: Buffer): SealIdentity {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new SealError('IDENTITY_INVALID', `not a usable private key: ${(error as Error).message}`, { cause: error });
  }
  return identityFrom(key, [certificate]);
}

/** Picks the certificate that matches the key and orders the rest as its issuer chain. */
export function identityFrom(privateKey: KeyObject, certificates: Buffer[]): SealIdentity {
  const keyType = privateKey.asymmetricKeyType;
  if (keyType !== 'rsa' && keyType !== 'ec')
    throw new SealError('IDENTITY_INVALID', `seal keys must be RSA or EC, not ${keyType ?? 'unknown'}`);
  const parsed = certificates.map((der) => {
    try {
      return new X509Certificate(der);
    } catch (error) {
      throw new SealError(
        'IDENTITY_INVALID',
        `the seal identity holds an unreadable certificate: ${(error as Error).message}`,
        { cause: error },
      );
    }
  });
  const leaf = parsed.find((certificate) => certificate.checkPrivateKey(privateKey));
  if (!leaf) throw new SealError('IDENTITY_INVALID', 'no certificate in the seal identity matches its private key');
  const now = Date.now();
  if (Date.parse(leaf.validTo) < now || Date.parse(leaf.validFrom) > now) {
    throw new SealError(
      'IDENTITY_INVALID',
      `the seal certificate is valid only from ${leaf.validFrom} to ${leaf.validTo}`,
    );
  }

  const remaining = parsed.filter((certificate) => certificate !== leaf);
  const chain: X509Certificate[] = [];
  for (let current = leaf; ;) {
    const issuer = current.checkIssued(current)
      ? undefined
      : remaining.find((candidate) => current.checkIssued(candidate));
    if (!issuer) break;
    chain.push(issuer);
    remaining.splice(remaining.indexOf(issuer), 1);
    current = issuer;
  }
  // Certificates outside the chain cannot hurt a validator and may help it: keep them last.
  chain.push(...remaining);
  return {
    privateKey,
    certificate: leaf.raw,
    chain: chain.map((certificate) => certificate.raw),
    subject: leaf.subject.split('\n').join(', '),
    fingerprintSha256: createHash('sha256').update(leaf.raw).digest('hex'),
  };
}

/**
 * Several processes may start together on one data dir. Each candidate identity is written to
 * a private temp file and published with link(2), which fails if the name exists: exactly one
 * wins, and the others read the winner's file.
 */
async function loadOrCreateSelfSigned(directory: string): Promise<LoadedSealIdentity> {
  const path = join(directory, SELF_SIGNED_FILE);
  const existing = await readSelfSigned(path);
  if (existing) return { identity: existing, generated: false, source: path };

  await mkdir(directory, { recursive: true, mode: 0o700 });
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const certificate = createSelfSignedCertificate(privateKey, publicKey);
  const pem = `${String(privateKey.export({ type: 'pkcs8', format: 'pem' }))}${new X509Certificate(certificate).toString()}`;
  const candidate = join(directory, `.${SELF_SIGNED_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let published: boolean;
  try {
    const handle = await open(candidate, 'wx', 0o600);
    try {
      await handle.writeFile(pem);
      await handle.sync();
    } finally {
      await handle.close();
    }
    published = await publishExclusively(candidate, path);
  } finally {
    await unlink(candidate).catch(() => undefined);
  }
  if (published) return { identity: identityFrom(privateKey, [certificate]), generated: true, source: path };
  const winner = await readSelfSigned(path);
  if (!winner) throw new SealError('IDENTITY_INVALID', `${path} vanished while being created`);
  return { identity: winner, generated: false, source: path };
}

async function publishExclusively(candidate: string, path: string): Promise<boolean> {
  try {
    await link(candidate, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
  }
  // File systems without hard links: an exclusive copy still picks one winner, but readers may
  // briefly see it half-written, which readSelfSigned retries through.
  try {
    await copyFile(candidate, path, fsConstants.COPYFILE_EXCL);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const READ_ATTEMPTS = 5;
const READ_RETRY_MS = 100;

async function readSelfSigned(path: string): Promise<SealIdentity | undefined> {
  for (let attempt = 1; ; attempt++) {
    let pem: string;
    try {
      pem = await readFile(path, 'latin1');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new SealError('IDENTITY_INVALID', `cannot read ${path}: ${(error as Error).message}`, { cause: error });
    }
    try {
      const certificates = [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map(
        (match) => new X509Certificate(match[0]).raw,
      );
      return identityFrom(createPrivateKey(pem), certificates);
    } catch (error) {
      if (attempt < READ_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS));
        continue;
      }
      if (error instanceof SealError) throw error;
      throw new SealError(
        'IDENTITY_INVALID',
        `${path} does not hold a usable key and certificate: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
}
