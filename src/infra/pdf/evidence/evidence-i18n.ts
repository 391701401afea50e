import type {
  EvidenceEnvelopeStatus,
  EvidenceLanguage,
  EvidenceRole,
  EvidenceSigningStatus,
} from './evidence-types.js';

/**
 * Every fixed string of the evidence, per language. `Messages` is derived from the English
 * dictionary so a key missing in another language is a compile error, not a blank in court.
 */
const en = {
  certificateTitle: 'Certificate of completion',
  auditTrailTitle: 'Audit trail',
  page: 'Page {n} of {m}',
  envelope: 'Envelope',
  generated: 'Generated',

  sectionDocument: 'Document',
  sectionItems: 'Files',
  sectionRecipients: 'Recipients',
  sectionEvents: 'Event timeline',
  sectionIntegrity: 'Integrity',
  sectionDigitalSignatures: 'Digital signatures',
  digitalSigner: 'Signer',
  digitalSubject: 'Certificate subject',
  digitalCuil: 'CUIL',
  digitalIssuer: 'Issuer',
  digitalSerial: 'Serial number',
  digitalTime: 'Signed',
  digitalValidation: 'Validation',
  digitalValidated:
    'At signing: CUIL matched the recipient’s, key usage allowed signing, valid and chained to a trusted authority, not revoked ({source})',

  title: 'Title',
  envelopeId: 'Envelope ID',
  documentId: 'Document ID',
  status: 'Status',
  created: 'Created',
  sent: 'Sent',
  opened: 'Opened',
  completed: 'Completed',
  signed: 'Signed',
  rejected: 'Rejected',
  timezone: 'Time zone',
  timezoneInvalid: 'UTC (the configured time zone "{tz}" is not recognised)',
  platform: 'Platform',
  verifyAt: 'Public URL',
  notAvailable: '—',

  rejectedBanner: 'This document was rejected',
  rejectedBy: 'Rejected by {who} on {when}.',
  rejectedNoDetail: 'The signing process ended without all signatures.',
  reason: 'Reason',
  noReason: 'No reason given.',

  itemTitle: 'File',
  itemPages: 'Pages',
  itemOriginal: 'SHA-256 of the original',
  itemFinal: 'SHA-256 of the sealed final file',
  itemsAuditNote:
    'The SHA-256 of the final file cannot be printed inside that same file; it is stated in the separate certificate of completion.',

  email: 'Email',
  role: 'Role',
  cuil: 'CUIL',
  signingOrder: 'Signing order',
  ip: 'IP address',
  userAgent: 'User agent',
  signature: 'Signature',
  signatureDrawn: 'Drawn signature',
  signatureTyped: 'Typed signature',
  signatureNone: 'No signature applied',
  signatureUnreadable: 'The signature image could not be read',
  signatureText: 'Signature text',
  recipientsNone: 'This document has no recipients.',

  eventTime: 'Time (UTC / local)',
  eventEvent: 'Event',
  eventActor: 'Actor',
  eventIp: 'IP address',
  eventUserAgent: 'User agent',
  eventHash: 'Entry SHA-256',
  eventsNone: 'No events were recorded.',

  chainTitle: 'Audit chain',
  chainAlgorithm: 'Algorithm',
  chainLength: 'Entries',
  chainHead: 'Head (hash of the last entry)',
  chainExplanation:
    'Every audit entry carries the hash of the previous entry, so changing, removing or reordering any entry changes every later hash and the head above. The command `firma audit verify {id}` recomputes the chain from the stored entries and compares it with this head.',
  sealTitle: 'Seal',
  sealSubject: 'Certificate subject',
  sealFingerprint: 'Certificate SHA-256 fingerprint',
  sealExplanation:
    'The final document and its certificate of completion are digitally sealed with this certificate; any later change to either file invalidates its seal.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const es: Messages = {
  certificateTitle: 'Certificado de finalización',
  auditTrailTitle: 'Registro de auditoría',
  page: 'Página {n} de {m}',
  envelope: 'Sobre',
  generated: 'Generado',

  sectionDocument: 'Documento',
  sectionItems: 'Archivos',
  sectionRecipients: 'Destinatarios',
  sectionEvents: 'Cronología de eventos',
  sectionIntegrity: 'Integridad',
  sectionDigitalSignatures: 'Firmas digitales',
  digitalSigner: 'Firmante',
  digitalSubject: 'Titular del certificado',
  digitalCuil: 'CUIL',
  digitalIssuer: 'Emisor',
  digitalSerial: 'Número de serie',
  digitalTime: 'Firmado',
  digitalValidation: 'Validación',
  digitalValidated:
    'Al firmar: el CUIL coincidía con el del destinatario, el uso de clave permitía firmar, vigente y emitido por una autoridad de confianza, no revocado ({source})',

  title: 'Título',
  envelopeId: 'ID del sobre',
  documentId: 'ID del documento',
  status: 'Estado',
  created: 'Creado',
  sent: 'Enviado',
  opened: 'Abierto',
  completed: 'Completado',
  signed: 'Firmado',
  rejected: 'Rechazado',
  timezone: 'Zona horaria',
  timezoneInvalid: 'UTC (la zona horaria configurada "{tz}" no es válida)',
  platform: 'Plataforma',
  verifyAt: 'URL pública',
  notAvailable: '—',

  rejectedBanner: 'Este documento fue rechazado',
  rejectedBy: 'Rechazado por {who} el {when}.',
  rejectedNoDetail: 'El proceso de firma terminó sin todas las firmas.',
  reason: 'Motivo',
  noReason: 'No se indicó un motivo.',

  itemTitle: 'Archivo',
  itemPages: 'Páginas',
  itemOriginal: 'SHA-256 del original',
  itemFinal: 'SHA-256 del archivo final sellado',
  itemsAuditNote:
    'El SHA-256 del archivo final no puede imprimirse dentro de ese mismo archivo; figura en el certificado de finalización, que se entrega por separado.',

  email: 'Correo electrónico',
  role: 'Rol',
  cuil: 'CUIL',
  signingOrder: 'Orden de firma',
  ip: 'Dirección IP',
  userAgent: 'Agente de usuario',
  signature: 'Firma',
  signatureDrawn: 'Firma manuscrita digitalizada',
  signatureTyped: 'Firma escrita con teclado',
  signatureNone: 'No se aplicó firma',
  signatureUnreadable: 'No se pudo leer la imagen de la firma',
  signatureText: 'Texto de la firma',
  recipientsNone: 'Este documento no tiene destinatarios.',

  eventTime: 'Hora (UTC / local)',
  eventEvent: 'Evento',
  eventActor: 'Autor',
  eventIp: 'Dirección IP',
  eventUserAgent: 'Agente de usuario',
  eventHash: 'SHA-256 del registro',
  eventsNone: 'No se registraron eventos.',

  chainTitle: 'Cadena de auditoría',
  chainAlgorithm: 'Algoritmo',
  chainLength: 'Registros',
  chainHead: 'Cabeza (hash del último registro)',
  chainExplanation:
    'Cada registro de auditoría contiene el hash del registro anterior, por lo que modificar, eliminar o reordenar cualquier registro cambia todos los hashes posteriores y la cabeza indicada arriba. El comando `firma audit verify {id}` recalcula la cadena a partir de los registros almacenados y la compara con esta cabeza.',
  sealTitle: 'Sello',
  sealSubject: 'Titular del certificado',
  sealFingerprint: 'Huella SHA-256 del certificado',
  sealExplanation:
    'El documento final y su certificado de finalización están sellados digitalmente con este certificado; cualquier modificación posterior de cualquiera de los dos archivos invalida su sello.',
};

