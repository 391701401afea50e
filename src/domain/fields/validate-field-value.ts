import { z } from 'zod';
import type { FieldType } from '../../lib/vocabulary/field-types.js';
import { AppError } from '../../errors.js';
import { formatDate } from '../../lib/format-date.js';
import { formatNumber, readNumber } from '../../lib/number-format.js';
import { isNumberFormat } from '../../lib/vocabulary/number-formats.js';
import { isValidCuil, isValidCuit, isValidDni } from '../../lib/tax-id.js';
import type { FieldMeta } from './field-meta.js';
import type { StoredFieldValue } from './field-value.js';

export const MAX_SIGNATURE_PNG_BYTES = 512 * 1024;
/**
 * An uploaded image (a scan, a photo of a signature) may weigh more than a drawn one: 700 KB, so
 * that its base64 fits the default JSON body limit (FIRMA_MAX_JSON_BODY_KB, 1024).
 */
export const MAX_UPLOADED_SIGNATURE_BYTES = 700 * 1024;
const base64Length = (bytes: number) => Math.ceil((bytes * 4) / 3) + 64;

/** What a recipient sends to fill a field (the signing API's body). */
export const ZInsertFieldBody = z.union([
  z.strictObject({ value: z.string().max(10_000) }),
  z.strictObject({ values: z.array(z.string().max(255)).max(100) }),
  z.strictObject({
    signature: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('typed'), text: z.string().trim().min(1).max(100) }),
      z.strictObject({ type: z.literal('drawn'), image: z.string().max(base64Length(MAX_SIGNATURE_PNG_BYTES)) }),
      z.strictObject({
        type: z.literal('uploaded'),
        image: z.string().max(base64Length(MAX_UPLOADED_SIGNATURE_BYTES)),
      }),
    ]),
  }),
  z.strictObject({}),
]);
export type InsertFieldBody = z.output<typeof ZInsertFieldBody>;

export interface FillContext {
  recipient: { name: string; email: string };
  now: Date;
  timezone: string;
  dateFormat: string;
  language: string;
  typedSignatureEnabled: boolean;
  drawSignatureEnabled: boolean;
  uploadSignatureEnabled: boolean;
}

/** An image signature's bytes, to check and (uploaded) re-encode off the event loop. */
export interface SignatureImageRequest {
  bytes: Buffer;
  format: 'png' | 'jpeg';
  reencode: boolean;
}

export interface ValidatedValue {
  stored: StoredFieldValue;
  /** The text shown for the field in API reads (Documenso's customText). */
  customText: string;
  /** An image signature, to decode and store as a PNG blob (its sha256 then goes into `stored`). */
  image?: SignatureImageRequest;
}

const invalid = (message: string, path: string[] = ['value']): AppError =>
  new AppError('INVALID_FIELD_VALUE', message, { issues: [{ message: `${path.join('.')}: ${message}`, path }] });

/**
 * Checks a value against the field's type and fieldMeta and returns what to store.
 * Server-filled fields (NAME, EMAIL, DATE) take `{}`; NAME may be overridden with `{value}`.
 * @throws INVALID_FIELD_VALUE (400) with issues (a number outside minValue/maxValue names the bound in the field's format)
 */
