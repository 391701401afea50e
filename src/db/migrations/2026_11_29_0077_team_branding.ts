import type { Kysely } from 'kysely';

/**
 * Issue 37, item 3 (team settings): the team's brand, used by its signing pages and its mails. A
 * colour (`#rrggbb`, lower case; the settings refuse one white text is not readable on) and a
 * logo, a PNG blob named by its SHA-256 like every other blob (indexed: the blob garbage
 * collection and the public logo route look rows up by it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').addColumn('brand_color', 'text').execute();
  await db.schema.alterTable('platform').addColumn('brand_logo_sha256', 'text').execute();
  await db.schema.createIndex('platform_brand_logo_sha256_idx').on('platform').column('brand_logo_sha256').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('platform_brand_logo_sha256_idx').execute();
  await db.schema.alterTable('platform').dropColumn('brand_logo_sha256').execute();
  await db.schema.alterTable('platform').dropColumn('brand_color').execute();
}
