import type { Insertable, Selectable } from 'kysely';
import { dialectOf, type Db } from '../database.js';
import { pointRead, whenReady, type MaybePromise } from '../point-read.js';
import type { DirectLinkRow } from './direct-link.repo.js';
import type { FolderRow } from './folder.repo.js';
import type { AttachmentTable } from '../schema.js';

import {
  encodeEnvelope,
  encodeField,
  encodeItem,
  encodeRecipient,
  type EnvelopePatch,
  type NewFieldRow,
  decodeEnvelopeRow,
  decodeFieldRow,
  decodeItemRow,
  decodeRecipientRow,
  type EnvelopeRow,
  type FieldRow,
  type ItemRow,
  type RecipientRow,
} from './stored-json.js';

export type { EnvelopeRow, FieldRow, ItemRow, RecipientRow };
export type AttachmentRow = Selectable<AttachmentTable>;

export interface EnvelopeGraph {
  envelope: EnvelopeRow;
  items: ItemRow[];
  recipients: RecipientRow[];
  fields: FieldRow[];
  attachments: AttachmentRow[];
  /** The folder the envelope is filed in (the legacy document view shows it); absent: not loaded. */
  folder?: FolderRow | null;
  /** A template's direct link (null: none; absent: not loaded, or not a template). */
  directLink?: DirectLinkRow | null;
  /** The owner's name and address (null: no owner; absent: not loaded). */
  owner?: { name: string; email: string } | null;
}

export type EnvelopeKey = { documentId: number } | { publicId: string };

