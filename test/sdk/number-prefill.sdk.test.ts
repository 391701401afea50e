import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { createDocument } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Number formats and prefills through the official SDK (issue #35 items 2 and 3): fields created
 * with `numberFormat`, a NUMBER `value`, checked options and a `defaultValue` come back in answers
 * that pass the SDK's own validation, members intact; an unknown format is refused.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript with number formats and prefills (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server?.close());

    test('fields create-many, get and the document answer carry the formats and prefills', async () => {
      const documentId = (await createDocument(server.api)).body.id as number;
      const document = await sdk.documents.get({ documentId });
      const recipientId = document.recipients[0]!.id;
      const at = (pageY: number) => ({ recipientId, pageNumber: 1, pageX: 50, pageY, width: 20, height: 4 });
      const created = await sdk.documents.fields.createMany({
        documentId,
        fields: [
          {
            type: 'NUMBER',
            ...at(10),
            fieldMeta: { type: 'number', numberFormat: '123.456.789,00', value: '1234.5', minValue: 0, maxValue: 9999 },
          },
          {
            type: 'RADIO',
            ...at(20),
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
            ...at(30),
            fieldMeta: { type: 'checkbox', values: [{ id: 1, checked: true, value: 'Acepto' }] },
          },
          {
            type: 'DROPDOWN',
            ...at(40),
            fieldMeta: { type: 'dropdown', values: [{ value: 'A' }, { value: 'B' }], defaultValue: 'B' },
          },
          { type: 'TEXT', ...at(50), fieldMeta: { type: 'text', text: 'Previo', readOnly: true } },
        ],
      });
      const metas = created.fields.map((f) => f.fieldMeta as Record<string, unknown>);
      assert.deepEqual(
        [metas[0]!.numberFormat, metas[0]!.value, metas[0]!.maxValue],
        ['123.456.789,00', '1234.5', 9999],
      );
      assert.deepEqual(
        (metas[1]!.values as { checked: boolean }[]).map((v) => v.checked),
        [false, true],
      );
      assert.equal((metas[2]!.values as { checked: boolean }[])[0]!.checked, true);
      assert.equal(metas[3]!.defaultValue, 'B');
      assert.equal(metas[4]!.text, 'Previo');

      const got = await sdk.documents.fields.get({ fieldId: created.fields[0]!.id });
      assert.equal((got.fieldMeta as { numberFormat?: string }).numberFormat, '123.456.789,00');
      const again = await sdk.documents.get({ documentId });
      assert.ok(again.fields.some((f) => (f.fieldMeta as { defaultValue?: string } | null)?.defaultValue === 'B'));

      await assert.rejects(
        sdk.documents.fields.create({
          documentId,
          field: { type: 'NUMBER', ...at(60), fieldMeta: { type: 'number', numberFormat: '0.00' } },
        }),
        (error: unknown) => (error as { statusCode?: number }).statusCode === 400,
      );
    });
  });
}
