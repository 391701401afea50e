import type { EvidenceLanguage } from './evidence-types.js';

/**
 * The event timeline's wording: each audit entry as a sentence in the document's language, and
 * every hash it recorded as a labelled line, instead of the entry's JSON. The values are the ones
 * recorded (the hash chain covers them); only their wording is chosen here.
 */

/** Who wrote the entry, as the sentence names them. */
export type EventWho = { kind: 'recipient'; name: string } | { kind: 'sender' } | { kind: 'system' };

export interface AuditEventToWord {
  type: string;
  data: Record<string, unknown>;
  who: EventWho;
  /** The recipient the entry is about (an expiry is written by the system, about a recipient). */
  recipientName: string | null;
}

export interface WordedEvent {
  sentence: string;
  hashes: { label: string; value: string }[];
}

type Lang = EvidenceLanguage;

const FIELD_NAMES: Record<Lang, Record<string, string>> = {
  en: {
    SIGNATURE: 'signature',
    FREE_SIGNATURE: 'signature',
    INITIALS: 'initials',
    NAME: 'name',
    EMAIL: 'email',
    DATE: 'date',
    TEXT: 'text',
    NUMBER: 'number',
    RADIO: 'option',
    CHECKBOX: 'checkbox',
    DROPDOWN: 'list',
  },
  es: {
    SIGNATURE: 'firma',
    FREE_SIGNATURE: 'firma',
    INITIALS: 'iniciales',
    NAME: 'nombre',
    EMAIL: 'correo electrónico',
    DATE: 'fecha',
    TEXT: 'texto',
    NUMBER: 'número',
    RADIO: 'opción',
    CHECKBOX: 'casilla',
    DROPDOWN: 'lista',
  },
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const quote = (lang: Lang, text: string) => (lang === 'es' ? `«${text}»` : `“${text}”`);
const HEX64 = /^[0-9a-f]{64}$/i;

function whoText(lang: Lang, who: EventWho): string {
  if (who.kind === 'recipient') return who.name;
  if (who.kind === 'sender') return lang === 'es' ? 'El remitente (API)' : 'The sender (API)';
  return 'Firma';
}

function fieldText(lang: Lang, data: Record<string, unknown>): string {
  const type = str(data.fieldType);
  const name = (type && FIELD_NAMES[lang][type]) ?? type?.toLowerCase() ?? (lang === 'es' ? 'campo' : 'field');
  const id = str(data.fieldId);
  if (lang === 'es') return `el campo ${name}${id ? ` n.º ${id}` : ''}`;
  return `the ${name} field${id ? ` #${id}` : ''}`;
}

/** A recorded field value in words; a drawn signature is its image's hash, given as a hash line. */
function valueText(lang: Lang, value: unknown): { text: string | null; sha256?: string; typed?: string } {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (typeof v.typedSignature === 'string') return { text: null, typed: v.typedSignature };
    if (typeof v.drawnSignatureSha256 === 'string') return { text: null, sha256: v.drawnSignatureSha256 };
  }
  if (Array.isArray(value)) return { text: value.map((x) => quote(lang, String(x))).join(', ') || null };
  const s = str(value);
  return { text: s === null || s === '' ? null : quote(lang, s) };
}

function countText(lang: Lang, n: number, one: [string, string], many: [string, string]): string {
  const [en, es] = n === 1 ? one : many;
  return `${n} ${lang === 'es' ? es : en}`;
}

