import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDocument, PDFName } from 'pdf-lib';
import { formPdf, textPdf } from '../../../../test/support/form-fixtures.js';
import { pdfToText } from '../../../../test/support/pdf-tools.js';
import { inspectPdf } from '../inspect-pdf.js';
import { fillForm, FormFillError } from './fill-form.js';

test('inspection lists the AcroForm fields with their kinds and options', async () => {
  const info = await inspectPdf(await formPdf());
  assert.deepEqual(info.formFields, [
    { name: 'nombre', kind: 'text', maxLength: 40 },
    { name: 'acepta', kind: 'checkbox' },
    { name: 'plan', kind: 'radio', options: ['mensual', 'anual'] },
    { name: 'provincia', kind: 'dropdown', options: ['Cordoba', 'Salta'] },
  ]);
  assert.equal((await inspectPdf(await textPdf('sin formulario'))).formFields, undefined);
});

test('filling writes the values into the page content and removes the form', async () => {
  const filled = await fillForm(await formPdf(), {
    nombre: 'María Núñez',
    acepta: true,
    plan: 'anual',
    provincia: 'Salta',
  });
  const doc = await PDFDocument.load(filled);
  assert.equal(doc.catalog.has(PDFName.of('AcroForm')), false);
  assert.equal((await inspectPdf(filled)).formFields, undefined, 'no form left to edit');
  assert.equal(doc.getPage(0).node.Annots()?.size() ?? 0, 0, 'no widget left');
  const text = pdfToText(filled);
  assert.match(text, /María Núñez/);
  assert.match(text, /Salta/);
  assert.match(text, /Formulario de alta/);
});

test('a value pdf-lib refuses is a FormFillError naming the field', async () => {
  await assert.rejects(fillForm(await formPdf(), { plan: 'semanal' }), (e: unknown) => {
    assert.ok(e instanceof FormFillError);
    assert.equal(e.field, 'plan');
    return true;
  });
  await assert.rejects(fillForm(await formPdf(), { nada: 'x' }), FormFillError);
});

test('a value outside Latin-1 is drawn with Noto Sans and extracts as written', async () => {
  const filled = await fillForm(await formPdf(), { nombre: 'Ωμέγα Жуков' });
  assert.match(pdfToText(filled), /Ωμέγα Жуков/);
});

test('a form whose field tree loops back on itself is read as no form, never a crash', async () => {
  const doc = await PDFDocument.load(await formPdf());
  const field = doc.getForm().getTextField('nombre');
  // The field becomes its own kid: a reader that follows /Kids blindly never ends.
  field.acroField.dict.set(PDFName.of('Kids'), doc.context.obj([field.ref]));
  field.acroField.dict.delete(PDFName.of('FT'));
  const info = await inspectPdf(await doc.save({ updateFieldAppearances: false }));
  assert.equal(info.formFields, undefined);
  assert.equal(info.pageCount, 1);
});
