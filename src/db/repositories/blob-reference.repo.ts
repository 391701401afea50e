import { sql } from 'kysely';
import type { Db } from '../database.js';

/**
 * Every column that names a blob by its SHA-256 (each indexed, migration 0055). A new column
 * holding a blob key must be added here, or the garbage collection would take its blobs for
 * garbage; `digital_signature.issuer_revocations` (JSON) is searched apart, below.
 */
const BLOB_COLUMNS = [
  ['envelope', 'certificate_sha256'],
  ['envelope_item', 'original_sha256'],
  ['envelope_item', 'final_sha256'],
  ['envelope_item', 'revision_sha256'],
  ['digital_signature', 'base_sha256'],
  ['digital_signature', 'prepared_sha256'],
  ['digital_signature', 'revocation_sha256'],
  ['digital_signature', 'signed_sha256'],
  ['field', 'signature_sha256'],
  ['platform', 'brand_logo_sha256'],
] as const;

/**
 * Which of `hashes` (a page of stored blobs, SHA-256 hex) some row names: one indexed `in` per
 * column, then, for those still unnamed, the issuing certificates' revocation answers, which live
 * inside a JSON column (rare: Firma digital preparations only).
 */
export async function referencedBlobs(db: Db, hashes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (hashes.length === 0) return found;
  for (const [table, column] of BLOB_COLUMNS) {
    const rows = await sql<{ sha256: string }>`
      select ${sql.ref(column)} as sha256 from ${sql.table(table)}
      where ${sql.ref(column)} in (${sql.join([...hashes])})`.execute(db);
    for (const row of rows.rows) found.add(row.sha256);
  }
  const rest = hashes.filter((h) => !found.has(h));
  if (rest.length === 0) return found;
  const rows = await sql<{ issuerRevocations: string }>`
    select issuer_revocations from digital_signature
    where issuer_revocations is not null
      and (${sql.join(
        rest.map((h) => sql`issuer_revocations like ${`%${h}%`}`),
        sql` or `,
      )})`.execute(db);
  for (const row of rows.rows) for (const h of rest) if (row.issuerRevocations.includes(h)) found.add(h);
  return found;
}
