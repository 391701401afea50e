import type { AuditActor } from './audit-actor.js';
import { parseAuditActor, parseAuditData } from './stored-audit.js';

/** The stored entry, as the audit repository reads it. */
export interface StoredAuditEntry {
  id: number;
  seq: number;
  type: string;
  data: string;
  actor: string;
  recipientId: number | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  hash: string;
}

/** What the presenter may look up about the envelope's current parts (a deleted one is in the entry). */
export interface AuditLogParts {
  envelopePublicId: string;
  recipients: ReadonlyMap<number, { id: number; email: string; name: string; role: string }>;
  fields: ReadonlyMap<number, { id: number; type: string; recipientId: number }>;
}

/**
 * Firma records a few things Documenso has no audit type for. Each is answered under the closest
 * Documenso type, so Documenso's SDK (whose audit type list is closed) accepts the log, and the
 * recorded type stays in `firmaType`: the sealing of a rejected document is Documenso's
 * DOCUMENT_COMPLETED (its seal job logs that for rejected documents too), a resend is a send, an
 * automatic reminder is the e-mail it queues (EMAIL_SENT, emailType REMINDER), an attachment change
 * is a change of the document's metadata; a recipient's acceptance of the electronic signature
 * statement and a recipient's download after completion are recipient acts on the document that
 * neither fill nor complete it, answered as DOCUMENT_VIEWED (which names the recipient).
 */
const DOCUMENSO_TYPE: Record<string, string> = {
  RECIPIENT_EXPIRED: 'DOCUMENT_RECIPIENT_EXPIRED',
  DOCUMENT_REJECTED: 'DOCUMENT_COMPLETED',
  DOCUMENT_RESENT: 'DOCUMENT_SENT',
  DOCUMENT_REMINDER_SENT: 'EMAIL_SENT',
  DOCUMENT_RECIPIENT_REJECTED_ON_BEHALF: 'DOCUMENT_RECIPIENT_REJECTED',
  ENVELOPE_ATTACHMENT_CREATED: 'DOCUMENT_META_UPDATED',
  ENVELOPE_ATTACHMENT_UPDATED: 'DOCUMENT_META_UPDATED',
  ENVELOPE_ATTACHMENT_DELETED: 'DOCUMENT_META_UPDATED',
  RECIPIENT_CONSENT_ACCEPTED: 'DOCUMENT_VIEWED',
  DOCUMENT_RECIPIENT_DOWNLOADED: 'DOCUMENT_VIEWED',
  // Firma digital: the signer's certificate was checked and a revision prepared for it to sign.
  DIGITAL_SIGNATURE_PREPARED: 'DOCUMENT_VIEWED',
};

/** Documenso's names for the meta members its DOCUMENT_META_UPDATED entries list. */
const META_CHANGE_TYPE: Record<string, string> = {
  'meta.subject': 'SUBJECT',
  'meta.message': 'MESSAGE',
  'meta.timezone': 'TIMEZONE',
  'meta.dateFormat': 'DATE_FORMAT',
  'meta.redirectUrl': 'REDIRECT_URL',
  'meta.emailId': 'EMAIL_ID',
  'meta.emailReplyTo': 'EMAIL_REPLY_TO',
  'meta.emailSettings': 'EMAIL_SETTINGS',
};

type Data = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const firstOf = (v: unknown): Data | undefined =>
  Array.isArray(v) && v[0] && typeof v[0] === 'object' ? (v[0] as Data) : undefined;

/**
 * One audit entry in the shape of Documenso's audit log (`type`, `data` with the members its SDK
 * requires for that type), plus Firma's own: the entry's chain position and hash, the recorded type
 * when it differs, and every member Firma recorded (the presented members win a name clash, so
 * `fieldId` is the string Documenso answers). The stored entry, which the hash covers, is untouched.
 */
export function auditLogEntryView(row: StoredAuditEntry, parts: AuditLogParts) {
  const recorded = parseAuditData(row);
  const actor = parseAuditActor(row) as AuditActor & { name?: string; email?: string };
  const named = DOCUMENSO_TYPE[row.type] ?? row.type;
  // A type without a mapping would make the whole page fail Documenso's SDK: it is answered as a
  // metadata change, its own name in `firmaType` (a unit test keeps every type Firma writes mapped).
  const type = PRESENTED_TYPES.has(named) ? named : 'DOCUMENT_META_UPDATED';
  return {
    id: String(row.id),
    envelopeId: parts.envelopePublicId,
    type,
    ...(type !== row.type ? { firmaType: row.type } : {}),
    data: { ...recorded, ...documensoData(type, row, recorded, parts) },
    name: actor.name ?? null,
    email: actor.email ?? null,
    userId: null,
    userAgent: row.userAgent,
    ipAddress: row.ip,
    createdAt: row.createdAt,
    seq: row.seq,
    hash: row.hash,
  };
}

