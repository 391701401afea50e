import assert from 'node:assert/strict';
import { Documenso } from '@documenso/sdk-typescript';
import { after, before, describe, test } from 'node:test';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { CUIL_A, CUIL_B, createDocument, multipartBody } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { pdfsig, pdfToText } from '../support/pdf-tools.js';
import { taggedPdf, type ExpectedBox } from '../support/tagged-pdf.js';

/**
 * PDF placeholder tags (`{{signature, r1}}`, Documenso's syntax) become fields on create, at the
 * tag's box, for the N-th recipient (placeholder recipients created when the request has fewer);
 * bad tags are 400 naming page and tag, and nothing is created.
 */

interface WireField {
  type: string;
  recipientId: number;
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  fieldMeta: Record<string, unknown> | null;
}

/** Each type's minimum in points at font size 12 (docs/documents.md): a field grows from its tag's top-left corner. */
const MINIMUM: Record<string, [number, number]> = {
  SIGNATURE: [144, 36],
  INITIALS: [56, 28],
  NAME: [136, 18],
  DATE: [136, 18],
  TEXT: [136, 18],
  EMAIL: [176, 18],
  NUMBER: [70, 18],
  DROPDOWN: [110, 18],
  CHECKBOX: [18, 18],
  RADIO: [18, 18],
};

/** The field sits at its tag's top-left corner, as large as the tag or its type's minimum. */
function near(field: WireField, box: ExpectedBox, page: [number, number] = [600, 800]) {
  assert.equal(field.page, box.page);
  const [minWidth, minHeight] = MINIMUM[field.type]!;
  const expected = {
    ...box,
    width: Math.max(box.width, (minWidth / page[0]) * 100),
    height: Math.max(box.height, (minHeight / page[1]) * 100),
  };
  for (const k of ['positionX', 'positionY', 'width', 'height'] as const)
    assert.ok(Math.abs(field[k] - expected[k]) <= 1, `${field.type} ${k}: ${field[k]} vs ${expected[k]}`);
}

/** A wire field's box in points on a page of `page` points. */
const inPoints = (f: WireField, page: [number, number] = [600, 800]) =>
  [f.positionX * page[0], f.positionY * page[1], f.width * page[0], f.height * page[1]].map(
    (v) => Math.round(v / 10) / 10,
  );

const signer = (name: string, email: string, cuil: string) => ({ name, email, role: 'SIGNER', cuil });

