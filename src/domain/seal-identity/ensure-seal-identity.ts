import {
  findSealIdentityByFingerprint,
  findSlotSealIdentity,
  insertSealIdentityIfAbsent,
  restoreSealIdentity,
  SELF_SIGNED_SLOT,
  type SealIdentityRow,
} from '../../db/repositories/seal-identity.repo.js';
import { nowIso } from '../../db/database.js';
import type { SealIdentityOrigin } from '../../db/schema.js';
import {
  generateSelfSignedIdentity,
  identityFromKeyPem,
  loadSealIdentity,
  privateKeyPem,
  readDataDirSealIdentity,
  SealError,
  type SealIdentity,
} from '../../infra/pdf/seal/index.js';
import type { Ctx } from '../context.js';
import { sealIdentityMacHolds, signSealIdentity } from './seal-identity-mac.js';

export type SealIdentityDeps = Pick<Ctx, 'db' | 'config' | 'secrets' | 'auditMac'>;

export interface EnsuredSealIdentity {
  /** What this node seals with. */
  identity: SealIdentity;
  origin: SealIdentityOrigin;
  /** This call recorded it: the installation's first identity, or a new PKCS#12 (a rotation). */
  recorded: boolean;
  /** A data-dir key of an earlier version, not the one sealed with now, that this call recorded. */
  pastRecorded: SealIdentity | null;
}

const CREATE_ATTEMPTS = 3;

/**
 * The identity this node seals with, recorded as one of the installation's (the database's
 * `seal_identity` rows), so that what any node seals verifies on every node:
 * - with FIRMA_SEAL_P12_PATH, the configured PKCS#12. A certificate not yet recorded is added: a
 *   rotation (nodes moved to a new PKCS#12 one at a time keep sealing meanwhile, and what the old
 *   identity sealed stays verifiable). Whoever can set the node's configuration and secret key
 *   decides its identity anyway; the log says when one is added.
 * - without it, the installation's self-signed identity, kept in the database with its key sealed
 *   under FIRMA_SECRET_KEY. The first node to start creates it (insert-if-absent on a unique slot:
 *   nodes starting together end with the same one), adopting the key an earlier version generated
 *   in its data dir if there is one.
 * A data-dir key that is not the one used now (a cluster upgraded from one key per node) is
 * recorded too, without its key, so what it sealed before the upgrade still verifies.
 *
 * Throws SealError: IDENTITY_INVALID (an unusable PKCS#12 or data-dir file), SECRET_KEY_MISMATCH
 * (the installation's key does not open with this node's FIRMA_SECRET_KEY).
 */
export async function ensureSealIdentity(deps: SealIdentityDeps): Promise<EnsuredSealIdentity> {
  const { config } = deps;
  const dataDirIdentity = await readDataDirSealIdentity(config.dataDir);
  let ensured: Omit<EnsuredSealIdentity, 'pastRecorded'>;
  if (config.seal.p12Path) {
    const { identity } = await loadSealIdentity({
      dataDir: config.dataDir,
      p12Path: config.seal.p12Path,
      p12Password: config.seal.p12Password,
    });
    ensured = { identity, origin: 'PKCS12', recorded: await record(deps, identity, 'PKCS12') };
  } else {
    ensured = await ensureSelfSigned(deps, dataDirIdentity);
  }
  const isPast = dataDirIdentity && dataDirIdentity.fingerprintSha256 !== ensured.identity.fingerprintSha256;
  const pastRecorded = isPast && (await record(deps, dataDirIdentity, 'DATA_DIR')) ? dataDirIdentity : null;
  return { ...ensured, pastRecorded };
}

async function ensureSelfSigned(
  deps: SealIdentityDeps,
  dataDirIdentity: SealIdentity | undefined,
): Promise<Omit<EnsuredSealIdentity, 'pastRecorded'>> {
  let created: string | null = null;
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const row = await findSlotSealIdentity(deps.db);
    if (row) {
      const identity = await openSlot(deps, row);
      return { identity, origin: row.origin, recorded: created === row.fingerprintSha256 };
    }
    // The data dir's key first; a fresh one if that one is already recorded without its key.
    const adopt = attempt === 0 && dataDirIdentity !== undefined;
    const candidate = adopt ? dataDirIdentity : await generateSelfSignedIdentity();
    const inserted = await insertSealIdentityIfAbsent(deps.db, {
      ...rowOf(deps, candidate, adopt ? 'DATA_DIR' : 'GENERATED'),
      installationSlot: SELF_SIGNED_SLOT,
      privateKeySealed: deps.secrets.seal(privateKeyPem(candidate)),
    });
    if (inserted) created = candidate.fingerprintSha256;
  }
  throw new SealError('IDENTITY_INVALID', "could not record the installation's seal identity");
}

async function openSlot(deps: SealIdentityDeps, row: SealIdentityRow): Promise<SealIdentity> {
  let pem: string;
  try {
    pem = deps.secrets.open(row.privateKeySealed ?? '');
  } catch (error) {
    throw new SealError(
      'SECRET_KEY_MISMATCH',
      "the installation's seal key, kept in the database, does not open with this node's secret key: every node " +
        'sharing the database needs the same FIRMA_SECRET_KEY (unset, each data dir generates its own)',
      { cause: error },
    );
  }
  const identity = identityFromKeyPem(pem, Buffer.from(row.certificate, 'base64'));
  if (identity.fingerprintSha256 !== row.fingerprintSha256)
    throw new SealError(
      'IDENTITY_INVALID',
      "the installation's seal certificate does not match its recorded fingerprint",
    );
  // The key opened under this node's secret: the identity is the installation's, whatever the MAC says.
  if (!sealIdentityMacHolds(deps.auditMac, row.fingerprintSha256, row.mac)) {
    const { certificate, mac } = rowOf(deps, identity, row.origin);
    await restoreSealIdentity(deps.db, row.fingerprintSha256, { certificate, mac });
  }
  return identity;
}

/** Records a certificate this node seals (or sealed) with; true when it was not recorded yet. */
async function record(deps: SealIdentityDeps, identity: SealIdentity, origin: SealIdentityOrigin): Promise<boolean> {
  const row = rowOf(deps, identity, origin);
  if (await insertSealIdentityIfAbsent(deps.db, row)) return true;
  // Present, but perhaps not vouched for (written without the secret key): this node holds the
  // key of that certificate, so it may vouch for it.
  const existing = await findSealIdentityByFingerprint(deps.db, identity.fingerprintSha256);
  if (existing && !sealIdentityMacHolds(deps.auditMac, existing.fingerprintSha256, existing.mac))
    await restoreSealIdentity(deps.db, identity.fingerprintSha256, { certificate: row.certificate, mac: row.mac });
  return false;
}

function rowOf(deps: SealIdentityDeps, identity: SealIdentity, origin: SealIdentityOrigin) {
  return {
    fingerprintSha256: identity.fingerprintSha256,
    certificate: identity.certificate.toString('base64'),
    subject: identity.subject,
    origin,
    mac: signSealIdentity(deps.auditMac, identity.fingerprintSha256),
    recordedAt: nowIso(),
  };
}
