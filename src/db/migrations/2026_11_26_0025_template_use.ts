import type { Kysely } from 'kysely';

/**
 * `envelope.template_id`: the numeric id of the template a document was made from (`/template/use`,
 * `/envelope/use`). A plain number, no reference: deleting the template keeps its documents and
 * the record of where they came from, as Documenso does. Indexed for `GET /envelope?templateId=`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('envelope').addColumn('template_id', 'integer').execute();
  await db.schema
    .createIndex('envelope_template_idx')
    .on('envelope')
    .columns(['platform_id', 'template_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('envelope_template_idx').execute();
  await db.schema.alterTable('envelope').dropColumn('template_id').execute();
}
