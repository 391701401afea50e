import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makePdf } from '../support/pdf-fixtures.js';
import { qpdf } from '../support/pdf-tools.js';
import { createDocument, multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const FIELD_DEFAULTS: Record<string, unknown> = {
  SIGNATURE: { type: 'signature', fontSize: 18, overflow: 'auto' },
  FREE_SIGNATURE: null,
  INITIALS: { type: 'initials', fontSize: 12, textAlign: 'left' },
  NAME: { type: 'name', fontSize: 12, textAlign: 'left' },
  EMAIL: { type: 'email', fontSize: 12, textAlign: 'left', overflow: 'auto' },
  DATE: { type: 'date', fontSize: 12, textAlign: 'left', overflow: 'auto' },
  TEXT: {
    type: 'text',
    fontSize: 12,
    textAlign: 'left',
    label: '',
    placeholder: '',
    text: '',
    required: false,
    readOnly: false,
  },
  NUMBER: {
    type: 'number',
    fontSize: 12,
    textAlign: 'left',
    label: '',
    placeholder: '',
    required: false,
    readOnly: false,
  },
  RADIO: {
    type: 'radio',
    fontSize: 12,
    values: [{ id: 1, checked: false, value: '' }],
    required: false,
    readOnly: false,
    direction: 'vertical',
  },
  CHECKBOX: {
    type: 'checkbox',
    fontSize: 12,
    values: [{ id: 1, checked: false, value: '' }],
    validationRule: '',
    validationLength: 0,
    required: false,
    readOnly: false,
    direction: 'vertical',
  },
  DROPDOWN: {
    type: 'dropdown',
    fontSize: 12,
    values: [{ value: 'Option 1' }],
    defaultValue: '',
    required: false,
    readOnly: false,
  },
};

const signer = (fields: unknown[], extra: Record<string, unknown> = {}) => ({
  email: 'ana@example.com',
  name: 'Ana',
  role: 'SIGNER',
  cuil: '20123456786',
  fields,
  ...extra,
});
const box = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  pageNumber: 1,
  pageX: 10,
  pageY: 10,
  width: 20,
  height: 5,
  ...extra,
});

