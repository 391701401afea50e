import type { EnvelopeGraph, FieldRow, RecipientRow } from '../../db/repositories/envelope.repo.js';
import type { FormPlaceholder, RenderField } from '../../infra/pdf/render/index.js';
import { renderInputs } from './field-render-inputs.js';
import type { Ctx } from '../context.js';
import type { Language } from '../../lib/vocabulary/languages.js';
import { digitalSignatureWords } from './digital-signature-words.js';

/**
 * Issue #34: once an item carries a DIGITAL signer's signature, every later revision may only fill
 * form fields, add signature fields, the DSS and document timestamps. So in an item DIGITAL
 * signers sign, every recipient's field is a form field (named after its owner) created in the
 * first signer's revision — filled for whoever already acted, empty for the others — and filled
 * later by the revision of whoever acts next (another signer's, or the completion's). A DIGITAL
 * signer's first SIGNATURE field on the item becomes their visible signature field instead.
 */
export interface FormLayout {
  /** Fields with a value, each with its form name. */
  fields: RenderField[];
  /** Fields without one yet (created empty if missing). */
  empty: FormPlaceholder[];
}

type Graph = Pick<EnvelopeGraph, 'recipients' | 'fields'>;
type LayoutGraph = Graph & { envelope: Pick<EnvelopeGraph['envelope'], 'legacyFieldInsertion'> };

/**
 * The form layout of one item: `withValues` (fields whose stored values go in; rows may carry
 * values not stored yet, e.g. a signer's auto-filled date) and every other field of the item empty.
 * DIGITAL signers' signature fields are left out: each signer's revision lays out its own.
 */
export async function formLayout(
  ctx: Ctx,
  graph: LayoutGraph,
  itemId: string,
  withValues: FieldRow[],
): Promise<FormLayout> {
  const legacy = graph.envelope.legacyFieldInsertion === 1;
  const signatureFields = new Set([...digitalSignatureFields(graph, itemId).values()].map((f) => f.id));
  const byId = new Map(withValues.map((f) => [f.id, f]));
  const layout: FormLayout = { fields: [], empty: [] };
  for (const stored of graph.fields) {
    if (stored.envelopeItemId !== itemId || signatureFields.has(stored.id)) continue;
    const field = byId.get(stored.id) ?? stored;
    const form = { name: formFieldName(graph, field) };
    const [input] = byId.has(field.id) ? await renderInputs(ctx, [field], { legacy }) : [];
    if (input) layout.fields.push({ ...input, form });
    else layout.empty.push({ ...box(field), form });
  }
  return layout;
}

/** Each DIGITAL signer's first SIGNATURE field on the item: where their visible signature goes. */
export function digitalSignatureFields(graph: Graph, itemId: string): Map<number, FieldRow> {
  const digital = new Set(graph.recipients.filter((r) => r.signatureLevel === 'DIGITAL').map((r) => r.id));
  const found = new Map<number, FieldRow>();
  const candidates = graph.fields
    .filter((f) => f.envelopeItemId === itemId && f.type === 'SIGNATURE' && digital.has(f.recipientId))
    .sort((a, b) => a.id - b.id);
  for (const field of candidates) if (!found.has(field.recipientId)) found.set(field.recipientId, field);
  return found;
}

/** "Firma 2 — GÜEMES Bruno": the signer's place among the envelope's signers, and whose it is. */
export function signatureFieldName(graph: Graph, recipient: RecipientRow, language: Language): string {
  const signers = graph.recipients.filter((r) => r.role === 'SIGNER' || r.id === recipient.id);
  const place = signers.findIndex((r) => r.id === recipient.id) + 1;
  return safeName(`${digitalSignatureWords(language).field} ${place} — ${ownerName(recipient, language)}`);
}

export interface SignatureAppearance {
  recipient: RecipientRow;
  cuil: string;
  issuer: string;
  signedAt: Date;
  language: Language;
}

/** The signer's visible signature: name, CUIL, "digitally signed", date and issuer, in the document's language. */
export function signatureAppearanceField(graph: Graph, field: FieldRow, appearance: SignatureAppearance): RenderField {
  const words = digitalSignatureWords(appearance.language);
  const cuil = appearance.cuil.replace(/^(\d{2})(\d{8})(\d)$/, '$1-$2-$3');
  const lines = [
    words.signedBy,
    appearance.recipient.name || appearance.recipient.email || '',
    `CUIL ${cuil}`,
    `${words.date}: ${appearance.signedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `${words.issuer}: ${commonName(appearance.issuer)}`,
  ];
  return {
    ...box(field),
    value: { kind: 'text', text: lines.join('\n') },
    fontSize: 9,
    verticalAlign: 'top',
    form: { name: signatureFieldName(graph, appearance.recipient, appearance.language), signature: true },
  };
}

/** A form field's name: the Firma field's type and id, and whose it is ("TEXT 12 — GARCÍA Ana"). */
function formFieldName(graph: Graph, field: FieldRow): string {
  const owner = graph.recipients.find((r) => r.id === field.recipientId);
  return safeName(`${field.type} ${field.id}${owner ? ` — ${ownerName(owner, 'es')}` : ''}`);
}

/** "Bruno Güemes" → "GÜEMES Bruno": the last word taken as the surname, as Argentine documents print it. */
function ownerName(recipient: RecipientRow, language: Language): string {
  const words = (recipient.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return recipient.email ?? '';
  const surname = words.pop()!.toLocaleUpperCase(language);
  return [surname, ...words].join(' ');
}

/** A period separates the parts of a fully qualified field name: none inside one part. */
function safeName(name: string): string {
  return name.replaceAll('.', ' ');
}

function commonName(distinguishedName: string): string {
  return /CN=([^,/+]+)/.exec(distinguishedName)?.[1]?.trim() ?? distinguishedName;
}

function box(field: FieldRow): Omit<FormPlaceholder, 'form'> {
  const { page, positionX, positionY, width, height } = field;
  return { page, positionX, positionY, width, height };
}
