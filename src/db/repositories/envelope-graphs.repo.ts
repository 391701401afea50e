import type { Db } from '../database.js';
import type { EnvelopeGraph, EnvelopeRow } from './envelope.repo.js';
import { decodeEnvelopeRow, decodeFieldRow, decodeItemRow, decodeRecipientRow } from './stored-json.js';

/** Groups rows by their envelope, keeping the query's order within each group. */
function byEnvelope<T extends { envelopeId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.envelopeId);
    if (group) group.push(row);
    else groups.set(row.envelopeId, [row]);
  }
  return groups;
}

/**
 * Several of a platform's live envelopes with all their parts, by envelope id, in the order asked
 * (unknown, deleted and other platforms' ids are left out): one query per table for the whole set,
 * the same rows and order `loadEnvelopeParts` reads for one envelope. For lists whose entries
 * carry every part (Documenso's template list): a page of 100 costs seven queries, not 700.
 */
export async function loadEnvelopeGraphs(db: Db, platformId: number, ids: number[]): Promise<EnvelopeGraph[]> {
  if (ids.length === 0) return [];
  const envelopes: EnvelopeRow[] = (
    await db
      .selectFrom('envelope')
      .selectAll()
      .where('platformId', '=', platformId)
      .where('deletedAt', 'is', null)
      .where('id', 'in', ids)
      .execute()
  ).map(decodeEnvelopeRow);
  if (envelopes.length === 0) return [];
  const found = envelopes.map((e) => e.id);
  const folderIds = [...new Set(envelopes.flatMap((e) => (e.folderId === null ? [] : [e.folderId])))];
  const templateIds = envelopes.filter((e) => e.type === 'TEMPLATE').map((e) => e.id);
  const [items, recipients, fields, attachments, folders, directLinks] = await Promise.all([
    db
      .selectFrom('envelopeItem')
      .selectAll()
      .where('envelopeId', 'in', found)
      .orderBy('order')
      .orderBy('createdAt')
      .execute(),
    db.selectFrom('recipient').selectAll().where('envelopeId', 'in', found).orderBy('id').execute(),
    db.selectFrom('field').selectAll().where('envelopeId', 'in', found).orderBy('id').execute(),
    db
      .selectFrom('attachment')
      .selectAll()
      .where('envelopeId', 'in', found)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    folderIds.length === 0
      ? []
      : db.selectFrom('folder').selectAll().where('platformId', '=', platformId).where('id', 'in', folderIds).execute(),
    templateIds.length === 0
      ? []
      : db
          .selectFrom('templateDirectLink')
          .selectAll()
          .where('platformId', '=', platformId)
          .where('envelopeId', 'in', templateIds)
          .execute(),
  ]);
  const itemsOf = byEnvelope(items.map(decodeItemRow));
  const recipientsOf = byEnvelope(recipients.map(decodeRecipientRow));
  const fieldsOf = byEnvelope(fields.map(decodeFieldRow));
  const attachmentsOf = byEnvelope(attachments);
  const folderById = new Map(folders.map((f) => [f.id, f]));
  const linkOf = new Map(directLinks.map((l) => [l.envelopeId, l]));
  const envelopeById = new Map(envelopes.map((e) => [e.id, e]));
  return [...new Set(ids)].flatMap((id) => {
    const envelope = envelopeById.get(id);
    if (!envelope) return [];
    return [
      {
        envelope,
        items: itemsOf.get(id) ?? [],
        recipients: recipientsOf.get(id) ?? [],
        fields: fieldsOf.get(id) ?? [],
        attachments: attachmentsOf.get(id) ?? [],
        folder: envelope.folderId === null ? null : (folderById.get(envelope.folderId) ?? null),
        ...(envelope.type === 'TEMPLATE' ? { directLink: linkOf.get(id) ?? null } : {}),
      },
    ];
  });
}