const roles: Record<EvidenceLanguage, Record<EvidenceRole, string>> = {
  en: { SIGNER: 'Signer', APPROVER: 'Approver', VIEWER: 'Viewer', CC: 'Receives a copy (CC)', ASSISTANT: 'Assistant' },
  es: { SIGNER: 'Firmante', APPROVER: 'Aprobador', VIEWER: 'Lector', CC: 'Recibe copia (CC)', ASSISTANT: 'Asistente' },
};

/** What "done" means depends on the role: a viewer views, an approver approves. */
const doneByRole: Record<EvidenceLanguage, Record<EvidenceRole, string>> = {
  en: { SIGNER: 'Signed', APPROVER: 'Approved', VIEWER: 'Viewed', CC: 'Completed', ASSISTANT: 'Completed' },
  es: { SIGNER: 'Firmado', APPROVER: 'Aprobado', VIEWER: 'Visto', CC: 'Completado', ASSISTANT: 'Completado' },
};

/** A CC never acts, so "not signed" would wrongly suggest a missing signature. */
const notDoneByRole: Record<EvidenceLanguage, Record<EvidenceRole, string>> = {
  en: {
    SIGNER: 'Not signed',
    APPROVER: 'Not approved',
    VIEWER: 'Not viewed',
    CC: 'No action required',
    ASSISTANT: 'Not completed',
  },
  es: {
    SIGNER: 'Sin firmar',
    APPROVER: 'Sin aprobar',
    VIEWER: 'Sin ver',
    CC: 'No requiere acción',
    ASSISTANT: 'Sin completar',
  },
};