for (const database of testDatabases()) {
  describe(`POST /document/create (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server.close());

    const envelopeCount = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('envelope')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    test('creates a DRAFT document with recipients, fields and attachments; GET shows it', async () => {
      const created = await createDocument(
        server.api,
        typicalPayload({ attachments: [{ label: 'Anexo', data: 'https://example.com/anexo.pdf' }] }),
      );
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(typeof created.body.id, 'number');
      assert.match(created.body.envelopeId, /^envelope_/);

      const doc = await server.api.get(`/api/v2/document/${created.body.id}`);
      assert.equal(doc.status, 200);
      assert.equal(doc.body.status, 'DRAFT');
      assert.equal(doc.body.envelopeId, created.body.envelopeId);
      assert.equal(doc.body.title, 'Contrato de locación');
      assert.equal(doc.body.externalId, 'ext-1');
      assert.equal(doc.body.recipients.length, 3);
      const ana = doc.body.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      assert.equal(ana.cuil, '20123456786');
      assert.equal(ana.token, '', 'no signing token in reads');
      assert.equal(ana.readStatus, 'NOT_OPENED');
      assert.equal(ana.signingStatus, 'NOT_SIGNED');
      assert.equal(ana.sendStatus, 'NOT_SENT');
      assert.equal(doc.body.fields.length, 4);
      const text = doc.body.fields.find((f: { type: string }) => f.type === 'TEXT');
      assert.deepEqual(text.fieldMeta, { type: 'text', label: 'Domicilio', required: true, fontSize: 12 });
      assert.equal(text.positionX, 10);
      assert.equal(text.page, 1);
      assert.match(doc.body.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.ok(!JSON.stringify(doc.body).includes('%PDF'), 'no PDF bytes in the document');
      assert.equal(doc.body.documentMeta.distributionMethod, 'EMAIL');
    });

    test('every field type gets the default fieldMeta when none is given, with its lower-case type', async () => {
      const types = Object.keys(FIELD_DEFAULTS);
      const fields = types.map((type, i) => box(type, { pageY: 2 + i * 8 }));
      const created = await createDocument(server.api, { title: 'Types', recipients: [signer(fields)] });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const doc = await server.api.get(`/api/v2/document/${created.body.id}`);
      for (const type of types) {
        const field = doc.body.fields.find((f: { type: string }) => f.type === type);
        assert.deepEqual(field.fieldMeta, FIELD_DEFAULTS[type], type);
      }
    });

    test('a given fieldMeta is kept, typed, and checked for its type', async () => {
      const created = await createDocument(server.api, {
        title: 'Meta',
        recipients: [
          signer([
            box('SIGNATURE'),
            box('NUMBER', { pageY: 30, fieldMeta: { minValue: 1, maxValue: 10, numberFormat: null, required: true } }),
            box('RADIO', {
              pageY: 40,
              fieldMeta: {
                values: [
                  { id: 1, checked: false, value: 'Sí' },
                  { id: 2, checked: false, value: 'No' },
                ],
                direction: 'horizontal',
              },
            }),
            box('DROPDOWN', {
              pageY: 50,
              fieldMeta: { type: 'dropdown', values: [{ value: 'A' }, { value: 'B' }], defaultValue: '' },
            }),
            box('TEXT', {
              pageY: 60,
              fieldMeta: {
                validationPreset: 'cuil',
                characterLimit: 13,
                lineHeight: 1.5,
                letterSpacing: 2,
                verticalAlign: 'top',
              },
            }),
          ]),
        ],
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { body } = await server.api.get(`/api/v2/document/${created.body.id}`);
      const byType = (t: string): any => body.fields.find((f: { type: string }) => f.type === t).fieldMeta;
      assert.deepEqual(byType('NUMBER'), {
        type: 'number',
        minValue: 1,
        maxValue: 10,
        numberFormat: null,
        required: true,
        fontSize: 12,
      });
      assert.equal(byType('RADIO').direction, 'horizontal');
      assert.deepEqual(byType('DROPDOWN').values, [{ value: 'A' }, { value: 'B' }]);
      assert.equal(byType('TEXT').validationPreset, 'cuil');
    });

    test('invalid fields are refused with issues naming the path, and nothing is created', async () => {
      const before = await envelopeCount();
      const cases: [string, unknown, string, RegExp][] = [
        [
          'page beyond the document',
          [box('SIGNATURE', { pageNumber: 2 })],
          'FIELD_OUT_OF_BOUNDS',
          /recipients\.0\.fields\.0\.pageNumber/,
        ],
        [
          'box past the right edge',
          [box('SIGNATURE', { pageX: 90, width: 20 })],
          'FIELD_OUT_OF_BOUNDS',
          /recipients\.0\.fields\.0\.width/,
        ],
        [
          'box past the bottom edge',
          [box('SIGNATURE', { pageY: 99, height: 5 })],
          'FIELD_OUT_OF_BOUNDS',
          /fields\.0\.height/,
        ],
        ['negative position', [box('SIGNATURE', { pageX: -1 })], 'VALIDATION_ERROR', /fields\.0\.pageX/],
        ['position over 100', [box('SIGNATURE', { pageY: 101 })], 'VALIDATION_ERROR', /fields\.0\.pageY/],
        ['page 0', [box('SIGNATURE', { pageNumber: 0 })], 'VALIDATION_ERROR', /fields\.0\.pageNumber/],
        ['unknown type', [box('STAMP')], 'VALIDATION_ERROR', /fields\.0\.type/],
        [
          'fontSize out of range',
          [box('TEXT', { fieldMeta: { fontSize: 200 } })],
          'VALIDATION_ERROR',
          /fieldMeta\.fontSize/,
        ],
        [
          'lineHeight out of range',
          [box('TEXT', { fieldMeta: { lineHeight: 11 } })],
          'VALIDATION_ERROR',
          /fieldMeta\.lineHeight/,
        ],
        [
          'letterSpacing out of range',
          [box('NUMBER', { fieldMeta: { letterSpacing: 101 } })],
          'VALIDATION_ERROR',
          /fieldMeta\.letterSpacing/,
        ],
        [
          'meta of another type',
          [box('TEXT', { fieldMeta: { type: 'number' } })],
          'VALIDATION_ERROR',
          /fieldMeta\.type/,
        ],
        [
          'two checked radio options',
          [
            box('RADIO', {
              fieldMeta: {
                values: [
                  { id: 1, checked: true, value: 'a' },
                  { id: 2, checked: true, value: 'b' },
                ],
              },
            }),
          ],
          'VALIDATION_ERROR',
          /fieldMeta\.values/,
        ],
        [
          'dropdown default not an option',
          [box('DROPDOWN', { fieldMeta: { values: [{ value: 'a' }], defaultValue: 'z' } })],
          'VALIDATION_ERROR',
          /fieldMeta\.defaultValue/,
        ],
        [
          'FREE_SIGNATURE box past the right edge',
          [box('FREE_SIGNATURE', { pageX: 95, width: 10 })],
          'FIELD_OUT_OF_BOUNDS',
          /width/,
        ],
      ];
      for (const [name, fields, code, path] of cases) {
        const res = await createDocument(server.api, { title: 'Bad', recipients: [signer(fields as unknown[])] });
        assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, name);
        assert.ok(
          Array.isArray(res.body.issues) && res.body.issues.some((i: { message: string }) => path.test(i.message)),
          `${name}: ${JSON.stringify(res.body.issues)}`,
        );
      }
      const viewer = await createDocument(server.api, {
        title: 'Bad',
        recipients: [{ email: 'v@example.com', name: 'V', role: 'VIEWER', fields: [box('TEXT')] }],
      });
      assert.equal(viewer.status, 400);
      assert.equal(viewer.body.code, 'FIELD_ROLE_NOT_ALLOWED');
      assert.equal(await envelopeCount(), before, 'nothing was created');
    });

    test('recipient inputs are checked: email shape and length, name length, role, CUIL', async () => {
      const base = { email: 'a@example.com', name: 'A', role: 'SIGNER' };
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['malformed email', { email: 'not-an-email' }, /recipients\.0\.email/],
        [
          'email too long',
          { email: `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` },
          /recipients\.0\.email/,
        ],
        ['domain label over 63', { email: `a@${'b'.repeat(64)}.com` }, /recipients\.0\.email/],
        ['name over 255', { name: 'n'.repeat(256) }, /recipients\.0\.name/],
        ['unknown role', { role: 'OWNER' }, /recipients\.0\.role/],
        ['CUIL over 11 characters on create', { cuil: '20-12345678-6' }, /recipients\.0\.cuil/],
        ['CUIL with a wrong check digit', { cuil: '20123456785' }, /recipients\.0\.cuil/],
        ['CUIL of a company prefix', { cuil: '30123456781' }, /recipients\.0\.cuil/],
      ];
      for (const [name, override, path] of cases) {
        const res = await createDocument(server.api, { title: 'R', recipients: [{ ...base, ...override }] });
        assert.equal(res.status, 400, name);
        assert.equal(res.body.code, 'VALIDATION_ERROR', name);
        assert.ok(
          res.body.issues.some((i: { message: string }) => path.test(i.message)),
          `${name}: ${JSON.stringify(res.body.issues)}`,
        );
      }
      const empty = await createDocument(server.api, { title: 'R', recipients: [{ ...base, email: '', cuil: null }] });
      assert.equal(empty.status, 200, 'an empty email and a null CUIL are accepted on create');
    });

    test('files that are not usable PDFs are refused with their own code', async () => {
      const pdf = await onePagePdf();
      const encrypted = qpdf(pdf, ['--encrypt', 'user', 'owner', '256', '--', '{in}', '{out}']);
      const ownerOnly = qpdf(pdf, ['--encrypt', '', 'owner', '256', '--', '{in}', '{out}']);
      const noPages = await makePdf([]);
      const cases: [string, Uint8Array, string][] = [
        ['garbage', new TextEncoder().encode('hello, I am not a PDF'), 'NOT_A_PDF'],
        ['truncated', pdf.slice(0, Math.floor(pdf.length / 2)), 'PDF_DAMAGED'],
        ['encrypted with a user password', encrypted, 'PDF_ENCRYPTED'],
        ['encrypted with only an owner password', ownerOnly, 'PDF_ENCRYPTED'],
        ['no pages', noPages, 'PDF_NO_PAGES'],
      ];
      for (const [name, bytes, code] of cases) {
        const res = await createDocument(server.api, { title: name }, bytes);
        assert.equal(res.status, 400, name);
        assert.equal(res.body.code, code, `${name}: ${JSON.stringify(res.body)}`);
      }
    });

    test('malformed multipart requests are refused clearly', async () => {
      const pdf = await onePagePdf();
      const noPayload = new FormData();
      noPayload.append('file', new Blob([Buffer.from(pdf)]), 'a.pdf');
      const r1 = await server.api.post('/api/v2/document/create', { body: noPayload });
      assert.equal(r1.status, 400);
      assert.equal(r1.body.code, 'INVALID_MULTIPART');

      const r2 = await server.api.post('/api/v2/document/create', { body: multipartBody({ title: 'x' }, []) });
      assert.equal(r2.status, 400);
      assert.equal(r2.body.code, 'INVALID_MULTIPART');

      const r3 = await server.api.post('/api/v2/document/create', {
        body: multipartBody('{"title": ', [{ field: 'file', bytes: pdf }]),
      });
      assert.equal(r3.status, 400);
      assert.equal(r3.body.code, 'INVALID_JSON');

      const r4 = await server.api.post('/api/v2/document/create', {
        body: multipartBody({ title: '' }, [{ field: 'file', bytes: pdf }]),
      });
      assert.equal(r4.status, 400);
      assert.equal(r4.body.code, 'VALIDATION_ERROR');
      assert.deepEqual(r4.body.issues[0].path, ['payload', 'title']);

      const r5 = await server.api.post('/api/v2/document/create', { json: { title: 'x' } });
      assert.equal(r5.status, 415);
      assert.equal(r5.body.code, 'UNSUPPORTED_MEDIA_TYPE');
    });

    test('the SDK order (payload before file) works as well', async () => {
      const res = await server.api.post('/api/v2-beta/document/create', {
        body: multipartBody(typicalPayload(), [{ field: 'file', bytes: await onePagePdf() }], true),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
  });
}
