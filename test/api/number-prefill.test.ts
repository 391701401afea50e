import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument, createPendingDocument } from '../helpers/documents.js';
import { CONSENT, tokenOf, waitForStatus } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfToText } from '../support/pdf-tools.js';
import { taggedPdf } from '../support/tagged-pdf.js';

/**
 * Issue #35 items 2 and 3: a NUMBER field's numberFormat (Documenso's three), its minValue and
 * maxValue, and the sender's prefills (NUMBER value, TEXT text, checked RADIO/CHECKBOX options,
 * DROPDOWN defaultValue): accepted at create, refused when unsound, kept by the signing API
 * (read-only ones refuse a change), satisfying required fields and burned into the final PDF.
 */
const box = (pageY: number) => ({ pageNumber: 1, pageX: 10, pageY, width: 40, height: 4 });
const flat = (s: string) => s.replace(/\s+/g, '');

function prefilledPayload() {
  return {
    title: 'Formatos y valores previos',
    recipients: [
      {
        email: 'ana@example.com',
        name: 'Ana García',
        role: 'SIGNER',
        cuil: CUIL_A,
        fields: [
          { type: 'SIGNATURE', ...box(2) },
          {
            type: 'NUMBER',
            ...box(10),
            fieldMeta: {
              type: 'number',
              label: 'Monto',
              required: true,
              numberFormat: '123.456.789,00',
              minValue: 0,
              maxValue: 5_000_000,
            },
          },
          {
            type: 'NUMBER',
            ...box(16),
            fieldMeta: {
              type: 'number',
              label: 'Cuotas',
              readOnly: true,
              value: '1234',
              numberFormat: '123,456,789.00',
              maxValue: 99_999,
            },
          },
          {
            type: 'NUMBER',
            ...box(22),
            fieldMeta: { type: 'number', label: 'Tasa', value: '1234567.25', numberFormat: '123456,789.00' },
          },
          {
            type: 'TEXT',
            ...box(28),
            fieldMeta: { type: 'text', label: 'Domicilio', required: true, text: 'Calle Previa 742' },
          },
          {
            type: 'RADIO',
            ...box(34),
            fieldMeta: {
              type: 'radio',
              readOnly: true,
              values: [
                { id: 1, checked: false, value: 'Sí' },
                { id: 2, checked: true, value: 'No' },
              ],
            },
          },
          {
            type: 'CHECKBOX',
            ...box(42),
            fieldMeta: {
              type: 'checkbox',
              required: true,
              values: [
                { id: 1, checked: true, value: 'Acepto' },
                { id: 2, checked: false, value: 'Newsletter' },
              ],
            },
          },
          {
            type: 'DROPDOWN',
            ...box(52),
            fieldMeta: {
              type: 'dropdown',
              values: [{ value: 'Córdoba' }, { value: 'Mendoza' }],
              defaultValue: 'Mendoza',
            },
          },
        ],
      },
    ],
  };
}

interface SigningField {
  id: number;
  type: string;
  inserted: boolean;
  customText: string;
  fieldMeta: { label?: string } | null;
}