export function validateFieldValue(
  type: FieldType,
  meta: FieldMeta | null,
  body: InsertFieldBody,
  fill: FillContext,
): ValidatedValue {
  const text = 'value' in body ? body.value : undefined;
  switch (type) {
    case 'SIGNATURE':
    case 'FREE_SIGNATURE':
    case 'INITIALS': {
      if (type === 'INITIALS' && text !== undefined) return textValue(requireText(text.trim(), 10));
      if (!('signature' in body))
        throw invalid(
          `a ${type} field takes {"signature": {"type": "typed", "text"} | {"type": "drawn" | "uploaded", "image": "data:image/png;base64,…"}}`,
          ['signature'],
        );
      if (body.signature.type === 'typed') {
        if (!fill.typedSignatureEnabled)
          throw invalid('typed signatures are disabled for this document', ['signature', 'type']);
        return {
          stored: { kind: 'signature', signature: { type: 'typed', text: body.signature.text } },
          customText: '',
        };
      }
      const method = body.signature.type;
      if (method === 'drawn' && !fill.drawSignatureEnabled)
        throw invalid('drawn signatures are disabled for this document', ['signature', 'type']);
      if (method === 'uploaded' && !fill.uploadSignatureEnabled)
        throw new AppError('SIGNATURE_UPLOAD_DISABLED', 'Uploaded signatures are disabled for this document', {
          issues: [{ message: 'signature.type: uploaded signatures are disabled', path: ['signature', 'type'] }],
        });
      const image = imageOfDataUrl(method, body.signature.image);
      return { stored: { kind: 'signature', signature: { type: method, sha256: '' } }, customText: '', image };
    }
    case 'NAME': {
      const name = text !== undefined ? requireText(text.trim(), 255) : fill.recipient.name.trim();
      if (!name) throw invalid('the recipient has no name on file: send {"value": "<your name>"}');
      return textValue(name);
    }
    case 'EMAIL':
      if (!('value' in body) && !fill.recipient.email) throw invalid('the recipient has no e-mail on file');
      if (text !== undefined) throw invalid('the e-mail is filled from the recipient record: send {}');
      return textValue(fill.recipient.email);
    case 'DATE':
      if (text !== undefined) throw invalid('the date is filled by Firma at signing time: send {}');
      return textValue(formatDate(fill.now, fill.dateFormat, fill.timezone, fill.language));
    case 'TEXT': {
      const value = requireString(text);
      const m = meta?.type === 'text' ? meta : null;
      if (m?.required && value.trim() === '') throw invalid('this field is required');
      if (m?.characterLimit && value.length > m.characterLimit) throw invalid(`at most ${m.characterLimit} characters`);
      checkPreset(m?.validationPreset, value);
      return textValue(value);
    }
    case 'NUMBER': {
      const value = requireString(text).trim();
      const m = meta?.type === 'number' ? meta : null;
      if (value === '') {
        if (m?.required) throw invalid('this field is required');
        return textValue('');
      }
      const format = isNumberFormat(m?.numberFormat) ? m.numberFormat : null;
      const canonical = readNumber(value, format);
      if (canonical === null)
        throw invalid(
          format
            ? `must be a number, such as 1234.5 or written as ${format}`
            : 'must be a number, such as 1234 or 12.5',
        );
      const n = Number(canonical);
      if (m?.minValue != null && n < m.minValue)
        throw invalid(`must be at least ${formatNumber(String(m.minValue), format)}`);
      if (m?.maxValue != null && n > m.maxValue)
        throw invalid(`must be at most ${formatNumber(String(m.maxValue), format)}`);
      // With a format the value is kept canonical and shown formatted; without one, as typed.
      return format
        ? { stored: { kind: 'text', text: canonical }, customText: formatNumber(canonical, format) }
        : textValue(value);
    }
    case 'RADIO':
    case 'DROPDOWN': {
      const value = requireString(text);
      const options =
        meta?.type === 'radio' || meta?.type === 'dropdown' ? (meta.values ?? []).map((v) => v.value) : [];
      if (!options.includes(value))
        throw invalid(`must be one of: ${options.map((o) => JSON.stringify(o)).join(', ')}`);
      return textValue(value);
    }
    case 'CHECKBOX': {
      if (!('values' in body)) throw invalid('a CHECKBOX field takes {"values": [..]}', ['values']);
      const m = meta?.type === 'checkbox' ? meta : null;
      const options = (m?.values ?? []).map((v) => v.value);
      const chosen = [...new Set(body.values)];
      const unknown = chosen.filter((v) => !options.includes(v));
      if (unknown.length)
        throw invalid(`not options of this field: ${unknown.map((u) => JSON.stringify(u)).join(', ')}`, ['values']);
      if (m?.required && chosen.length === 0) throw invalid('check at least one option', ['values']);
      const n = m?.validationLength ?? 0;
      if (m?.validationRule === 'Select at least' && chosen.length < n)
        throw invalid(`check at least ${n}`, ['values']);
      if (m?.validationRule === 'Select exactly' && chosen.length !== n)
        throw invalid(`check exactly ${n}`, ['values']);
      if (m?.validationRule === 'Select at most' && chosen.length > n) throw invalid(`check at most ${n}`, ['values']);
      return { stored: { kind: 'choices', values: chosen }, customText: chosen.join(', ') };
    }
  }
}

function textValue(text: string): ValidatedValue {
  return { stored: { kind: 'text', text }, customText: text };
}

function requireString(text: string | undefined): string {
  if (text === undefined) throw invalid('send {"value": "…"}');
  return text;
}

function requireText(text: string, max: number): string {
  if (!text) throw invalid('must not be empty');
  if (text.length > max) throw invalid(`at most ${max} characters`);
  return text;
}

function checkPreset(preset: string | undefined, value: string): void {
  if (!preset || preset === 'none' || value.trim() === '') return;
  const ok = preset === 'cuil' ? isValidCuil(value) : preset === 'cuit' ? isValidCuit(value) : isValidDni(value);
  if (!ok) throw invalid(`is not a valid ${preset.toUpperCase()}`);
}

/**
 * The bytes of an image signature from its data URL, checked for what can be checked without
 * decoding (format, size); the pixels are decoded in a PDF worker (signature-image in insertField).
 */
export function imageOfDataUrl(type: 'drawn' | 'uploaded', dataUrl: string): SignatureImageRequest {
  const path = ['signature', 'image'];
  const pattern =
    type === 'drawn'
      ? /^data:image\/(png);base64,([A-Za-z0-9+/]+={0,2})$/
      : /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/;
  const match = pattern.exec(dataUrl);
  if (!match)
    throw invalid(
      type === 'drawn'
        ? 'a drawn signature is a data URL: data:image/png;base64,…'
        : 'an uploaded signature is a data URL: data:image/png;base64,… or data:image/jpeg;base64,…',
      path,
    );
  const bytes = Buffer.from(match[2]!, 'base64');
  const max = type === 'drawn' ? MAX_SIGNATURE_PNG_BYTES : MAX_UPLOADED_SIGNATURE_BYTES;
  if (bytes.length > max) throw invalid(`the image is larger than ${max / 1024} KB`, path);
  return { bytes, format: match[1] === 'png' ? 'png' : 'jpeg', reencode: type === 'uploaded' };
}
