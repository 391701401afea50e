import type { Kysely } from 'kysely';

/**
 * Remote signing (issue #22): a platform's Cloud Signature Consortium API v2 provider. The base URL
 * and client id are plain; the client secret is sealed with the secret box, so a copy of the
 * database alone does not let anyone act as Firma towards the provider. All three null: no CSC.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').addColumn('csc_url', 'text').execute();
  await db.schema.alterTable('platform').addColumn('csc_client_id', 'text').execute();
  await db.schema.alterTable('platform').addColumn('csc_client_secret_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').dropColumn('csc_client_secret_sealed').execute();
  await db.schema.alterTable('platform').dropColumn('csc_client_id').execute();
  await db.schema.alterTable('platform').dropColumn('csc_url').execute();
}
