import { z } from 'zod';

export const ZErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    issues: z
      .array(z.object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional() }))
      .optional(),
    requestId: z.string().optional(),
    stage: z
      .enum(['access', 'action'])
      .optional()
      .describe('VERIFICATION_REQUIRED: what waits for verification (the content, or completing)'),
    pending: z
      .array(z.string())
      .optional()
      .describe('VERIFICATION_REQUIRED: the methods still to pass (one of TWO_FACTOR_AUTH / PASSWORD; CUIL too)'),
  })
  .meta({ id: 'Error' });

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input data',
  401: 'Authorization not provided',
  403: 'Insufficient access',
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Gone, or turned off',
  413: 'Payload too large',
  422: 'Idempotency-Key reused with a different request',
  429: 'Too many requests; respect Retry-After',
  500: 'Internal server error',
  502: 'An external provider failed',
};

/** Error responses for the OpenAPI document; 400, 401, 403 and 500 apply to every operation. */
export function errorResponses(...extra: number[]) {
  const statuses = [...new Set([400, 401, 403, 500, 429, ...extra])].sort();
  return Object.fromEntries(statuses.map((s) => [s, ZErrorBody.describe(DESCRIPTIONS[s] ?? 'Error')]));
}

/**
 * `formValues`: the PDF's own form (AcroForm) fields by name. Checked against the form (unknown
 * name, wrong type, not an option: 400 naming the field), then filled and flattened into the PDF.
 */
export const ZFormValuesInput = z
  .record(z.string().max(255), z.union([z.string().max(10_000), z.boolean(), z.number()]))
  .describe(
    'Values for the PDF’s own form fields by field name (text ← string or number, checkbox ← boolean, radio group, dropdown or list ← one of its options): filled and flattened into the PDF when it is stored, so signers and the final PDF show them. A name the form lacks is 400 FORM_FIELD_NOT_FOUND, a wrong value 400 FORM_VALUE_INVALID, a PDF without a form 400 PDF_HAS_NO_FORM.',
  );

export const ZSuccess = z.object({ success: z.boolean() });

/**
 * A field's `fieldMeta` as the use cases take it: the field schemas type it per field type (and
 * some types have none), the use cases validate it again as a plain record.
 */
export function fieldMetaOf(field: object): Record<string, unknown> | undefined {
  return 'fieldMeta' in field ? (field.fieldMeta as Record<string, unknown> | undefined) : undefined;
}

/** Documenso's `useLegacyFieldInsertion` on document and template update (field-render-inputs.ts `legacyLayout`). */
export const ZLegacyFieldInsertion = z
  .boolean()
  .describe(
    'Burn the fields in the older layout Documenso keeps for documents made before its newer renderer: one line, centred unless textAlign says otherwise, vertically centred, at the font size or smaller so it stays in its box (lineHeight, letterSpacing and overflow are not applied). Changes only while the document is a DRAFT',
  );