function documensoData(type: string, row: StoredAuditEntry, d: Data, parts: AuditLogParts): Data {
  switch (type) {
    case 'DOCUMENT_CREATED':
      return { title: str(d.title) ?? '', ...sourceOf(d) };
    case 'DOCUMENT_SENT':
      return {};
    case 'DOCUMENT_COMPLETED':
      // Documenso's is a random id; Firma's completion is identified by this entry's hash.
      return { transactionId: str(d.transactionId) ?? row.hash };
    case 'DOCUMENT_CANCELLED':
      return str(d.reason) !== undefined ? { reason: str(d.reason) } : {};
    case 'DOCUMENT_DELETED':
      return { type: 'SOFT' };
    case 'DOCUMENT_OPENED':
    case 'DOCUMENT_VIEWED':
      return { ...recipientOf(row, d, parts), accessAuth: [] };
    case 'DOCUMENT_RECIPIENT_COMPLETED':
      return { ...recipientOf(row, d, parts), actionAuth: [] };
    case 'DOCUMENT_RECIPIENT_REJECTED':
      return { ...recipientOf(row, d, parts), reason: str(d.reason) ?? '' };
    case 'EMAIL_SENT':
      // Firma records the reminder when it queues its mail, in the same transaction.
      return { ...recipientOf(row, d, parts), emailType: 'REMINDER', isResending: false };
    case 'DOCUMENT_RECIPIENT_EXPIRED':
    case 'RECIPIENT_DELETED':
    case 'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED':
    case 'DOCUMENT_ACCESS_AUTH_2FA_VALIDATED':
    case 'DOCUMENT_ACCESS_AUTH_2FA_FAILED':
      return recipientOf(row, d, parts);
    case 'RECIPIENT_CREATED':
      return { ...recipientOf(row, d, parts), accessAuth: arrayOf(d.accessAuth), actionAuth: arrayOf(d.actionAuth) };
    case 'RECIPIENT_UPDATED':
      return { ...recipientOf(row, d, parts), changes: arrayOf(d.changes) };
    case 'DOCUMENT_FIELD_INSERTED':
    case 'DOCUMENT_FIELD_PREFILLED': {
      const field = fieldOf(d, parts);
      return {
        ...recipientOf(row, d, parts),
        fieldId: String(field.id),
        field: { type: field.type, data: valueText(d.value) },
      };
    }
    case 'DOCUMENT_FIELD_UNINSERTED': {
      const field = fieldOf(d, parts);
      return { fieldId: String(field.id), field: field.type };
    }
    case 'FIELD_CREATED':
    case 'FIELD_DELETED':
    case 'FIELD_UPDATED': {
      const field = fieldOf(d, parts);
      const owner = parts.recipients.get(field.recipientId);
      return {
        fieldId: String(field.id),
        fieldRecipientEmail: str(d.fieldRecipientEmail) ?? owner?.email ?? '',
        fieldRecipientId: field.recipientId,
        fieldType: field.type,
        ...(type === 'FIELD_UPDATED' ? { changes: arrayOf(d.changes) } : {}),
      };
    }
    case 'ENVELOPE_ITEM_CREATED':
    case 'ENVELOPE_ITEM_DELETED': {
      const item = firstOf(d.items) ?? d;
      return {
        envelopeItemId: str(d.envelopeItemId) ?? str(item.id) ?? '',
        envelopeItemTitle: str(d.envelopeItemTitle) ?? str(item.title) ?? '',
      };
    }
    case 'ENVELOPE_ITEM_UPDATED':
      return {
        envelopeItemId: str(d.envelopeItemId) ?? (Array.isArray(d.items) ? String(d.items[0] ?? '') : ''),
        changes: arrayOf(d.changes),
      };
    case 'DOCUMENT_META_UPDATED':
      return {
        changes: arrayOf(d.changed)
          .map((name) => META_CHANGE_TYPE[String(name)])
          .filter((t): t is string => t !== undefined)
          // Firma records which members changed, not their values (a message or reply-to stays private).
          .map((t) => ({ type: t, from: null, to: null })),
      };
    default:
      return {};
  }
}

