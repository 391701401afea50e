import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { EnvelopeRow, FieldRow, ItemRow, RecipientRow } from '../../db/repositories/envelope.repo.js';
import type { NewFieldRow } from '../../db/repositories/stored-json.js';
import type { EnvelopeTable, EnvelopeType } from '../../db/schema.js';
import type { TemplateType } from '../../lib/vocabulary/template-types.js';
import { slowHash } from '../../infra/crypto/slow-hash.js';
import type { PdfInfo } from '../../infra/pdf/inspect-pdf.js';
import { newId, randomToken } from '../ids.js';
import { DEFAULT_META, mergeMeta, type ZMetaInput } from '../model/envelope-meta.js';
import type { AccessAuth, GlobalActionAuth, RecipientCreateInput } from '../recipients/recipient-input.js';
import type { PlacedField } from './place-fields.js';

/**
 * The rows a new or copied envelope is written as. Every use case that inserts envelopes, items,
 * recipients or fields builds them here, so a column added to a table is filled in one place.
 */

/** A DRAFT's life so far, new or copied: made now, nothing sent, completed, certified or deleted. */
const newLife = (iso: string) => ({
  certificateSha256: null,
  completionClaimedUntil: null,
  completionError: null,
  createdAt: iso,
  updatedAt: iso,
  sentAt: null,
  completedAt: null,
  deletedAt: null,
});

/** What a new envelope's row is made of, as its creator received it. */
export interface NewEnvelopeInput {
  type: EnvelopeType;
  title: string;
  externalId?: string | null | undefined;
  visibility?: EnvelopeTable['visibility'] | undefined;
  globalAccessAuth?: AccessAuth[] | undefined;
  globalActionAuth?: GlobalActionAuth[] | undefined;
  formValues?: Record<string, string | number | boolean> | null | undefined;
  meta?: z.output<typeof ZMetaInput> | undefined;
  /** A template's type and what a public profile shows of it (PRIVATE and '' unless given). */
  templateType?: TemplateType | undefined;
  publicTitle?: string | undefined;
  publicDescription?: string | undefined;
}

/** A new DRAFT envelope's row, before it has an id (the database numbers it). */
export function newEnvelopeRow(
  platformId: number,
  input: NewEnvelopeInput,
  folderId: string | null,
  iso: string,
  ownerUserId: string | null = null,
): Omit<EnvelopeRow, 'id' | 'version'> {
  return {
    publicId: newId('envelope'),
    platformId,
    type: input.type,
    status: 'DRAFT' as const,
    source: 'DOCUMENT' as const,
    visibility: input.visibility ?? 'EVERYONE',
    title: input.title,
    externalId: input.externalId ?? null,
    metaId: newId('meta'),
    meta: mergeMeta(DEFAULT_META, input.meta),
    authOptions:
      input.globalAccessAuth?.length || input.globalActionAuth?.length
        ? {
            globalAccessAuth: input.globalAccessAuth ?? [],
            globalActionAuth: input.globalActionAuth ?? [],
          }
        : null,
    formValues: input.formValues ?? null,
    ...newLife(iso),
    folderId,
    templateId: null,
    legacyFieldInsertion: 0,
    ownerUserId,
    templateType: input.templateType ?? 'PRIVATE',
    publicTitle: input.publicTitle ?? '',
    publicDescription: input.publicDescription ?? '',
  };
}

/** A new item: an uploaded PDF as stored (`blob`: the bytes kept, filled or covered maybe) and inspected. */
export function newItemRow(
  envelopeId: number,
  title: string,
  blob: { sha256: string; size: number },
  info: PdfInfo,
  order: number,
  iso: string,
): ItemRow {
  return {
    id: newId('envelope_item'),
    envelopeId,
    documentDataId: newId('document_data'),
    title,
    order,
    originalSha256: blob.sha256,
    originalSize: blob.size,
    pageCount: info.pageCount,
    pages: info.pages.map((p) => ({ width: p.width, height: p.height, rotation: p.rotation })),
    finalSha256: null,
    revisionSha256: null,
    createdAt: iso,
  };
}

/**
 * A new recipient's row. `accessCodeHash`: the slow hash of its `accessCode`, computed by the
 * caller before its transaction (`hashAccessCodes`), so no scrypt runs while the envelope is locked.
 */
