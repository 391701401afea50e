/**
 * The fields of a PDF's own AcroForm, so `formValues` can be checked against them before
 * anything is stored. Read while an upload is inspected (in a PDF worker thread).
 */
import { PDFCheckBox, PDFDropdown, PDFName, PDFOptionList, PDFRadioGroup, PDFSignature, PDFTextField } from 'pdf-lib';
import type { PDFDocument, PDFField } from 'pdf-lib';

export type FormFieldKind = 'text' | 'checkbox' | 'radio' | 'dropdown' | 'optionList' | 'button' | 'signature';

export interface FormFieldInfo {
  /** The fully qualified name (`parent.child`), the key `formValues` uses. */
  name: string;
  kind: FormFieldKind;
  /** The values a radio group, dropdown or option list accepts. */
  options?: string[];
  /** A text field's /MaxLen. */
  maxLength?: number;
}

export type FormValue = string | number | boolean;

export const ACRO_FORM = PDFName.of('AcroForm');

function kindOf(field: PDFField): FormFieldKind {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFRadioGroup) return 'radio';
  if (field instanceof PDFDropdown) return 'dropdown';
  if (field instanceof PDFOptionList) return 'optionList';
  if (field instanceof PDFSignature) return 'signature';
  return 'button';
}

/** The document's form fields; none when it has no AcroForm (or one pdf-lib cannot read). */
export function readFormFields(doc: PDFDocument): FormFieldInfo[] {
  // getForm() would add an empty AcroForm to a document without one: look first.
  if (!doc.catalog.has(ACRO_FORM)) return [];
  let fields: PDFField[];
  try {
    fields = doc.getForm().getFields();
  } catch {
    return [];
  }
  return fields.map((field) => {
    const info: FormFieldInfo = { name: field.getName(), kind: kindOf(field) };
    if (field instanceof PDFRadioGroup || field instanceof PDFDropdown || field instanceof PDFOptionList)
      info.options = field.getOptions();
    if (field instanceof PDFTextField) {
      const max = field.getMaxLength();
      if (max !== undefined) info.maxLength = max;
    }
    return info;
  });
}