const PRESENTED_TYPES = new Set([
  'DOCUMENT_CREATED',
  'DOCUMENT_SENT',
  'DOCUMENT_COMPLETED',
  'DOCUMENT_CANCELLED',
  'DOCUMENT_DELETED',
  'DOCUMENT_OPENED',
  'DOCUMENT_VIEWED',
  'DOCUMENT_RECIPIENT_COMPLETED',
  'DOCUMENT_RECIPIENT_REJECTED',
  'DOCUMENT_RECIPIENT_EXPIRED',
  'RECIPIENT_CREATED',
  'RECIPIENT_UPDATED',
  'RECIPIENT_DELETED',
  'DOCUMENT_FIELD_INSERTED',
  'DOCUMENT_FIELD_PREFILLED',
  'DOCUMENT_FIELD_UNINSERTED',
  'FIELD_CREATED',
  'FIELD_UPDATED',
  'FIELD_DELETED',
  'ENVELOPE_ITEM_CREATED',
  'ENVELOPE_ITEM_UPDATED',
  'ENVELOPE_ITEM_DELETED',
  'DOCUMENT_META_UPDATED',
  'EMAIL_SENT',
  'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED',
  'DOCUMENT_ACCESS_AUTH_2FA_VALIDATED',
  'DOCUMENT_ACCESS_AUTH_2FA_FAILED',
]);

/** Documenso's recipient members: from the entry when it recorded them, else the current recipient. */
function recipientOf(row: StoredAuditEntry, d: Data, parts: AuditLogParts): Data {
  const snapshot = firstOf(d.recipients) ?? (d.recipient as Data | undefined) ?? {};
  const id =
    num(d.recipientId) ??
    row.recipientId ??
    num(d.forRecipientId) ??
    num(snapshot.id) ??
    (typeof d.recipients === 'object' && Array.isArray(d.recipients) ? num(d.recipients[0]) : undefined) ??
    0;
  const current = parts.recipients.get(id);
  return {
    recipientId: id,
    recipientEmail: str(d.recipientEmail) ?? current?.email ?? str(snapshot.email) ?? '',
    recipientName: str(d.recipientName) ?? current?.name ?? str(snapshot.name) ?? '',
    recipientRole: str(d.recipientRole) ?? current?.role ?? str(snapshot.role) ?? '',
  };
}

function fieldOf(d: Data, parts: AuditLogParts): { id: number; type: string; recipientId: number } {
  const snapshot = (d.field && typeof d.field === 'object' ? (d.field as Data) : undefined) ?? {};
  const id =
    num(d.fieldId) ??
    (str(d.fieldId) !== undefined ? Number(d.fieldId) : undefined) ??
    num(snapshot.id) ??
    (Array.isArray(d.fields) ? num(d.fields[0]) : undefined) ??
    0;
  const current = parts.fields.get(id);
  return {
    id,
    type: str(d.fieldType) ?? current?.type ?? str(snapshot.type) ?? 'TEXT',
    recipientId:
      num(d.fieldRecipientId) ?? num(d.forRecipientId) ?? current?.recipientId ?? num(snapshot.recipientId) ?? 0,
  };
}

/** Where a document came from, as recorded at creation (entries from before templates have none). */
function sourceOf(d: Data): Data {
  const source = d.source && typeof d.source === 'object' ? (d.source as Data) : undefined;
  const templateId = num(source?.templateId);
  if (source?.type === 'TEMPLATE' && templateId !== undefined) return { source: { type: 'TEMPLATE', templateId } };
  if (source?.type === 'TEMPLATE_DIRECT_LINK' && templateId !== undefined)
    return {
      source: {
        type: 'TEMPLATE_DIRECT_LINK',
        templateId,
        directRecipientEmail: str(source.directRecipientEmail) ?? '',
      },
    };
  return {};
}

const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A recorded value as the text Documenso's `field.data` holds. */
function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(String).join(', ');
  if (v && typeof v === 'object') {
    const o = v as Data;
    if (str(o.typedSignature) !== undefined) return String(o.typedSignature);
    if (str(o.drawnSignatureSha256) !== undefined) return `drawn signature, sha256 ${String(o.drawnSignatureSha256)}`;
    if (str(o.uploadedSignatureSha256) !== undefined)
      return `uploaded signature, sha256 ${String(o.uploadedSignatureSha256)}`;
    return JSON.stringify(v);
  }
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}