const envelopeStatus: Record<EvidenceLanguage, Record<EvidenceEnvelopeStatus, string>> = {
  en: {
    DRAFT: 'Draft',
    PENDING: 'Pending (not final)',
    COMPLETED: 'Completed',
    REJECTED: 'Rejected',
    CANCELLED: 'Cancelled',
  },
  es: {
    DRAFT: 'Borrador',
    PENDING: 'Pendiente (no es definitivo)',
    COMPLETED: 'Completado',
    REJECTED: 'Rechazado',
    CANCELLED: 'Cancelado',
  },
};

const eventTypes: Record<EvidenceLanguage, Record<string, string>> = {
  en: {
    DOCUMENT_CREATED: 'Document created',
    DOCUMENT_SENT: 'Document sent',
    DOCUMENT_OPENED: 'Document opened',
    DOCUMENT_VIEWED: 'Document viewed',
    DOCUMENT_FIELD_INSERTED: 'Field completed',
    DOCUMENT_FIELD_PREFILLED: 'Field prefilled by the sender',
    DOCUMENT_FIELD_UNINSERTED: 'Field cleared',
    DOCUMENT_RECIPIENT_COMPLETED: 'Recipient completed',
    DOCUMENT_RECIPIENT_REJECTED: 'Recipient rejected',
    DOCUMENT_COMPLETED: 'Document completed',
    DOCUMENT_REJECTED: 'Document rejected',
    DOCUMENT_SEALED: 'Document sealed',
    EMAIL_SENT: 'Email sent',
    DOCUMENT_RESENT: 'Signing request sent again',
    RECIPIENT_CONSENT_ACCEPTED: 'Consent to sign electronically',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Downloaded by a recipient',
    DOCUMENT_REMINDER_SENT: 'Reminder sent',
    RECIPIENT_EXPIRED: 'Signing period expired',
    DOCUMENT_CANCELLED: 'Document cancelled',
  },
  es: {
    DOCUMENT_CREATED: 'Documento creado',
    DOCUMENT_SENT: 'Documento enviado',
    DOCUMENT_OPENED: 'Documento abierto',
    DOCUMENT_VIEWED: 'Documento visto',
    DOCUMENT_FIELD_INSERTED: 'Campo completado',
    DOCUMENT_FIELD_PREFILLED: 'Campo precompletado por el remitente',
    DOCUMENT_FIELD_UNINSERTED: 'Campo borrado',
    DOCUMENT_RECIPIENT_COMPLETED: 'Destinatario completó',
    DOCUMENT_RECIPIENT_REJECTED: 'Destinatario rechazó',
    DOCUMENT_COMPLETED: 'Documento completado',
    DOCUMENT_REJECTED: 'Documento rechazado',
    DOCUMENT_SEALED: 'Documento sellado',
    EMAIL_SENT: 'Correo enviado',
    DOCUMENT_RESENT: 'Solicitud de firma reenviada',
    RECIPIENT_CONSENT_ACCEPTED: 'Consentimiento para firmar electrónicamente',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Descarga de un destinatario',
    DOCUMENT_REMINDER_SENT: 'Recordatorio enviado',
    RECIPIENT_EXPIRED: 'Venció el plazo de firma',
    DOCUMENT_CANCELLED: 'Documento cancelado',
  },
};

export interface Translator {
  readonly language: EvidenceLanguage;
  /** The message for `key`, with `{name}` placeholders replaced from `vars`. */
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  role(role: EvidenceRole): string;
  recipientStatus(role: EvidenceRole, status: EvidenceSigningStatus): string;
  /** The label of the "done at" time of a recipient (Signed / Approved / Viewed / Rejected). */
  doneLabel(role: EvidenceRole, status: EvidenceSigningStatus): string;
  envelopeStatus(status: EvidenceEnvelopeStatus): string;
  /** Unknown event types are shown as their code: never hide what the audit log says. */
  eventType(type: string): string;
}

export function translator(language: EvidenceLanguage): Translator {
  // Unknown languages (bad data from a caller) fall back to English rather than printing keys.
  const lang: EvidenceLanguage = language === 'es' ? 'es' : 'en';
  const messages: Messages = lang === 'es' ? es : en;
  return {
    language: lang,
    t(key, vars) {
      const text = messages[key];
      if (!vars) return text;
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
    },
    role: (role) => roles[lang][role] ?? role,
    recipientStatus(role, status) {
      if (status === 'SIGNED') return doneByRole[lang][role] ?? status;
      if (status === 'REJECTED') return messages.rejected;
      return notDoneByRole[lang][role] ?? status;
    },
    doneLabel(role, status) {
      if (status === 'REJECTED') return messages.rejected;
      return doneByRole[lang][role] ?? messages.completed;
    },
    envelopeStatus: (status) => envelopeStatus[lang][status] ?? status,
    eventType: (type) => eventTypes[lang][type] ?? type,
  };
}
