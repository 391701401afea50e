import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { BlobStore } from '../infra/storage/blob-store.js';
import type { AuditMac } from '../infra/crypto/audit-mac.js';
import type { SecretBox } from '../infra/crypto/secret-box.js';
import type { IssuerCertificateCache } from '../infra/crypto/certificates/issuer-certificates.js';
import type { Mailer } from '../infra/mail/mailer.js';
import type { Metrics } from '../infra/metrics/metrics.js';
import type { SealIdentity } from '../infra/pdf/seal/index.js';
import type { PdfWorkers } from '../infra/pdf/sandbox/pdf-workers.js';

/**
 * Everything a use case needs, built once in the composition root (`src/server.ts`) and passed
 * as the first argument. A plain object: no container, no globals.
 */
export interface Ctx {
  db: Db;
  config: Config;
  storage: BlobStore;
  secrets: SecretBox;
  /** MACs audit entries under a subkey of the same instance secret (`infra/crypto/audit-mac.ts`). */
  auditMac: AuditMac;
  mailer: Mailer;
  log: Logger;
  clock: () => Date;
  /** The identity that seals final PDFs, loaded once (PKCS#12 or a generated self-signed one). */
  sealIdentity: () => Promise<SealIdentity>;
  /** Worker threads that parse, render and seal PDFs off the event loop. */
  pdf: PdfWorkers;
  /** This process's Prometheus metrics (`infra/metrics`), recorded by the use cases that do the work. */
  metrics: Metrics;
  /** Issuers' certificates fetched from AIA addresses to complete signers' chains, kept by this process. */
  issuerCertificates: IssuerCertificateCache;
  /** Wakes this process's job worker after a commit that queued work (a no-op without one). */
  wakeWorker: () => void;
}
