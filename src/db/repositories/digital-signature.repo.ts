import type { Selectable } from 'kysely';
import type { Db } from '../database.js';
import type { DigitalSignatureTable } from '../schema.js';
import { decodeJsonColumn } from './stored-json.js';

/** What the revocation check kept about an issuing certificate below the signer's. */
export interface KeptIssuerRevocation {
  certificateSha256: string;
  source: 'OCSP' | 'CRL';
  sha256: string;
}

/** A digital signature's row with its JSON columns decoded (see stored-json.ts). */
export type DigitalSignatureRow = Omit<
  Selectable<DigitalSignatureTable>,
  'certificateChain' | 'issuerRevocations' | 'autoFill'
> & {
  /** Base64 DER certificates, the signer's first. */
  certificateChain: string[];
  issuerRevocations: KeptIssuerRevocation[] | null;
  /** The values Firma fills in for the recipient's empty NAME/EMAIL/DATE fields, by field id. */
  autoFill: Record<string, string>;
};

const decodeSignatureRow = (row: Selectable<DigitalSignatureTable>): DigitalSignatureRow => ({
  ...row,
  certificateChain: JSON.parse(row.certificateChain) as string[],
  issuerRevocations: decodeJsonColumn<KeptIssuerRevocation[]>(row.issuerRevocations),
  autoFill: JSON.parse(row.autoFill) as Record<string, string>,
});

export async function insertDigitalSignature(db: Db, row: Omit<DigitalSignatureRow, 'id'>): Promise<void> {
  await db
    .insertInto('digitalSignature')
    .values({
      ...row,
      certificateChain: JSON.stringify(row.certificateChain),
      issuerRevocations: row.issuerRevocations && JSON.stringify(row.issuerRevocations),
      autoFill: JSON.stringify(row.autoFill),
    })
    .execute();
}

/** A recipient's earlier preparations are dropped when they prepare again. */
export async function deletePreparedSignatures(db: Db, envelopeId: number, recipientId: number): Promise<void> {
  await db
    .deleteFrom('digitalSignature')
    .where('envelopeId', '=', envelopeId)
    .where('recipientId', '=', recipientId)
    .where('status', '=', 'PREPARED')
    .execute();
}

export async function findPreparedSignatures(
  db: Db,
  envelopeId: number,
  recipientId: number,
  preparationId: string,
): Promise<DigitalSignatureRow[]> {
  const rows = await db
    .selectFrom('digitalSignature')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .where('recipientId', '=', recipientId)
    .where('preparationId', '=', preparationId)
    .where('status', '=', 'PREPARED')
    .orderBy('id')
    .execute();
  return rows.map(decodeSignatureRow);
}

export async function updateDigitalSignature(
  db: Db,
  envelopeId: number,
  id: number,
  patch: Partial<Pick<DigitalSignatureRow, 'status' | 'signedSha256' | 'signedAt'>>,
): Promise<void> {
  await db
    .updateTable('digitalSignature')
    .set(patch)
    .where('envelopeId', '=', envelopeId)
    .where('id', '=', id)
    .execute();
}

/** Every signature embedded in an envelope's items, in signing order. */
export async function listSignedSignatures(db: Db, envelopeId: number): Promise<DigitalSignatureRow[]> {
  const rows = await db
    .selectFrom('digitalSignature')
    .selectAll()
    .where('envelopeId', '=', envelopeId)
    .where('status', '=', 'SIGNED')
    .orderBy('signedAt')
    .orderBy('id')
    .execute();
  return rows.map(decodeSignatureRow);
}
