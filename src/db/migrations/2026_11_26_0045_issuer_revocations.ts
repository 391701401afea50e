import type { Kysely } from 'kysely';

/**
 * The revocation answers about a DIGITAL signer's issuing certificates (the intermediates below the
 * trust anchor), kept with the preparation like the signer's own (`revocation_sha256`): when an
 * intermediate's CRL or OCSP responder does not answer at completion, the answer that held when the
 * signer signed goes into the final's DSS, so the signature still validates for the long term.
 * JSON `[{certificateSha256, source, sha256}]`, the issuer of the signer's certificate first;
 * null for preparations made before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('digital_signature').addColumn('issuer_revocations', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('digital_signature').dropColumn('issuer_revocations').execute();
}
