import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, CUIL_B, createPendingDocument } from '../helpers/documents.js';
import { CONSENT, drawnSignature, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const box = (pageY: number) => ({ pageNumber: 1, pageX: 10, pageY, width: 20, height: 4 });

/** One signer holding one field of every kind, with the fieldMeta rules the API must enforce. */
function richPayload(meta: Record<string, unknown> = {}) {
  return {
    title: 'Reglas de campos',
    meta,
    recipients: [
      {
        email: 'ana@example.com',
        name: 'Ana García',
        role: 'SIGNER',
        cuil: CUIL_A,
        fields: [
          { type: 'SIGNATURE', ...box(2) },
          {
            type: 'TEXT',
            ...box(8),
            fieldMeta: { type: 'text', label: 'Domicilio', required: true, characterLimit: 10 },
          },
          { type: 'TEXT', ...box(14), fieldMeta: { type: 'text', label: 'CUIL', validationPreset: 'cuil' } },
          { type: 'NUMBER', ...box(20), fieldMeta: { type: 'number', label: 'Monto', minValue: 10, maxValue: 100 } },
          {
            type: 'RADIO',
            ...box(26),
            fieldMeta: {
              type: 'radio',
              values: [
                { id: 1, checked: false, value: 'Sí' },
                { id: 2, checked: false, value: 'No' },
              ],
            },
          },
          {
            type: 'CHECKBOX',
            ...box(32),
            fieldMeta: {
              type: 'checkbox',
              values: [
                { id: 1, checked: false, value: 'a' },
                { id: 2, checked: false, value: 'b' },
                { id: 3, checked: false, value: 'c' },
              ],
              validationRule: 'Select at least',
              validationLength: 2,
            },
          },
          {
            type: 'DROPDOWN',
            ...box(38),
            fieldMeta: { type: 'dropdown', values: [{ value: 'Córdoba' }, { value: 'Salta' }] },
          },
          { type: 'DATE', ...box(44) },
          { type: 'NAME', ...box(50) },
          { type: 'EMAIL', ...box(56) },
          { type: 'INITIALS', ...box(62) },
          {
            type: 'TEXT',
            ...box(68),
            fieldMeta: { type: 'text', label: 'Fijo', readOnly: true, text: 'Cláusula fija' },
          },
        ],
      },
      {
        email: 'bruno@example.com',
        name: 'Bruno',
        role: 'SIGNER',
        cuil: CUIL_B,
        fields: [{ type: 'SIGNATURE', ...box(80) }],
      },
    ],
  };
}

for (const database of testDatabases()) {
  describe(`signing API rules (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server?.close());

    async function open(meta: Record<string, unknown> = {}) {
      const { urls, documentId } = await createPendingDocument(server.api, richPayload(meta), {
        distributionMethod: 'NONE',
        ...meta,
      });
      const token = tokenOf(urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(view.status, 200);
      const field = (type: string, label?: string) =>
        view.body.fields.find((f: any) => f.type === type && (!label || f.fieldMeta?.label === label));
      const put = (f: { id: number }, body: unknown) =>
        server.anon.post(`/api/v2/signing/${token}/field/${f.id}`, { json: body });
      return { token, view: view.body, field, put, documentId, brunoToken: tokenOf(urls.get('bruno@example.com')!) };
    }

    test('each field type accepts a valid value and answers the field with it', async () => {
      const { field, put, view } = await open({ timezone: 'America/Argentina/Buenos_Aires', dateFormat: 'dd/MM/yyyy' });
      assert.equal(view.state, 'ready');
      assert.equal(view.recipient.readStatus, 'OPENED');

      let res = await put(field('TEXT', 'Domicilio'), { value: 'Calle 1' });
      assert.equal(res.status, 200);
      assert.equal(res.body.inserted, true);
      assert.equal(res.body.customText, 'Calle 1');
      assert.equal((await put(field('TEXT', 'CUIL'), { value: '20-12345678-6' })).status, 200);
      assert.equal((await put(field('NUMBER'), { value: '55.5' })).body.customText, '55.5');
      assert.equal((await put(field('RADIO'), { value: 'No' })).body.customText, 'No');
      assert.deepEqual((await put(field('CHECKBOX'), { values: ['a', 'c'] })).body.values, ['a', 'c']);
      assert.equal((await put(field('DROPDOWN'), { value: 'Salta' })).body.customText, 'Salta');
      res = await put(field('DATE'), {});
      assert.match(
        res.body.customText,
        /^\d{2}\/\d{2}\/\d{4}$/,
        'DATE is filled by the server in the document dateFormat',
      );
      assert.equal((await put(field('NAME'), {})).body.customText, 'Ana García');
      assert.equal(
        (await put(field('NAME'), { value: 'Ana M. García' })).body.customText,
        'Ana M. García',
        'NAME may be overridden',
      );
      assert.equal((await put(field('EMAIL'), {})).body.customText, 'ana@example.com');
      assert.equal((await put(field('INITIALS'), { signature: { type: 'typed', text: 'AG' } })).status, 200);
      res = await put(field('SIGNATURE'), { signature: { type: 'drawn', image: drawnSignature() } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.signature, { type: 'drawn' });
    });

    test('invalid values are 400 INVALID_FIELD_VALUE with issues, and change nothing', async () => {
      const { field, put, token } = await open();
      const cases: [any, unknown, RegExp][] = [
        [field('TEXT', 'Domicilio'), { value: '' }, /required/],
        [field('TEXT', 'Domicilio'), { value: 'x'.repeat(11) }, /at most 10 characters/],
        [field('TEXT', 'CUIL'), { value: '20-12345678-5' }, /not a valid CUIL/],
        [field('NUMBER'), { value: 'doce' }, /must be a number/],
        [field('NUMBER'), { value: '9' }, /at least 10/],
        [field('NUMBER'), { value: '101' }, /at most 100/],
        [field('RADIO'), { value: 'Quizás' }, /must be one of/],
        [field('DROPDOWN'), { value: 'Lima' }, /must be one of/],
        [field('CHECKBOX'), { values: ['a'] }, /at least 2/],
        [field('CHECKBOX'), { values: ['a', 'z'] }, /not options/],
        [field('DATE'), { value: '2020-01-01' }, /filled by Firma/],
        [field('EMAIL'), { value: 'x@example.com' }, /filled from the recipient/],
        [field('SIGNATURE'), { value: 'Ana' }, /signature/],
        [
          field('SIGNATURE'),
          { signature: { type: 'drawn', image: 'data:image/png;base64,aGVsbG8=' } },
          /not a valid PNG/,
        ],
        [field('SIGNATURE'), { signature: { type: 'drawn', image: 'data:image/jpeg;base64,aGVsbG8=' } }, /data URL/],
      ];
      for (const [f, body, message] of cases) {
        const res = await put(f, body);
        assert.equal(res.status, 400, `${f.type} ${JSON.stringify(body)}`);
        assert.equal(res.body.code, 'INVALID_FIELD_VALUE');
        assert.match(res.body.message, message);
        assert.ok(res.body.issues?.length >= 1);
      }
      const tooBig = await put(field('SIGNATURE'), {
        signature: { type: 'drawn', image: `data:image/png;base64,${'A'.repeat(2_000_000)}` },
      });
      assert.ok([400, 413].includes(tooBig.status), 'an oversized drawing is refused');
      const badShape = await put(field('TEXT', 'Domicilio'), { value: 'ok', extra: 1 });
      assert.equal(badShape.status, 400);
      const readOnly = await put(field('TEXT', 'Fijo'), { value: 'otra' });
      assert.equal(readOnly.status, 400);
      assert.equal(readOnly.body.code, 'FIELD_READ_ONLY');
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.ok(
        view.body.fields.filter((f: any) => !f.fieldMeta?.readOnly).every((f: any) => !f.inserted),
        'nothing was stored',
      );
    });

    test('typed signatures can be disabled per document', async () => {
      const { field, put } = await open({ typedSignatureEnabled: false });
      const res = await put(field('SIGNATURE'), { signature: { type: 'typed', text: 'Ana' } });
      assert.equal(res.status, 400);
      assert.match(res.body.message, /typed signatures are disabled/);
    });

    test('complete needs every required field and a signature; repeating it answers the same and changes nothing', async () => {
      const { field, put, token } = await open();
      let res = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(res.status, 409);
      assert.equal(res.body.code, 'RECIPIENT_HAS_UNSIGNED_FIELDS');
      await put(field('TEXT', 'Domicilio'), { value: 'Calle 1' });
      await put(field('CHECKBOX'), { values: ['a', 'b'] });
      res = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(res.status, 409, 'still no signature');
      await put(field('SIGNATURE'), { signature: { type: 'typed', text: 'Ana García' } });
      await put(field('INITIALS'), { signature: { type: 'typed', text: 'AG' } });
      const first = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.signingStatus, 'SIGNED');
      const again = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, first.body);
      const changed = await put(field('TEXT', 'Domicilio'), { value: 'Otra' });
      assert.equal(changed.status, 409);
      assert.equal(changed.body.code, 'RECIPIENT_ALREADY_SIGNED');
      const removed = await server.anon.delete(`/api/v2/signing/${token}/field/${field('TEXT', 'Domicilio').id}`);
      assert.equal(removed.status, 409);
      assert.equal(removed.body.code, 'RECIPIENT_ALREADY_SIGNED');
    });

    test('DELETE empties a field; a field of another recipient is 404', async () => {
      const { field, put, token, brunoToken } = await open();
      await put(field('DROPDOWN'), { value: 'Salta' });
      const res = await server.anon.delete(`/api/v2/signing/${token}/field/${field('DROPDOWN').id}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.inserted, false);
      const foreign = await server.anon.post(`/api/v2/signing/${brunoToken}/field/${field('DROPDOWN').id}`, {
        json: { value: 'Salta' },
      });
      assert.equal(foreign.status, 404);
    });

    test('reject needs a reason; then the document is REJECTED and others get DOCUMENT_NOT_PENDING', async () => {
      const { token, brunoToken, documentId } = await open();
      for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
        const res = await server.anon.post(`/api/v2/signing/${token}/reject`, { json: body });
        assert.equal(res.status, 400, JSON.stringify(body));
      }
      const res = await server.anon.post(`/api/v2/signing/${token}/reject`, {
        json: { reason: 'No estoy de acuerdo' },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.signingStatus, 'REJECTED');
      const doc = await server.api.get(`/api/v2/document/${documentId}`);
      assert.equal(doc.body.status, 'REJECTED');
      const view = await server.anon.get(`/api/v2/signing/${brunoToken}`);
      assert.equal(view.body.state, 'document_rejected');
      const late = await server.anon.post(`/api/v2/signing/${brunoToken}/complete`, { json: CONSENT });
      assert.equal(late.status, 409);
      assert.equal(late.body.code, 'DOCUMENT_NOT_PENDING');
    });

    test('an expired recipient cannot act (409 RECIPIENT_EXPIRED); redistribute renews the link', async () => {
      const { token, field, put, documentId } = await open();
      await server.ctx.db
        .updateTable('recipient')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', 'ana@example.com')
        .where('envelopeId', '=', documentId)
        .execute();
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(view.body.state, 'expired');
      const res = await put(field('TEXT', 'Domicilio'), { value: 'Calle 1' });
      assert.equal(res.status, 409);
      assert.equal(res.body.code, 'RECIPIENT_EXPIRED');
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
      assert.equal(done.body.code, 'RECIPIENT_EXPIRED');
      const redistributed = await server.api.post('/api/v2/document/redistribute', {
        json: { documentId, recipients: [view.body.recipient.id] },
      });
      if (redistributed.status === 200) {
        const renewed = await server.anon.get(`/api/v2/signing/${token}`);
        assert.equal(renewed.body.state, 'ready');
      }
    });

    test('unknown, short and garbage tokens all get the same 404', async () => {
      const answers = new Set<string>();
      for (const token of ['x'.repeat(43), 'y'.repeat(16), 'A-_'.repeat(20)]) {
        const res = await server.anon.get(`/api/v2/signing/${token}`);
        assert.equal(res.status, 404, token);
        answers.add(JSON.stringify(res.body));
        const post = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
        assert.equal(post.status, 404);
      }
      assert.equal(answers.size, 1);
    });
  });
}