for (const database of testDatabases()) {
  describe(`placeholder tags become fields (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100' } });
    });
    after(() => server.close());

    test('document/create: two recipients, several fields, options, a repeated tag, a rotated page, a split tag; signed to the end', async () => {
      const { bytes, boxes } = await taggedPdf([
        {
          prose: [{ text: 'Contrato de locación', x: 50, y: 760 }],
          tags: [
            { text: '{{signature, r1}}', x: 60, y: 120 },
            { text: '{{text, r1, required=true, label=Domicilio, characterLimit=40}}', x: 60, y: 300, size: 9 },
            { text: '{{signature, r2}}', x: 360, y: 120, splitAt: [2, 9] },
          ],
        },
        {
          rotate: 90,
          tags: [
            { text: '{{initials, r1}}', x: 100, y: 100 },
            { text: '{{initials, r1}}', x: 400, y: 100 },
            { text: '{{DATE,R2}}', x: 100, y: 300 },
          ],
        },
      ]);
      const payload = {
        title: 'Tags',
        recipients: [signer('Ana', 'ana@example.com', CUIL_A), signer('Bruno', 'bruno@example.com', CUIL_B)],
      };
      const created = await createDocument(server.api, payload, bytes);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const got = await server.api.get(`/api/v2/envelope/${created.body.envelopeId}`);
      assert.equal(got.status, 200, JSON.stringify(got.body));
      const envelope = got.body;
      const [ana, bruno] = envelope.recipients as { id: number; email: string }[];
      assert.equal(envelope.recipients.length, 2);
      const fields = (envelope.fields as WireField[]).toSorted(
        (a, b) => a.page - b.page || a.positionY - b.positionY || a.positionX - b.positionX,
      );
      const expected = [
        { type: 'TEXT', recipientId: ana!.id, box: boxes[1]! },
        { type: 'SIGNATURE', recipientId: ana!.id, box: boxes[0]! },
        { type: 'SIGNATURE', recipientId: bruno!.id, box: boxes[2]! },
      ];
      // Page 2 is displayed rotated: boxes sorted the same way.
      const page2 = boxes.slice(3).map((box, i) => ({
        type: ['INITIALS', 'INITIALS', 'DATE'][i]!,
        recipientId: [ana!.id, ana!.id, bruno!.id][i]!,
        box,
      }));
      page2.sort((a, b) => a.box.positionY - b.box.positionY || a.box.positionX - b.box.positionX);
      const all = [
        ...expected.toSorted((a, b) => a.box.positionY - b.box.positionY || a.box.positionX - b.box.positionX),
        ...page2,
      ];
      assert.equal(fields.length, all.length);
      fields.forEach((f, i) => {
        assert.equal(f.type, all[i]!.type);
        assert.equal(f.recipientId, all[i]!.recipientId);
        near(f, all[i]!.box, f.page === 2 ? [800, 600] : [600, 800]);
      });
      const signature = fields.find((f) => f.type === 'SIGNATURE')!;
      assert.deepEqual(inPoints(signature).slice(2), [144, 36], 'tall enough to sign, not the tag text');
      const text = fields.find((f) => f.type === 'TEXT')!;
      assert.equal(text.fieldMeta?.required, true);
      assert.equal(text.fieldMeta?.label, 'Domicilio');
      assert.equal(text.fieldMeta?.characterLimit, 40);

      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const firstToken = tokenOf((sent.body.recipients as { signingUrl: string }[])[0]!.signingUrl);
      const seen = await server.anon.get(`/api/v2/signing/${firstToken}/item/${envelope.envelopeItems[0].id}`);
      assert.equal(seen.status, 200);
      assert.doesNotMatch(pdfToText(seen.bytes), /\{\{/, 'the signer never sees a tag');
      for (const r of sent.body.recipients as { signingUrl: string }[]) {
        const signed = await signAll(server.anon, tokenOf(r.signingUrl));
        assert.equal(signed.status, 200, JSON.stringify(signed.body));
      }
      await waitForStatus(server.api, created.body.id, ['COMPLETED']);
      const final = await server.api.get(`/api/v2/document/${created.body.id}/download`);
      assert.equal(final.status, 200);
      assert.match(pdfsig(final.bytes), /Signature is Valid/);
      const finalText = pdfToText(final.bytes);
      assert.doesNotMatch(finalText, /\{\{|\}\}/, 'no tag text in the final PDF');
      assert.match(finalText, /Contrato de locación/);
      // The stored PDF (tags covered) is what the chain names; the upload's hash is kept beside it.
      const verdict = await verifyEnvelopeEvidence(server.ctx, { publicId: created.body.envelopeId });
      const failed = verdict.checks.filter((c) => c.status === 'fail');
      assert.deepEqual(failed, [], JSON.stringify(failed));
    });

    test('envelope/create with fewer recipients than tags creates placeholder recipients (Type0 font)', async () => {
      const { bytes } = await taggedPdf(
        [
          {
            tags: [
              { text: '{{signature, r1}}', x: 60, y: 120 },
              { text: '{{signature, r3}}', x: 300, y: 120 },
            ],
          },
        ],
        { font: 'noto' },
      );
      const payload = { type: 'DOCUMENT', title: 'Tags', recipients: [signer('Ana', 'ana@example.com', CUIL_A)] };
      const created = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody(payload, [{ field: 'files', bytes, name: 'tags.pdf' }]),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const got = await server.api.get(`/api/v2/envelope/${created.body.id}`);
      assert.equal(got.status, 200, JSON.stringify(got.body));
      const envelope = got.body;
      assert.deepEqual(
        (envelope.recipients as { name: string; email: string }[]).map((r) => [r.name, r.email]),
        [
          ['Ana', 'ana@example.com'],
          ['Recipient 2', 'recipient.2@placeholder.invalid'],
          ['Recipient 3', 'recipient.3@placeholder.invalid'],
        ],
      );
      const fields = envelope.fields as WireField[];
      assert.equal(fields.length, 2);
      // Documenso's SDK validates the answer, placeholder recipients and tag fields included.
      const sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
      const viaSdk = await sdk.envelopes.get({ envelopeId: created.body.id as string });
      assert.equal(viaSdk.recipients.length, 3);
      assert.equal(viaSdk.fields.length, 2);
      assert.deepEqual(
        fields.map((f) => f.recipientId).toSorted(),
        [envelope.recipients[0].id, envelope.recipients[2].id].toSorted(),
      );
    });

    test("item create-many: tags of an added PDF become fields of the envelope's recipients; a bad tag or another platform's envelope changes nothing", async () => {
      const plain = await taggedPdf([{ prose: [{ text: 'Primera parte', x: 50, y: 700 }], tags: [] }]);
      const payload = { type: 'DOCUMENT', title: 'Items', recipients: [signer('Ana', 'ana@example.com', CUIL_A)] };
      const created = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody(payload, [{ field: 'files', bytes: plain.bytes, name: 'uno.pdf' }]),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const id = created.body.id as string;
      const add = (client: typeof server.api, bytes: Uint8Array) =>
        client.post('/api/v2/envelope/item/create-many', {
          body: multipartBody({ envelopeId: id }, [{ field: 'files', bytes, name: 'dos.pdf' }]),
        });
      const state = async () => JSON.stringify((await server.api.get(`/api/v2/envelope/${id}`)).body);

      const before = await state();
      const bad = await taggedPdf([{ tags: [{ text: '{{signature, r1, colour=red}}', x: 60, y: 120 }] }]);
      const refused = await add(server.api, bad.bytes);
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'PLACEHOLDER_TAG_INVALID');
      const tagged = await taggedPdf([
        {
          tags: [
            { text: '{{signature, r1}}', x: 60, y: 120 },
            { text: '{{signature, r2}}', x: 300, y: 120 },
          ],
        },
      ]);
      const other = await server.newPlatform();
      const foreign = await add(other, tagged.bytes);
      assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
      assert.equal(await state(), before, 'nothing changed');

      const added = await add(server.api, tagged.bytes);
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const envelope = (await server.api.get(`/api/v2/envelope/${id}`)).body;
      assert.deepEqual(
        (envelope.recipients as { email: string }[]).map((r) => r.email),
        ['ana@example.com', 'recipient.2@placeholder.invalid'],
      );
      const item = added.body.data[0].id as string;
      const fields = (envelope.fields as (WireField & { envelopeItemId: string })[]).filter(
        (f) => f.envelopeItemId === item,
      );
      assert.deepEqual(
        fields.map((f) => f.recipientId).toSorted(),
        envelope.recipients.map((r: { id: number }) => r.id).toSorted(),
      );
      fields.sort((a, b) => a.positionX - b.positionX);
      fields.forEach((f, i) => near(f, tagged.boxes[i]!));
    });

    test('create/beta: tags of the PDF put at the upload URL become fields; a bad tag keeps the URL unused', async () => {
      const beta = await server.api.post('/api/v2/document/create/beta', {
        json: { title: 'Por URL', recipients: [signer('Ana', 'ana@example.com', CUIL_A)] },
      });
      assert.equal(beta.status, 200, JSON.stringify(beta.body));
      const put = (body: Uint8Array) =>
        fetch(beta.body.uploadUrl as string, {
          method: 'PUT',
          headers: { 'content-type': 'application/pdf' },
          body: Buffer.from(body),
        });
      const bad = await taggedPdf([{ tags: [{ text: '{{seal, r1}}', x: 60, y: 120 }] }]);
      const refused = await put(bad.bytes);
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { code: string }).code, 'PLACEHOLDER_TAG_INVALID');
      const id = beta.body.document.id as number;
      assert.equal((await server.api.get(`/api/v2/document/${id}`)).body.envelopeItems.length, 0, 'URL kept');
      const { bytes, boxes } = await taggedPdf([
        {
          tags: [
            { text: '{{signature, r1}}', x: 60, y: 120 },
            { text: '{{signature, r2}}', x: 300, y: 120 },
          ],
        },
      ]);
      const ok = await put(bytes);
      assert.equal(ok.status, 200, await ok.text());
      const doc = (await server.api.get(`/api/v2/document/${id}`)).body;
      assert.equal(doc.recipients.length, 2);
      const fields = (doc.fields as WireField[]).toSorted((a, b) => a.positionX - b.positionX);
      assert.equal(fields.length, 2);
      fields.forEach((f, i) => near(f, boxes[i]!));
      const original = await server.api.get(`/api/v2/document/${id}/download?version=original`);
      assert.doesNotMatch(pdfToText(original.bytes), /\{\{/);
    });

    test('template/create places tags like document/create', async () => {
      const { bytes, boxes } = await taggedPdf([{ tags: [{ text: '{{name, r1}}', x: 60, y: 120 }] }]);
      const created = await server.api.post('/api/v2/template/create', {
        body: multipartBody({ title: 'Plantilla', recipients: [signer('Ana', 'ana@example.com', CUIL_A)] }, [
          { field: 'file', bytes },
        ]),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const template = (await server.api.get(`/api/v2/template/${created.body.id}`)).body;
      assert.equal(template.fields.length, 1);
      assert.equal(template.fields[0].type, 'NAME');
      near(template.fields[0], boxes[0]!);
    });

    test("width= and height= set a tag field's size in points or percent of the page; near an edge the box moves onto the page", async () => {
      const { bytes, boxes } = await taggedPdf([
        {
          tags: [
            { text: '{{signature, r1, width=200, height=50pt}}', x: 60, y: 700, size: 8 },
            { text: '{{date, r1, width=40%, height=3%}}', x: 60, y: 500, size: 8 },
            { text: '{{checkbox, r1}}', x: 60, y: 400 },
            { text: '{{initials, r1, height=20}}', x: 60, y: 300, size: 3 },
            { text: '{{signature, r1}}', x: 480, y: 20 },
          ],
        },
      ]);
      const created = await createDocument(
        server.api,
        { title: 'Tamaños', recipients: [signer('Ana', 'ana@example.com', CUIL_A)] },
        bytes,
      );
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const doc = (await server.api.get(`/api/v2/document/${created.body.id}`)).body;
      const fields = (doc.fields as WireField[]).toSorted((a, b) => a.positionY - b.positionY);
      assert.deepEqual(
        fields.map((f) => f.type),
        ['SIGNATURE', 'DATE', 'CHECKBOX', 'INITIALS', 'SIGNATURE'],
      );
      const [given, percent, checkbox, initials, corner] = fields as [
        WireField,
        WireField,
        WireField,
        WireField,
        WireField,
      ];
      assert.deepEqual(inPoints(given).slice(2), [200, 50]);
      assert.deepEqual(inPoints(percent).slice(2), [240, 24]);
      assert.equal(inPoints(checkbox)[3], 18, 'the minimum height; as wide as the tag, which is wider');
      near(checkbox, boxes[2]!);
      assert.deepEqual(inPoints(initials).slice(2), [56, 20], 'height= given, width the minimum (the tag is narrower)');
      for (const [f, box] of [
        [given, boxes[0]!],
        [percent, boxes[1]!],
        [checkbox, boxes[2]!],
        [initials, boxes[3]!],
      ] as const) {
        assert.ok(
          Math.abs(f.positionX - box.positionX) <= 1 && Math.abs(f.positionY - box.positionY) <= 1,
          'at the tag',
        );
      }
      // The tag near the bottom-right corner: moved left and up so the whole box is on the page.
      assert.deepEqual(inPoints(corner), [456, 764, 144, 36]);
    });

    test('a bad tag is 400 naming the page and the tag; nothing is created', async () => {
      for (const [tag, words] of [
        ['{{signature, r1, width=0}}', /tag \{\{signature, r1, width=0\}\}: option "width" must be a size in points/],
        ['{{date, r1, height=tall}}', /tag \{\{date, r1, height=tall\}\}: option "height" must be a size/],
        ['{{signature, r1, height=120%}}', /option "height" must be a size/],
        [
          '{{signature, r1, width=700}}',
          /tag \{\{signature, r1, width=700\}\}: option "width" is 700 pt, more than the page's width \(600 pt\)/,
        ],
        ['{{stamp, r1}}', /page 2, tag \{\{stamp, r1\}\}: unknown field type/],
        ['{{text, r1, colour=red}}', /page 2, tag .*unknown option "colour"/],
        ['{{text, r1, fontSize=huge}}', /fontSize" must be a number/],
        ['{{seal}}', /tag \{\{seal\}\}: unknown field type/],
        ['{{text, colour=red}}', /tag .*unknown option "colour"/],
      ] as const) {
        const { bytes } = await taggedPdf([
          { tags: [{ text: '{{signature, r1}}', x: 60, y: 120 }] },
          { tags: [{ text: tag, x: 60, y: 120 }] },
        ]);
        const before = [await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')];
        const res = await createDocument(
          server.api,
          { title: 'Bad', recipients: [signer('Ana', 'ana@example.com', CUIL_A)] },
          bytes,
        );
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.code, 'PLACEHOLDER_TAG_INVALID');
        assert.match(res.body.message, words);
        assert.deepEqual([await countRows(server, 'envelope'), await countRows(server, 'envelopeItem')], before);
      }
    });
  });
}
