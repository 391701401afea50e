import { sql, type Kysely } from 'kysely';

/** Every column naming a blob by its SHA-256, with an index of its own (`BLOB_COLUMNS` in blob-reference.repo.ts). */
const INDEXED: [table: string, column: string][] = [
  ['envelope', 'certificate_sha256'],
  ['envelope_item', 'original_sha256'],
  ['envelope_item', 'final_sha256'],
  ['envelope_item', 'revision_sha256'],
  ['digital_signature', 'base_sha256'],
  ['digital_signature', 'prepared_sha256'],
  ['digital_signature', 'revocation_sha256'],
  ['digital_signature', 'signed_sha256'],
  ['field', 'signature_sha256'],
];

/**
 * Blob garbage collection (issue 31, item 17) asks, a page of stored blobs at a time, which of
 * them some row names: one index probe per column and blob instead of a scan. A drawn signature's
 * blob was named only inside `field.value` (JSON); `field.signature_sha256` names it in a column
 * of its own, filled here for the signatures already drawn and by the signing use case from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('field').addColumn('signature_sha256', 'text').execute();
  await nameDrawnSignatures(db);
  for (const [table, column] of INDEXED)
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
}

/** Fills `signature_sha256` of the fields whose value is a drawn signature (exported for its test). */
export async function nameDrawnSignatures(db: Kysely<unknown>): Promise<void> {
  // A page at a time: a large installation's drawn signatures are not all held in memory.
  for (let after = 0; ;) {
    const page = await sql<{ id: number; value: string }>`
      select id, value from field where id > ${after} and value like ${'%"drawn"%'} order by id limit 500`.execute(db);
    for (const row of page.rows) {
      const sha256 = drawnSignatureSha256(row.value);
      if (sha256) await sql`update field set signature_sha256 = ${sha256} where id = ${row.id}`.execute(db);
    }
    if (page.rows.length < 500) break;
    after = page.rows.at(-1)!.id;
  }
}

function drawnSignatureSha256(value: string): string | null {
  try {
    const parsed = JSON.parse(value) as { signature?: { type?: unknown; sha256?: unknown } };
    const sha256 = parsed.signature?.type === 'drawn' ? parsed.signature.sha256 : null;
    return typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256) ? sha256 : null;
  } catch {
    return null;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of INDEXED) await db.schema.dropIndex(`${table}_${column}_idx`).execute();
  await db.schema.alterTable('field').dropColumn('signature_sha256').execute();
}