/** The sentence and hash lines of one audit entry. Unknown types are worded from what they recorded. */
export function wordAuditEvent(language: Lang, event: AuditEventToWord): WordedEvent {
  const lang: Lang = language === 'es' ? 'es' : 'en';
  const es = lang === 'es';
  const { data } = event;
  const who = whoText(lang, event.who);
  const hashes: WordedEvent['hashes'] = [];
  const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
  const itemHashes = (member: string, en: string, esLabel: string) => {
    for (const item of items) {
      const sha = str(item[member]);
      if (sha) hashes.push({ label: `${es ? esLabel : en} — ${str(item.title) ?? ''}`, value: sha });
    }
  };
  const done = (sentence: string): WordedEvent => ({ sentence, hashes });

  switch (event.type) {
    case 'DOCUMENT_CREATED': {
      itemHashes('sha256', 'SHA-256 of the original', 'SHA-256 del original');
      const title = str(data.title);
      const files = countText(lang, items.length, ['file', 'archivo'], ['files', 'archivos']);
      const source = data.source as { templateId?: unknown } | undefined;
      const from = str(source?.templateId)
        ? es
          ? ` a partir de la plantilla n.º ${str(source?.templateId)}`
          : ` from template #${str(source?.templateId)}`
        : str(data.duplicatedFrom)
          ? es
            ? ` como copia de ${str(data.duplicatedFrom)}`
            : ` as a copy of ${str(data.duplicatedFrom)}`
          : '';
      const named = title ? ` ${quote(lang, title)}` : '';
      if (items.length === 0)
        return done(es ? `${who} creó el documento${named}${from}.` : `${who} created the document${named}${from}.`);
      return done(
        es
          ? `${who} creó el documento${named}${from}, con ${files}.`
          : `${who} created the document${named}${from}, with ${files}.`,
      );
    }
    case 'DOCUMENT_SENT': {
      const order =
        data.signingOrder === 'SEQUENTIAL'
          ? es
            ? 'firma en orden'
            : 'signing in order'
          : es
            ? 'firma en paralelo'
            : 'signing in parallel';
      const notified = Array.isArray(data.notified) ? data.notified.length : 0;
      const mail =
        notified > 0
          ? es
            ? `se avisó por correo a ${countText(lang, notified, ['', 'destinatario'], ['', 'destinatarios'])}`
            : `${countText(lang, notified, ['recipient', ''], ['recipients', ''])} notified by email`
          : es
            ? 'sin aviso por correo (los enlaces los entrega el remitente)'
            : 'no email sent (the sender hands out the links)';
      return done(
        es
          ? `${who} envió el documento para firmar (${order}); ${mail}.`
          : `${who} sent the document for signing (${order}); ${mail}.`,
      );
    }
    case 'DOCUMENT_RESENT': {
      const n = Array.isArray(data.recipients) ? data.recipients.length : 0;
      return done(
        es
          ? `${who} volvió a enviar la solicitud de firma a ${countText(lang, n, ['', 'destinatario'], ['', 'destinatarios'])}.`
          : `${who} sent the signing request again to ${countText(lang, n, ['recipient', ''], ['recipients', ''])}.`,
      );
    }
    case 'DOCUMENT_OPENED':
      return done(es ? `${who} abrió el documento.` : `${who} opened the document.`);
    case 'DOCUMENT_ACCESS_AUTH_2FA_REQUESTED':
      return done(
        data.purpose === 'action'
          ? es
            ? `${who} pidió un código de verificación por correo para firmar.`
            : `${who} asked for a verification code by email to sign.`
          : es
            ? `${who} pidió un código de verificación por correo para ver el documento.`
            : `${who} asked for a verification code by email to see the document.`,
      );
    case 'DOCUMENT_ACCESS_AUTH_2FA_VALIDATED':
      return done(
        data.purpose === 'action'
          ? es
            ? `${who} confirmó su identidad con el código enviado por correo antes de firmar.`
            : `${who} verified their identity with the code sent by email before signing.`
          : es
            ? `${who} verificó su identidad con el código enviado por correo para ver el documento.`
            : `${who} verified their identity with the code sent by email to see the document.`,
      );
    case 'DOCUMENT_ACCESS_AUTH_2FA_FAILED':
      return done(
        es
          ? `${who} escribió un código de verificación incorrecto (${triesText(lang, data.triesLeft)}).`
          : `${who} typed a wrong verification code (${triesText(lang, data.triesLeft)}).`,
      );
    case 'RECIPIENT_VERIFICATION_PASSED':
      return done(
        data.method === 'CUIL'
          ? es
            ? `${who} confirmó su CUIL.`
            : `${who} confirmed their CUIL.`
          : es
            ? `${who} ingresó el código de acceso que le dio el remitente.`
            : `${who} entered the access code the sender gave them.`,
      );
    case 'RECIPIENT_VERIFICATION_FAILED':
      return done(
        data.method === 'CUIL'
          ? es
            ? `${who} escribió un CUIL que no es el suyo (${triesText(lang, data.triesLeft)}).`
            : `${who} typed a CUIL that is not theirs (${triesText(lang, data.triesLeft)}).`
          : es
            ? `${who} ingresó un código de acceso incorrecto (${triesText(lang, data.triesLeft)}).`
            : `${who} entered a wrong access code (${triesText(lang, data.triesLeft)}).`,
      );
    case 'DOCUMENT_FIELD_INSERTED':
    case 'DOCUMENT_FIELD_PREFILLED': {
      const field = fieldText(lang, data);
      const value = valueText(lang, data.value);
      const by = event.type === 'DOCUMENT_FIELD_PREFILLED' ? (es ? 'El remitente' : 'The sender') : who;
      if (value.typed !== undefined)
        return done(
          es
            ? `${by} firmó escribiendo ${quote(lang, value.typed)}.`
            : `${by} signed by typing ${quote(lang, value.typed)}.`,
        );
      if (value.sha256 !== undefined) {
        hashes.push({
          label: es ? 'SHA-256 de la imagen de la firma' : 'SHA-256 of the signature image',
          value: value.sha256,
        });
        return done(es ? `${by} firmó dibujando su firma.` : `${by} signed by drawing their signature.`);
      }
      if (event.type === 'DOCUMENT_FIELD_PREFILLED')
        return done(
          es
            ? `${by} precompletó ${field} con ${value.text ?? '—'}.`
            : `${by} prefilled ${field} with ${value.text ?? '—'}.`,
        );
      return done(
        value.text
          ? es
            ? `${by} completó ${field} con ${value.text}.`
            : `${by} filled in ${field} with ${value.text}.`
          : es
            ? `${by} completó ${field}.`
            : `${by} filled in ${field}.`,
      );
    }
    case 'DOCUMENT_FIELD_UNINSERTED':
      return done(es ? `${who} borró ${fieldText(lang, data)}.` : `${who} cleared ${fieldText(lang, data)}.`);
    case 'DOCUMENT_RECIPIENT_COMPLETED': {
      const action = str(data.action);
      const verb: Record<string, [string, string]> = {
        signed: ['signed the document', 'firmó el documento'],
        approved: ['approved the document', 'aprobó el documento'],
        viewed: ['viewed the document', 'vio el documento'],
      };
      const [en, esVerb] = (action && verb[action]) ?? ['completed their part', 'completó su parte'];
      return done(`${who} ${es ? esVerb : en}.`);
    }
    case 'DOCUMENT_RECIPIENT_REJECTED': {
      const reason = str(data.reason);
      const onBehalf = data.recordedBy === 'api' && event.recipientName;
      const subject = onBehalf ? event.recipientName! : who;
      const base = es ? `${subject} rechazó el documento` : `${subject} rejected the document`;
      const recorded = onBehalf ? (es ? ' (registrado por el remitente)' : ' (recorded by the sender)') : '';
      const why = reason ? (es ? ` Motivo: ${quote(lang, reason)}.` : ` Reason: ${quote(lang, reason)}.`) : '';
      return done(`${base}${recorded}.${why}`);
    }
    case 'DOCUMENT_COMPLETED':
    case 'DOCUMENT_REJECTED': {
      itemHashes('finalSha256', 'SHA-256 of the sealed final file', 'SHA-256 del archivo final sellado');
      const cert = str(data.certificateSha256);
      if (cert)
        hashes.push({
          label: es ? 'SHA-256 del certificado de finalización' : 'SHA-256 of the certificate of completion',
          value: cert,
        });
      return done(
        event.type === 'DOCUMENT_COMPLETED'
          ? es
            ? 'Todos los destinatarios terminaron; el documento fue sellado.'
            : 'Every recipient finished; the document was sealed.'
          : es
            ? 'El documento se cerró como rechazado y fue sellado.'
            : 'The document was closed as rejected and sealed.',
      );
    }
    case 'RECIPIENT_EXPIRED': {
      const name = event.recipientName ?? (es ? 'un destinatario' : 'a recipient');
      return done(es ? `Venció el plazo de firma de ${name}.` : `The signing period of ${name} expired.`);
    }
    case 'RECIPIENT_CONSENT_ACCEPTED': {
      const version = str(data.version) ?? '?';
      const text = str(data.statement);
      return done(
        es
          ? `${who} aceptó firmar electrónicamente (declaración versión ${version})${text ? `: ${quote(lang, text)}` : ''}.`
          : `${who} agreed to sign electronically (statement version ${version})${text ? `: ${quote(lang, text)}` : ''}.`,
      );
    }
    case 'DOCUMENT_RECIPIENT_DOWNLOADED': {
      const certificate = str(data.file) === 'certificate';
      return done(
        es
          ? `${who} descargó ${certificate ? 'el certificado' : 'el documento firmado'} desde su enlace.`
          : `${who} downloaded ${certificate ? 'the certificate' : 'the signed document'} through their link.`,
      );
    }
    case 'DOCUMENT_REMINDER_SENT': {
      const name = event.recipientName ?? (es ? 'un destinatario' : 'a recipient');
      const n = typeof data.reminder === 'number' ? data.reminder : null;
      return done(
        es
          ? `Firma envió a ${name} el recordatorio${n ? ` n.º ${n}` : ''} de firmar.`
          : `Firma sent ${name} reminder${n ? ` #${n}` : ''} to sign.`,
      );
    }
    case 'DOCUMENT_CANCELLED':
      return done(es ? `${who} canceló el documento.` : `${who} cancelled the document.`);
    case 'DOCUMENT_DELETED':
      return done(es ? `${who} eliminó el documento.` : `${who} deleted the document.`);
    default:
      return done(recordedSentence(lang, who, event.type, data, hashes));
  }
}

