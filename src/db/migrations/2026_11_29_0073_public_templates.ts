import type { Kysely } from 'kysely';

/**
 * Issue 37, item 5: Documenso's public templates and a team's public profile. A template's
 * `template_type` (PRIVATE, PUBLIC, ORGANISATION) and the title and description its public
 * listing shows; a platform's profile — off until an administrator turns it on — at `/p/{slug}`,
 * with the name and short description it shows. The slug is unique among platforms (the index
 * also finds the profile by its slug); the template index finds a team's PUBLIC templates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('envelope')
    .addColumn('template_type', 'text', (c) => c.notNull().defaultTo('PRIVATE'))
    .execute();
  await db.schema
    .alterTable('envelope')
    .addColumn('public_title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('envelope')
    .addColumn('public_description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('envelope_public_template_idx')
    .on('envelope')
    .columns(['platform_id', 'template_type'])
    .execute();

  await db.schema
    .alterTable('platform')
    .addColumn('profile_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('platform').addColumn('profile_slug', 'text').execute();
  await db.schema
    .alterTable('platform')
    .addColumn('profile_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('platform')
    .addColumn('profile_description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('platform_profile_slug_idx').on('platform').column('profile_slug').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('platform_profile_slug_idx').execute();
  for (const column of ['profile_description', 'profile_name', 'profile_slug', 'profile_enabled'])
    await db.schema.alterTable('platform').dropColumn(column).execute();
  await db.schema.dropIndex('envelope_public_template_idx').execute();
  for (const column of ['public_description', 'public_title', 'template_type'])
    await db.schema.alterTable('envelope').dropColumn(column).execute();
}
