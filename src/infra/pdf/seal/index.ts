/*
 * The sealer's one entry: everything outside this folder imports from here, so the rest of the
 * folder (DER, CMS, xref and object parsing, the incremental writer) can change freely. See
 * README.md beside it.
 */
export { sealPdf, sealPdfFile } from './seal-pdf.js';
export { SealError, type SealErrorReason } from './seal-error.js';
export type { SealOptions } from './seal-update.js';
export type { TsaOptions } from './tsa-client.js';
export {
  generateSelfSignedIdentity,
  identityFromKeyPem,
  loadSealIdentity,
  privateKeyPem,
  readDataDirSealIdentity,
  type LoadedSealIdentity,
  type LoadSealIdentityOptions,
  type SealIdentity,
} from './seal-identity.js';
export { verifyPdfSeal, type KnownSealCertificate, type SealSigner, type SealVerdict } from './verify-seal.js';
// What the evidence record reads out of a verified seal, and the parser's nesting limit (pdf-limits).
export type { PdfReader } from './pdf-reader.js';
export { MAX_NESTING, PdfString } from './pdf-objects.js';
// Firma digital (infra/crypto/certificates, the signer's signature): the same DER walker and writer.
export {
  childrenOf,
  contentOf,
  contextConstructed,
  decodeOid,
  DerError,
  derNull,
  encodingOf,
  oid,
  octetString,
  readNode,
  sequence,
  setOf,
  tlv,
  unsignedInteger,
  type DerNode,
} from './der.js';
// Incremental writes of a document that already carries signatures (Firma digital).
export { appendObjects, crossReferenceSize } from './append-objects.js';
export type { UpdateObject } from './incremental-update.js';
export {
  embedExternalSignature,
  prepareExternalSignature,
  signatureTimestamp,
  verifyExternalSignatureValue,
  type PreparedExternalSignature,
} from './external-signature.js';
export type { SignerCertificates } from './cms.js';
// Long-term validation (PAdES B-LT, B-LTA) and reading signatures back (firma audit verify).
export { appendDss, type ValidationMaterial } from './dss-update.js';
export { appendDocumentTimestamp } from './document-timestamp.js';
export {
  certificatesInCms,
  hashName,
  readCms,
  readTimestampToken,
  signerCertificateOf,
  signerInfoHolds,
  type ReadCms,
  type TimestampFacts,
} from './cms-reader.js';
export {
  listPdfSignatures,
  readDocumentSecurityStore,
  trimmedContents,
  vriKey,
  type DocumentSecurityStore,
  type PdfSignature,
} from './pdf-signatures.js';
export { onlyValidationUpdatesAfter } from './validation-updates.js';