/** "2 tries left" / "locked": what a failed verification left. */
function triesText(lang: Lang, left: unknown): string {
  const n = typeof left === 'number' ? left : null;
  if (n === null) return lang === 'es' ? 'intento fallido' : 'failed try';
  if (n <= 0) return lang === 'es' ? 'sin más intentos' : 'no tries left';
  return lang === 'es' ? `quedan ${n} intentos` : `${n} ${n === 1 ? 'try' : 'tries'} left`;
}

/**
 * An entry this module has no sentence for (an edit before sending, a type added later): who did
 * it and what it recorded, as "member: value" pairs; hashes become labelled lines.
 */
function recordedSentence(
  lang: Lang,
  who: string,
  type: string,
  data: Record<string, unknown>,
  hashes: WordedEvent['hashes'],
): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    if (typeof value === 'string' && HEX64.test(value)) {
      hashes.push({ label: `SHA-256 (${prefix})`, value });
      return;
    }
    if (Array.isArray(value)) {
      if (value.every((v) => v === null || typeof v !== 'object')) parts.push(`${prefix}: ${value.join(', ')}`);
      else value.forEach((v, i) => walk(`${prefix} ${i + 1}`, v));
      return;
    }
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(prefix ? `${prefix} ${k}` : k, v);
      return;
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      parts.push(`${prefix}: ${String(value)}`);
  };
  walk('', data);
  const head = lang === 'es' ? `${who} registró ${type}` : `${who} recorded ${type}`;
  return parts.length ? `${head} (${parts.join('; ')}).` : `${head}.`;
}
