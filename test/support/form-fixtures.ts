import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A one-page PDF with an AcroForm: a text field `nombre` (max 40 characters), a checkbox `acepta`,
 * a radio group `plan` (mensual, anual), a dropdown `provincia` (Cordoba, Salta) and, when asked,
 * a second page. Its static text is `staticText`, so a test can tell it from another PDF.
 */
export async function formPdf(options: { staticText?: string; pages?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText(options.staticText ?? 'Formulario de alta', { x: 50, y: 780, size: 14, font });
  const form = doc.getForm();
  const nombre = form.createTextField('nombre');
  nombre.setMaxLength(40);
  nombre.addToPage(page, { x: 50, y: 700, width: 300, height: 24 });
  form.createCheckBox('acepta').addToPage(page, { x: 50, y: 650, width: 16, height: 16 });
  const plan = form.createRadioGroup('plan');
  plan.addOptionToPage('mensual', page, { x: 50, y: 600, width: 16, height: 16 });
  plan.addOptionToPage('anual', page, { x: 90, y: 600, width: 16, height: 16 });
  const provincia = form.createDropdown('provincia');
  provincia.addOptions(['Cordoba', 'Salta']);
  provincia.addToPage(page, { x: 50, y: 550, width: 200, height: 24 });
  for (let i = 1; i < (options.pages ?? 1); i++)
    doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, font });
  return doc.save();
}

/** A PDF of `pages` pages without a form, whose first page says `text`. */
export async function textPdf(text: string, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(i === 0 ? text : `Page ${i + 1}`, { x: 50, y: 780, size: 14, font });
  return doc.save();
}
