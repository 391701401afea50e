import { PNG } from 'pngjs';
import { z } from 'zod';
import type { FieldType } from '../../lib/vocabulary/field-types.js';
import { AppError } from '../../errors.js';
import { formatDate } from '../../lib/format-date.js';
import { formatNumber, readNumber } from '../../lib/number-format.js';
import { isNumberFormat } from '../../lib/vocabulary/number-formats.js';
import { isValidCuil, isValidCuit, isValidDni } from '../recipients/tax-id.js';
import type { FieldMeta } from './field-meta.js';
import type { StoredFieldValue } from './field-value.js';

export const MAX_SIGNATURE_PNG_BYTES = 512 * 1024;
const MAX_SIGNATURE_PIXELS = 4000;
/** Bounds the decoded size (4 bytes a pixel) whatever the aspect ratio: 32 MB. */
const MAX_SIGNATURE_AREA = 8_000_000;

/** What a recipient sends to fill a field (the signing API's body). */
export const ZInsertFieldBody = z.union([
  z.strictObject({ value: z.string().max(10_000) }),
  z.strictObject({ values: z.array(z.string().max(255)).max(100) }),
  z.strictObject({
    signature: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('typed'), text: z.string().trim().min(1).max(100) }),
      z.strictObject({
        type: z.literal('drawn'),
        image: z.string().max(Math.ceil((MAX_SIGNATURE_PNG_BYTES * 4) / 3) + 64),
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
}

export interface ValidatedValue {
  stored: StoredFieldValue;
  /** The text shown for the field in API reads (Documenso's customText). */
  customText: string;
  /** A drawn signature's PNG, to store as a blob (its sha256 then goes into `stored`). */
  png?: Buffer;
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
          `a ${type} field takes {"signature": {"type": "typed", "text"} | {"type": "drawn", "image": "data:image/png;base64,…"}}`,
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
      if (!fill.drawSignatureEnabled)
        throw invalid('drawn signatures are disabled for this document', ['signature', 'type']);
      const png = decodePngDataUrl(body.signature.image);
      return { stored: { kind: 'signature', signature: { type: 'drawn', sha256: '' } }, customText: '', png };
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

/** A drawn signature must really be a PNG of bounded size and dimensions. */
export function decodePngDataUrl(dataUrl: string): Buffer {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) throw invalid('a drawn signature is a data URL: data:image/png;base64,…', ['signature', 'image']);
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length > MAX_SIGNATURE_PNG_BYTES)
    throw invalid(`the image is larger than ${MAX_SIGNATURE_PNG_BYTES / 1024} KB`, ['signature', 'image']);
  // The header's dimensions are checked before anything is decoded: a small file can declare a
  // huge image (30000×30000 at 1 bit is 109 KB compressed and gigabytes decoded).
  const header = readPngHeader(bytes);
  if (!header) throw invalid('the image is not a valid PNG', ['signature', 'image']);
  checkSignatureDimensions(header.width, header.height);
  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    throw invalid('the image is not a valid PNG', ['signature', 'image']);
  }
  checkSignatureDimensions(png.width, png.height);
  return bytes;
}

function checkSignatureDimensions(width: number, height: number): void {
  if (width > MAX_SIGNATURE_PIXELS || height > MAX_SIGNATURE_PIXELS || width < 2 || height < 2) {
    throw invalid(`the image must be between 2 and ${MAX_SIGNATURE_PIXELS} pixels wide and high`, [
      'signature',
      'image',
    ]);
  }
  if (width * height > MAX_SIGNATURE_AREA) {
    throw invalid(`the image must have at most ${MAX_SIGNATURE_AREA / 1_000_000} million pixels`, [
      'signature',
      'image',
    ]);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which the PNG format requires to come first. */
export function readPngHeader(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
