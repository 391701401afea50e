import { AppError } from '../../errors.js';
import { FormFillError } from '../../infra/pdf/forms/fill-form.js';
import type { FormFieldInfo, FormValue } from '../../infra/pdf/forms/form-fields.js';
import { PdfRejectedError } from '../../infra/pdf/inspect-pdf.js';
import type { Ctx } from '../context.js';
import { IssueCollector } from './validation-issues.js';

/**
 * `formValues` (Documenso's): values for the PDF's own AcroForm fields, by field name. Firma checks
 * every one against the form before anything is stored, then fills and flattens the form into the
 * PDF the document is made of (as Documenso does at creation), so the signing page, the pending
 * preview and the sealed final all show the same filled document; the audit entry records both
 * the uploaded PDF's hash and the filled one's, and the values.
 */

export type FormValues = Record<string, FormValue>;
type Path = (string | number)[];

export function hasFormValues(values: FormValues | null | undefined): values is FormValues {
  return values != null && Object.keys(values).length > 0;
}

/** Why `value` cannot go into `field`, or undefined when it can. */
function valueProblem(field: FormFieldInfo, value: FormValue): string | undefined {
  switch (field.kind) {
    case 'text':
      if (typeof value === 'boolean') return 'is a text field: send a string or a number';
      if (field.maxLength !== undefined && String(value).length > field.maxLength)
        return `takes at most ${field.maxLength} characters`;
      return undefined;
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : 'is a checkbox: send true or false';
    case 'radio':
    case 'dropdown':
    case 'optionList': {
      const options = field.options ?? [];
      if (typeof value !== 'boolean' && options.includes(String(value))) return undefined;
      return `is a ${field.kind === 'radio' ? 'radio group' : field.kind === 'dropdown' ? 'dropdown' : 'list'}: send one of ${options.map((o) => JSON.stringify(o)).join(', ') || '(no options)'}`;
    }
    case 'button':
    case 'signature':
      return `is a ${field.kind} field and holds no value`;
  }
}

/**
 * Checks every value against the forms of the PDFs it will fill (a name may be a field of any of
 * them; it fills each that has it). `path` is where `formValues` sits in the request.
 */
export function checkFormValues(
  values: FormValues,
  forms: (FormFieldInfo[] | undefined)[],
  path: Path,
  issues: IssueCollector,
): void {
  const fields = forms.flatMap((f) => f ?? []);
  if (fields.length === 0) {
    issues.add('PDF_HAS_NO_FORM', path, 'the PDF has no form fields to fill; send {} or omit it');
    return;
  }
  for (const [name, value] of Object.entries(values)) {
    const matches = fields.filter((f) => f.name === name);
    if (matches.length === 0) {
      issues.add('FORM_FIELD_NOT_FOUND', [...path, name], `the PDF form has no field "${name}"`);
      continue;
    }
    const problem = matches.map((f) => valueProblem(f, value)).find((p) => p !== undefined);
    if (problem) issues.add('FORM_VALUE_INVALID', [...path, name], `"${name}" ${problem}`);
  }
}

/** Checks and throws: one PDF's (or several PDFs') form against the values. */
export function refuseUnfitFormValues(values: FormValues, forms: (FormFieldInfo[] | undefined)[], path: Path): void {
  const issues = new IssueCollector();
  checkFormValues(values, forms, path, issues);
  issues.throwIfAny('The form values do not fit the PDF’s form');
}

/** The values naming fields of this form; undefined when none does (the PDF is left as it is). */
export function formValuesFor(values: FormValues, fields: FormFieldInfo[] | undefined): FormValues | undefined {
  const names = new Set((fields ?? []).map((f) => f.name));
  const mine = Object.entries(values).filter(([name]) => names.has(name));
  return mine.length > 0 ? Object.fromEntries(mine) : undefined;
}

/**
 * The PDF with its form filled with `values` and flattened, made in a PDF worker thread.
 * @throws FORM_VALUE_INVALID (a value the form would not take), PDF_TOO_COMPLEX
 */
export async function fillFormValues(ctx: Ctx, pdf: Uint8Array, values: FormValues, path: Path): Promise<Uint8Array> {
  try {
    return await ctx.pdf.run({ kind: 'fill-form', pdf, values });
  } catch (error) {
    if (error instanceof FormFillError)
      throw new AppError('FORM_VALUE_INVALID', `The form field "${error.field}" cannot take its value`, {
        issues: [{ message: error.message, path: [...path, error.field] }],
      });
    if (error instanceof PdfRejectedError) throw new AppError(error.reason, error.message);
    throw error;
  }
}