for (const database of testDatabases()) {
  describe(`number formats and prefills (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
    });
    after(() => server?.close());

    test('create keeps each format and prefill; unsound ones are refused and nothing is created', async () => {
      const created = await createDocument(server.api, prefilledPayload());
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const got = await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`);
      const metas = (got.body.fields as { type: string; fieldMeta: Record<string, unknown> }[]).map((f) => f.fieldMeta);
      const byLabel = (label: string) => metas.find((m) => m?.label === label)!;
      assert.equal(byLabel('Monto').numberFormat, '123.456.789,00');
      assert.equal(byLabel('Cuotas').value, '1234');
      assert.equal(byLabel('Tasa').numberFormat, '123456,789.00');
      assert.equal(byLabel('Domicilio').text, 'Calle Previa 742');
      assert.equal(metas.find((m) => m?.type === 'dropdown')!.defaultValue, 'Mendoza');
      assert.deepEqual(
        (metas.find((m) => m?.type === 'checkbox')!.values as { checked: boolean }[]).map((v) => v.checked),
        [true, false],
      );

      const before = await countRows(server, 'envelope');
      const withMeta = (index: number, fieldMeta: Record<string, unknown>) => {
        const payload = prefilledPayload();
        const field = payload.recipients[0]!.fields[index] as { fieldMeta: Record<string, unknown> };
        field.fieldMeta = { ...field.fieldMeta, ...fieldMeta };
        return payload;
      };
      const refusals: [string, unknown, string, string][] = [
        ['unknown format', withMeta(1, { numberFormat: '1 234,56' }), 'FIELD_META_NOT_SUPPORTED', 'numberFormat'],
        ['value above maxValue', withMeta(2, { value: '100000' }), 'VALIDATION_ERROR', 'value'],
        ['value not a number', withMeta(2, { value: 'doce' }), 'VALIDATION_ERROR', 'value'],
        ['value not in its format', withMeta(2, { value: '1.234,5' }), 'VALIDATION_ERROR', 'value'],
        ['defaultValue not an option', withMeta(7, { defaultValue: 'Salta' }), 'VALIDATION_ERROR', 'defaultValue'],
        [
          'two radio options checked',
          withMeta(5, {
            values: [
              { id: 1, checked: true, value: 'Sí' },
              { id: 2, checked: true, value: 'No' },
            ],
          }),
          'VALIDATION_ERROR',
          'values',
        ],
      ];
      for (const [name, payload, code, member] of refusals) {
        const res = await createDocument(server.api, payload);
        assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, name);
        assert.ok(
          (res.body.issues as { path: unknown[] }[]).some(
            (i) => i.path.includes('fieldMeta') && i.path.includes(member),
          ),
          `${name}: ${JSON.stringify(res.body.issues)}`,
        );
      }
      assert.equal(await countRows(server, 'envelope'), before, 'nothing created');

      // Changing a field later is checked the same way, and changes nothing when refused.
      const number = (got.body.fields as { id: number; fieldMeta: { label?: string } }[]).find(
        (f) => f.fieldMeta?.label === 'Monto',
      )!;
      const update = (fieldMeta: Record<string, unknown>) =>
        server.api.post('/api/v2/envelope/field/update-many', {
          json: { envelopeId: created.body.envelopeId, data: [{ id: number.id, type: 'NUMBER', fieldMeta }] },
        });
      const unknown = await update({ numberFormat: '#,##0.00' });
      assert.equal(unknown.status, 400, JSON.stringify(unknown.body));
      assert.equal(unknown.body.code, 'FIELD_META_NOT_SUPPORTED');
      const outside = await update({ value: '7', minValue: 10 });
      assert.equal(outside.status, 400, JSON.stringify(outside.body));
      assert.equal(outside.body.code, 'VALIDATION_ERROR');
      const after = await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`);
      assert.deepEqual(after.body.fields, got.body.fields);
      const changed = await update({ numberFormat: '123,456,789.00', value: '12.5' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
    });

    test('signing: formatted or canonical input, bounds, read-only prefills; the PDF shows formats and prefills', async () => {
      const { documentId, urls } = await createPendingDocument(server.api, prefilledPayload());
      const token = tokenOf(urls.get('ana@example.com')!);
      const open = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(open.status, 200);
      const fields = open.body.fields as SigningField[];
      const byLabel = (label: string) => fields.find((f) => f.fieldMeta?.label === label)!;
      const put = (field: SigningField, body: unknown, t = token) =>
        server.anon.post(`/api/v2/signing/${t}/field/${field.id}`, { json: body });
      const current = async (field: SigningField) =>
        ((await server.anon.get(`/api/v2/signing/${token}`)).body.fields as SigningField[]).find(
          (f) => f.id === field.id,
        )!;
      const monto = byLabel('Monto');

      const formatted = await put(monto, { value: '1.234.567,5' });
      assert.equal(formatted.status, 200, JSON.stringify(formatted.body));
      assert.equal(formatted.body.customText, '1.234.567,5');
      const canonical = await put(monto, { value: '2500000.75' });
      assert.equal(canonical.status, 200, JSON.stringify(canonical.body));
      assert.equal(canonical.body.customText, '2.500.000,75', 'a canonical number is shown in the format');

      // Refusals change nothing.
      for (const [value, code] of [
        ['2,500,000.75', 'INVALID_FIELD_VALUE'],
        ['5.000.000,01', 'INVALID_FIELD_VALUE'],
        ['-1', 'INVALID_FIELD_VALUE'],
      ] as const) {
        const res = await put(monto, { value });
        assert.equal(res.status, 400, `${value}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, value);
        assert.ok(typeof res.body.message === 'string' && res.body.message.length > 0);
      }
      const tooMuch = await put(monto, { value: '6000000' });
      assert.match(tooMuch.body.message, /5\.000\.000/, 'the bound is written in the field’s format');
      assert.equal((await current(monto)).customText, '2.500.000,75');

      const cuotas = byLabel('Cuotas');
      const readOnly = await put(cuotas, { value: '12' });
      assert.equal(readOnly.status, 400, JSON.stringify(readOnly.body));
      assert.equal(readOnly.body.code, 'FIELD_READ_ONLY');
      const cleared = await server.anon.delete(`/api/v2/signing/${token}/field/${cuotas.id}`);
      assert.equal(cleared.status, 400);
      assert.equal(cleared.body.code, 'FIELD_READ_ONLY');
      const radio = fields.find((f) => f.type === 'RADIO')!;
      assert.equal((await put(radio, { value: 'Sí' })).body.code, 'FIELD_READ_ONLY');
      assert.equal((await current(cuotas)).inserted, false);
      const wrongToken = await put(monto, { value: '1' }, `${token.slice(0, -2)}xx`);
      assert.equal(wrongToken.status, 404);
      assert.equal((await current(monto)).customText, '2.500.000,75');

      // Nothing else filled: the prefills satisfy the required TEXT and CHECKBOX.
      const signature = fields.find((f) => f.type === 'SIGNATURE')!;
      assert.equal((await put(signature, { signature: { type: 'typed', text: 'Ana García' } })).status, 200);
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(done.status, 200, JSON.stringify(done.body));

      await waitForStatus(server.api, documentId, ['COMPLETED'], 120_000);
      const document = await server.api.get(`/api/v2/document/${documentId}`);
      const stored = (document.body.fields as { type: string; inserted: boolean; customText: string }[]).map((f) => [
        f.type,
        f.inserted,
        f.customText,
      ]);
      for (const expected of [
        ['NUMBER', true, '2.500.000,75'],
        ['NUMBER', true, '1,234'],
        ['NUMBER', true, '1234,567.25'],
        ['TEXT', true, 'Calle Previa 742'],
        ['RADIO', true, 'No'],
        ['CHECKBOX', true, 'Acepto'],
        ['DROPDOWN', true, 'Mendoza'],
      ])
        assert.ok(
          stored.some((s) => JSON.stringify(s) === JSON.stringify(expected)),
          `${JSON.stringify(expected)} in ${JSON.stringify(stored)}`,
        );
      const signed = await server.api.get(`/api/v2/document/${documentId}/download?version=signed`);
      assert.equal(signed.status, 200);
      const text = flat(pdfToText(signed.bytes));
      for (const words of ['2.500.000,75', '1,234', '1234,567.25', 'Calle Previa 742', 'Mendoza', 'Acepto'])
        assert.ok(text.includes(flat(words)), `the signed PDF shows "${words}"`);
    });

    test('a required read-only field without a prefill stops distribute: nobody could fill it', async () => {
      const payload = {
        title: 'Sin valor',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana García',
            role: 'SIGNER',
            cuil: CUIL_A,
            fields: [
              { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 },
              {
                type: 'TEXT',
                pageNumber: 1,
                pageX: 10,
                pageY: 60,
                width: 30,
                height: 5,
                fieldMeta: { type: 'text', label: 'Fijo', readOnly: true, required: true },
              },
            ],
          },
        ],
      };
      const created = await createDocument(server.api, payload);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const documentId = created.body.id as number;
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(sent.status, 400, JSON.stringify(sent.body));
      assert.equal(sent.body.code, 'VALIDATION_ERROR');
      const got = await server.api.get(`/api/v2/document/${documentId}`);
      const text = (got.body.fields as { id: number; type: string }[]).find((f) => f.type === 'TEXT')!;
      const issue = (sent.body.issues as { path: unknown[] }[]).find((i) => i.path.includes('readOnly'));
      assert.deepEqual(issue?.path, ['fields', text.id, 'fieldMeta', 'readOnly'], JSON.stringify(sent.body.issues));
      assert.equal((await server.api.get(`/api/v2/document/${documentId}`)).body.status, 'DRAFT', 'nothing sent');
      // Prefilled, the same field goes out.
      const updated = await server.api.post('/api/v2/document/field/update', {
        json: {
          documentId,
          field: {
            id: text.id,
            type: 'TEXT',
            fieldMeta: { type: 'text', label: 'Fijo', readOnly: true, required: true, text: 'Valor fijado' },
          },
        },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      const again = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, meta: { distributionMethod: 'NONE' } },
      });
      assert.equal(again.status, 200, JSON.stringify(again.body));
    });

    test('placeholder tags carry a number format, bounds and a prefilled value', async () => {
      const { bytes } = await taggedPdf([
        {
          tags: [
            { text: '{{signature, r1}}', x: 60, y: 120 },
            {
              text: '{{number,r1,value=4321,maxValue=99999,numberFormat=123.456.789,00,readOnly=true}}',
              x: 60,
              y: 400,
              size: 6,
            },
            { text: '{{text,r1,text=Previo,required=true}}', x: 60, y: 600, size: 8 },
          ],
        },
      ]);
      const payload = {
        title: 'Tags',
        recipients: [{ name: 'Ana', email: 'ana@example.com', role: 'SIGNER', cuil: CUIL_A }],
      };
      const created = await createDocument(server.api, payload, bytes);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const got = await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`);
      const number = (got.body.fields as { type: string; fieldMeta: Record<string, unknown> }[]).find(
        (f) => f.type === 'NUMBER',
      )!;
      assert.deepEqual(
        [number.fieldMeta.value, number.fieldMeta.maxValue, number.fieldMeta.numberFormat, number.fieldMeta.readOnly],
        ['4321', 99999, '123.456.789,00', true],
      );
      const outside = await taggedPdf([{ tags: [{ text: '{{number,r1,value=50,maxValue=9}}', x: 60, y: 400 }] }]);
      const refused = await createDocument(server.api, payload, outside.bytes);
      assert.equal(refused.status, 400, JSON.stringify(refused.body));

      const distributed = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(distributed.status, 200, JSON.stringify(distributed.body));
      const token = tokenOf(distributed.body.recipients[0].signingUrl as string);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      const signature = (view.body.fields as SigningField[]).find((f) => f.type === 'SIGNATURE')!;
      const sign = await server.anon.post(`/api/v2/signing/${token}/field/${signature.id}`, {
        json: { signature: { type: 'typed', text: 'Ana' } },
      });
      assert.equal(sign.status, 200);
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      await waitForStatus(server.api, created.body.id as number, ['COMPLETED'], 120_000);
      const signed = await server.api.get(`/api/v2/document/${created.body.id}/download?version=signed`);
      const text = flat(pdfToText(signed.bytes));
      assert.ok(text.includes('4.321'), 'the prefilled number is burned in its format');
      // The tag's own text holds the word: the field's value says the prefill was filled in.
      const fields = (await server.api.get(`/api/v2/document/${created.body.id}`)).body.fields as {
        type: string;
        inserted: boolean;
        customText: string;
      }[];
      assert.deepEqual(
        fields
          .filter((f) => f.type !== 'SIGNATURE')
          .map((f) => [f.type, f.inserted, f.customText])
          .sort(),
        [
          ['NUMBER', true, '4.321'],
          ['TEXT', true, 'Previo'],
        ],
      );
    });
  });
}