export function newRecipientRow(
  envelopeId: number,
  r: RecipientCreateInput,
  iso: string,
  accessCodeHash: string | null = null,
): Omit<RecipientRow, 'id'> {
  return {
    envelopeId,
    email: r.email,
    name: r.name,
    role: r.role,
    signingOrder: r.signingOrder ?? null,
    readStatus: 'NOT_OPENED',
    signingStatus: 'NOT_SIGNED',
    sendStatus: 'NOT_SENT',
    tokenHash: null,
    tokenSealed: null,
    cuil: r.cuil ?? null,
    phone: r.phone ?? null,
    idDocumentCountry: r.idDocumentCountry ?? null,
    idDocumentNumber: r.idDocumentNumber ?? null,
    idDocumentType: r.idDocumentType ?? null,
    firstName: r.firstName ?? null,
    lastName: r.lastName ?? null,
    authOptions:
      r.accessAuth.length || r.actionAuth.length ? { accessAuth: r.accessAuth, actionAuth: r.actionAuth } : null,
    expiresAt: null,
    expirationNotifiedAt: null,
    sentAt: null,
    openedAt: null,
    signedAt: null,
    rejectionReason: null,
    reminderDueAt: null,
    remindersSent: 0,
    accessCodeHash,
    requireCuil: r.requireCuil ? 1 : 0,
    signatureLevel: r.signatureLevel ?? 'ELECTRONIC',
    createdAt: iso,
    updatedAt: iso,
  };
}

/** The slow hashes of the recipients' access codes, in order (null where none was sent). */
export async function hashAccessCodes(inputs: readonly { accessCode?: string | null }[]): Promise<(string | null)[]> {
  return Promise.all(inputs.map(async (r) => (r.accessCode ? slowHash(r.accessCode) : null)));
}

/** A new, empty field where `placeFields` put it. */
export function newFieldRow(
  envelopeId: number,
  envelopeItemId: string,
  recipientId: number,
  f: PlacedField,
): NewFieldRow {
  return {
    secondaryId: randomToken(12),
    envelopeId,
    envelopeItemId,
    recipientId,
    type: f.type,
    page: f.page,
    positionX: f.positionX,
    positionY: f.positionY,
    width: f.width,
    height: f.height,
    customText: '',
    inserted: 0,
    fieldMeta: f.fieldMeta ?? null,
    value: null,
    insertedAt: null,
    insertedByRecipientId: null,
  };
}

/**
 * A copy of another envelope as a new DRAFT: the source's content members (title, meta, auth, form
 * values, type…) with `changes` over them, and everything about the source's life reset: a new
 * public id and meta id, no certificate, no completion claim, fresh timestamps, version 1.
 */
export function copiedEnvelopeRow(
  source: EnvelopeRow,
  iso: string,
  changes: Partial<Omit<EnvelopeRow, 'id' | 'version'>> = {},
): Omit<EnvelopeRow, 'id'> {
  const { id: _old, ...content } = source;
  return {
    ...content,
    publicId: newId('envelope'),
    metaId: newId('meta'),
    status: 'DRAFT' as const,
    ...newLife(iso),
    ...changes,
    version: 1,
  };
}

/** A copy of an item of another envelope: the same stored original (no byte is copied), not yet signed. */
export function copiedItemRow(item: ItemRow, envelopeId: number, iso: string): ItemRow {
  return {
    ...item,
    id: newId('envelope_item'),
    envelopeId,
    documentDataId: newId('document_data'),
    finalSha256: null,
    revisionSha256: null,
    createdAt: iso,
  };
}

/** A copy of a recipient of another envelope, as it was before anything was sent: no link, nothing done. */
export function copiedRecipientRow(r: RecipientRow, envelopeId: number, iso: string): Omit<RecipientRow, 'id'> {
  const { id: _old, ...rest } = r;
  return {
    ...rest,
    envelopeId,
    readStatus: 'NOT_OPENED',
    signingStatus: 'NOT_SIGNED',
    sendStatus: 'NOT_SENT',
    tokenHash: null,
    tokenSealed: null,
    expiresAt: null,
    expirationNotifiedAt: null,
    sentAt: null,
    openedAt: null,
    signedAt: null,
    rejectionReason: null,
    reminderDueAt: null,
    remindersSent: 0,
    createdAt: iso,
    updatedAt: iso,
  };
}

/** A copy of a field of another envelope at the same place, empty, owned by the copied item and recipient. */
export function emptiedFieldRow(
  f: FieldRow,
  envelopeId: number,
  envelopeItemId: string,
  recipientId: number,
): NewFieldRow {
  const { id: _old, ...rest } = f;
  return {
    ...rest,
    secondaryId: randomBytes(12).toString('base64url'),
    envelopeId,
    envelopeItemId,
    recipientId,
    customText: '',
    inserted: 0,
    value: null,
    insertedAt: null,
    insertedByRecipientId: null,
  };
}