export async function insertEnvelope(db: Db, row: Omit<EnvelopeRow, 'id' | 'version'>): Promise<number> {
  const inserted = await db
    .insertInto('envelope')
    .values(encodeEnvelope(row))
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Tenant-scoped: another platform's envelope is simply not found. Soft-deleted ones neither. */
export async function findEnvelope(db: Db, platformId: number, key: EnvelopeKey): Promise<EnvelopeRow | undefined> {
  let query = db.selectFrom('envelope').selectAll().where('platformId', '=', platformId).where('deletedAt', 'is', null);
  query = 'documentId' in key ? query.where('id', '=', key.documentId) : query.where('publicId', '=', key.publicId);
  const row = await query.executeTakeFirst();
  return row && decodeEnvelopeRow(row);
}

/**
 * The current `version` of a platform's live envelope (undefined when there is none): the
 * freshness check of cached views, one index probe, synchronous on SQLite.
 */
export function envelopeVersionReader(
  db: Db,
): (platformId: number, key: EnvelopeKey) => MaybePromise<number | undefined> {
  const live = 'select version as "version" from envelope where platform_id = ? and deleted_at is null';
  const byId = pointRead<{ version: number }>(db, `${live} and id = ?`);
  const byPublicId = pointRead<{ version: number }>(db, `${live} and public_id = ?`);
  return (platformId, key) =>
    whenReady('documentId' in key ? byId(platformId, key.documentId) : byPublicId(platformId, key.publicId), (row) =>
      row ? Number(row.version) : undefined,
    );
}

/**
 * Reads the envelope inside a transaction and holds it: on PostgreSQL a row lock (FOR UPDATE),
 * so concurrent state changes of one envelope run one after the other; on SQLite the write
 * transaction already serialises writers.
 */
export async function lockEnvelope(
  trx: Db,
  platformId: number | null,
  key: EnvelopeKey,
): Promise<EnvelopeRow | undefined> {
  let query = trx.selectFrom('envelope').selectAll().where('deletedAt', 'is', null);
  if (platformId !== null) query = query.where('platformId', '=', platformId);
  query = 'documentId' in key ? query.where('id', '=', key.documentId) : query.where('publicId', '=', key.publicId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && decodeEnvelopeRow(row);
}

/** Applies a change and sets updatedAt; the database bumps `version` (triggers, migration 0017). */
export async function updateEnvelope(db: Db, id: number, patch: EnvelopePatch, at: Date): Promise<void> {
  await db
    .updateTable('envelope')
    .set({ ...encodeEnvelope(patch), updatedAt: at.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Everything an envelope holds (a template's direct link too), in indexed queries whatever its size. */
export async function loadEnvelopeParts(db: Db, envelope: EnvelopeRow): Promise<EnvelopeGraph> {
  const [items, recipients, fields, attachments, folder, directLink, owner] = await Promise.all([
    db
      .selectFrom('envelopeItem')
      .selectAll()
      .where('envelopeId', '=', envelope.id)
      .orderBy('order')
      .orderBy('createdAt')
      .execute(),
    db.selectFrom('recipient').selectAll().where('envelopeId', '=', envelope.id).orderBy('id').execute(),
    db.selectFrom('field').selectAll().where('envelopeId', '=', envelope.id).orderBy('id').execute(),
    db
      .selectFrom('attachment')
      .selectAll()
      .where('envelopeId', '=', envelope.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    envelope.folderId === null
      ? null
      : db
          .selectFrom('folder')
          .selectAll()
          .where('platformId', '=', envelope.platformId)
          .where('id', '=', envelope.folderId)
          .executeTakeFirst()
          .then((f) => f ?? null),
    envelope.type !== 'TEMPLATE'
      ? undefined
      : db
          .selectFrom('templateDirectLink')
          .selectAll()
          .where('platformId', '=', envelope.platformId)
          .where('envelopeId', '=', envelope.id)
          .executeTakeFirst()
          .then((l) => l ?? null),
    envelope.ownerUserId === null
      ? null
      : db
          .selectFrom('userAccount')
          .select(['name', 'email'])
          .where('id', '=', envelope.ownerUserId)
          .executeTakeFirst()
          .then((u) => u ?? null),
  ]);
  return {
    envelope,
    items: items.map(decodeItemRow),
    recipients: recipients.map(decodeRecipientRow),
    fields: fields.map(decodeFieldRow),
    attachments,
    folder,
    owner,
    ...(directLink !== undefined ? { directLink } : {}),
  };
}

export async function insertItem(db: Db, row: ItemRow): Promise<void> {
  await db.insertInto('envelopeItem').values(encodeItem(row)).execute();
}

export async function insertRecipient(db: Db, row: Omit<RecipientRow, 'id'>): Promise<number> {
  const inserted = await db
    .insertInto('recipient')
    .values(encodeRecipient(row))
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Bulk insert; returns the new ids keyed by each row's unique secondaryId. */
export async function insertFields(db: Db, rows: NewFieldRow[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await db
    .insertInto('field')
    .values(rows.map(encodeField))
    .returning(['id', 'secondaryId'])
    .execute();
  return new Map(inserted.map((r) => [r.secondaryId, r.id]));
}

export async function insertAttachments(db: Db, rows: Insertable<AttachmentTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('attachment').values(rows).execute();
}

/**
 * Operator tools (the CLI) and system jobs that name an envelope by id (completion): finds an
 * envelope on any platform, deleted ones included.
 */
export async function findEnvelopeForOperator(db: Db, key: EnvelopeKey): Promise<EnvelopeRow | undefined> {
  const query = db.selectFrom('envelope').selectAll();
  const row = await (
    'documentId' in key ? query.where('id', '=', key.documentId) : query.where('publicId', '=', key.publicId)
  ).executeTakeFirst();
  return row && decodeEnvelopeRow(row);
}

/**
 * The platform and public id of the envelope a signing token's recipient is on. The token is the
 * credential here (no caller platform); the platform found scopes the reads that follow.
 */
export async function findEnvelopeOwner(
  db: Db,
  envelopeId: number,
): Promise<{ platformId: number; publicId: string } | undefined> {
  return db.selectFrom('envelope').select(['platformId', 'publicId']).where('id', '=', envelopeId).executeTakeFirst();
}
