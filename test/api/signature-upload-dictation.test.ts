import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG } from 'pngjs';
import { pngBomb } from '../support/bomb-fixtures.js';
import { pdfImagesList } from '../support/poppler.js';
import { dataUrl, jpegDeclaring, jpegWithExif, signaturePng } from '../support/signature-images.js';
import { CUIL_A, CUIL_B, createPendingDocument } from '../helpers/documents.js';
import { CONSENT, tokenOf, waitForStatus } from '../helpers/signing.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const sig = (pageY: number) => ({ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY, width: 30, height: 8 });
const CUIL_C = '20111111112';

function payload(meta: Record<string, unknown> = {}, third = false) {
  return {
    title: 'Contrato con firma subida',
    meta,
    recipients: [
      { email: 'ana@example.com', name: 'Ana', role: 'SIGNER', cuil: CUIL_A, signingOrder: 1, fields: [sig(10)] },
      { email: 'bruno@example.com', name: 'Bruno', role: 'SIGNER', cuil: CUIL_B, signingOrder: 2, fields: [sig(40)] },
      ...(third ? [{ email: 'vera@example.com', name: 'Vera', role: 'VIEWER', signingOrder: 3 }] : []),
    ],
  };
}

for (const database of testDatabases()) {
  describe(`uploaded signatures and the next-signer choice (${database})`, () => {
    let server: TestServer;
    let smtp: SmtpSink;
    before(async () => {
      smtp = await startSmtpSink();
      server = await startTestServer({ database, env: { SMTP_URL: smtp.url, FIRMA_JOB_POLL_MS: '100' } });
    });
    after(async () => {
      await server?.close();
      await smtp?.stop();
    });

    async function open(meta: Record<string, unknown> = {}, distribution: Record<string, unknown> = {}) {
      const doc = await createPendingDocument(server.api, payload(meta), {
        distributionMethod: 'NONE',
        signingOrder: 'SEQUENTIAL',
        ...distribution,
      });
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      const fieldId = view.body.fields[0].id as number;
      const put = (body: unknown) => server.anon.post(`/api/v2/signing/${token}/field/${fieldId}`, { json: body });
      const stored = async () => (await server.anon.get(`/api/v2/signing/${token}`)).body.fields[0];
      const auditCount = async () =>
        (await server.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body.data.length;
      return { ...doc, token, view: view.body, fieldId, put, stored, auditCount };
    }

    test('an uploaded JPEG is re-encoded as a PNG without its metadata, audited as uploaded, and burned into the final PDF', async () => {
      const s = await open();
      assert.equal(s.view.envelope.meta.uploadSignatureEnabled, true, "Documenso's default");
      const res = await s.put({
        signature: { type: 'uploaded', image: dataUrl(jpegWithExif('GPS-SECRET-31.4S'), 'jpeg') },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.signature, { type: 'uploaded' });
      const image = await server.anon.get(`/api/v2/signing/${s.token}/field/${s.fieldId}/signature`);
      assert.equal(image.status, 200);
      const png = image.bytes;
      assert.deepEqual(png.subarray(1, 4).toString(), 'PNG', 'stored as a PNG');
      const decoded = PNG.sync.read(png);
      assert.deepEqual([decoded.width, decoded.height], [120, 48]);
      assert.ok(!png.toString('latin1').includes('GPS-SECRET'), 'the EXIF segment is gone');

      const log = (await server.api.get(`/api/v2/envelope/${s.envelopeId}/audit-log?perPage=100`)).body.data;
      const inserted = log.find((e: any) => e.type === 'DOCUMENT_FIELD_INSERTED');
      assert.match(JSON.stringify(inserted.data), /uploaded signature, sha256 [0-9a-f]{64}/);

      const done = await server.anon.post(`/api/v2/signing/${s.token}/complete`, { json: CONSENT });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const bruno = tokenOf(s.urls.get('bruno@example.com')!);
      const bView = await server.anon.get(`/api/v2/signing/${bruno}`);
      const drawn = await server.anon.post(`/api/v2/signing/${bruno}/field/${bView.body.fields[0].id}`, {
        json: { signature: { type: 'uploaded', image: dataUrl(signaturePng(90, 30), 'png') } },
      });
      assert.equal(drawn.status, 200, JSON.stringify(drawn.body));
      assert.equal((await server.anon.post(`/api/v2/signing/${bruno}/complete`, { json: CONSENT })).status, 200);
      await waitForStatus(server.api, s.documentId, ['COMPLETED']);
      const pdf = await server.api.get(`/api/v2/document/${s.documentId}/download`);
      assert.equal(pdf.status, 200);
      const list = pdfImagesList(new Uint8Array(pdf.bytes));
      assert.match(list, /\s120\s+48\s+rgb/, list);
      assert.match(list, /\s90\s+30\s+rgb/, list);
    });

    test('an upload is refused when the document disables it; drawn and typed likewise; nothing changes', async () => {
      const s = await open({ uploadSignatureEnabled: false, drawSignatureEnabled: false, typedSignatureEnabled: true });
      assert.deepEqual(
        [s.view.envelope.meta.uploadSignatureEnabled, s.view.envelope.meta.drawSignatureEnabled],
        [false, false],
      );
      const before = await s.auditCount();
      const up = await s.put({ signature: { type: 'uploaded', image: dataUrl(signaturePng(), 'png') } });
      assert.equal(up.status, 400);
      assert.equal(up.body.code, 'SIGNATURE_UPLOAD_DISABLED');
      const drawn = await s.put({ signature: { type: 'drawn', image: dataUrl(signaturePng(), 'png') } });
      assert.equal(drawn.status, 400);
      assert.match(drawn.body.message, /drawn signatures are disabled/);
      assert.equal((await s.stored()).inserted, false);
      assert.equal(await s.auditCount(), before);
      const typed = await s.put({ signature: { type: 'typed', text: 'Ana' } });
      assert.equal(typed.status, 200, 'the enabled kind works');
    });

    test('garbage, oversized, huge-pixel and mislabelled images are refused with a clear 400, changing nothing', async () => {
      const s = await open();
      const before = await s.auditCount();
      const cases: [string, unknown, number, RegExp][] = [
        ['garbage', { type: 'uploaded', image: 'data:image/png;base64,aGVsbG8gd29ybGQ=' }, 400, /not a valid PNG/],
        ['a PNG called JPEG', { type: 'uploaded', image: dataUrl(signaturePng(), 'jpeg') }, 400, /not a valid JPEG/],
        ['a GIF', { type: 'uploaded', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 400, /data URL/],
        ['a PNG bomb', { type: 'uploaded', image: dataUrl(pngBomb(30_000), 'png') }, 400, /pixels/],
        [
          'a huge JPEG frame',
          { type: 'uploaded', image: dataUrl(jpegDeclaring(3999, 3999), 'jpeg') },
          400,
          /million pixels/,
        ],
        ['a lying JPEG frame', { type: 'uploaded', image: dataUrl(jpegDeclaring(300, 300), 'jpeg') }, 400, /JPEG/],
        [
          'over 700 KB',
          { type: 'uploaded', image: dataUrl(Buffer.concat([signaturePng(), Buffer.alloc(700 * 1024)]), 'png') },
          400,
          /larger than 700 KB/,
        ],
      ];
      for (const [name, signature, status, message] of cases) {
        const res = await s.put({ signature });
        assert.equal(res.status, status, `${name}: ${JSON.stringify(res.body)}`);
        assert.ok(['INVALID_FIELD_VALUE', 'VALIDATION_ERROR'].includes(res.body.code), `${name}: ${res.body.code}`);
        if (res.body.code === 'INVALID_FIELD_VALUE') assert.match(res.body.message, message, name);
      }
      assert.equal((await s.stored()).inserted, false);
      assert.equal(await s.auditCount(), before);
    });

    test('a wrong token or another recipient’s field: 404 and no decoding, no change', async () => {
      const s = await open();
      const image = { signature: { type: 'uploaded', image: dataUrl(signaturePng(), 'png') } };
      const wrong = await server.anon.post(`/api/v2/signing/nope${s.token.slice(4)}/field/${s.fieldId}`, {
        json: image,
      });
      assert.equal(wrong.status, 404);
      const bruno = tokenOf(s.urls.get('bruno@example.com')!);
      const other = await server.anon.post(`/api/v2/signing/${bruno}/field/${s.fieldId}`, { json: image });
      assert.ok([404, 409].includes(other.status), String(other.status));
      assert.equal((await s.stored()).inserted, false);
    });

    test('the signer names the next signer: changed, audited in words, mailed at the new address', async () => {
      const doc = await createPendingDocument(server.api, payload({ allowDictateNextSigner: true }), {
        distributionMethod: 'EMAIL',
        signingOrder: 'SEQUENTIAL',
        language: 'es',
        subject: 'Contrato dictado',
      });
      const token = tokenOf(doc.urls.get('ana@example.com')!);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      assert.deepEqual(view.body.nextSigner, {
        name: 'Bruno',
        email: 'bruno@example.com',
        role: 'SIGNER',
        idRule: 'CUIL',
      });
      assert.equal(view.body.envelope.meta.allowDictateNextSigner, true);
      const brunoView = await server.anon.get(`/api/v2/signing/${tokenOf(doc.urls.get('bruno@example.com')!)}`);
      assert.equal(brunoView.body.nextSigner, null, 'not their turn: nothing to dictate');
      await server.anon.post(`/api/v2/signing/${token}/field/${view.body.fields[0].id}`, {
        json: { signature: { type: 'typed', text: 'Ana' } },
      });
      const complete = (nextSigner: unknown) =>
        server.anon.post(`/api/v2/signing/${token}/complete`, { json: { ...CONSENT, nextSigner } });
      const badId = await complete({ name: 'Carla Díaz', email: 'carla@example.com', cuil: '20-11111111-3' });
      assert.equal(badId.status, 400);
      assert.equal(badId.body.code, 'RECIPIENT_INVALID_CUIL');
      const noId = await complete({ name: 'Carla Díaz', email: 'carla@example.com' });
      assert.equal(noId.body.code, 'RECIPIENT_INVALID_CUIL', 'a SIGNER needs an ID under the CUIL rule');
      const badMail = await complete({ name: 'Carla Díaz', email: 'not-an-address', cuil: CUIL_C });
      assert.equal(badMail.status, 400);
      assert.equal((await server.anon.get(`/api/v2/signing/${token}`)).body.recipient.signingStatus, 'NOT_SIGNED');

      const done = await complete({ name: 'Carla Díaz', email: 'Carla@Example.com', cuil: '20-11111111-2' });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const [mail] = await smtp.waitFor(
        (m) => recipientOf(m) === 'carla@example.com' && /Contrato dictado/.test(String(m.subject)),
      );
      assert.ok(String(mail!.text).includes(doc.urls.get('bruno@example.com')!), 'the same link, at the new address');
      assert.ok(!smtp.messages.some((m) => recipientOf(m) === 'bruno@example.com'), 'the old address gets nothing');

      const got = await server.api.get(`/api/v2/document/${doc.documentId}`);
      const next = got.body.recipients.find((r: any) => r.signingOrder === 2);
      assert.deepEqual([next.name, next.email], ['Carla Díaz', 'carla@example.com']);
      const recipient = await server.api.get(`/api/v2/document/recipient/${next.id}`);
      if (recipient.status === 200 && 'cuil' in recipient.body) assert.equal(recipient.body.cuil, CUIL_C);

      const log = (await server.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body.data;
      const updated = log.filter((e: any) => e.type === 'RECIPIENT_UPDATED' || e.firmaType === 'RECIPIENT_UPDATED');
      assert.equal(updated.length, 1, JSON.stringify(log.map((e: any) => e.type)));
      assert.equal(updated[0].email, 'ana@example.com', 'recorded as the signer’s act');
      assert.ok(!JSON.stringify(updated[0]).includes(CUIL_C), 'the ID is named, never valued');

      const repeated = await complete({ name: 'Otro', email: 'otro@example.com', cuil: CUIL_C });
      assert.equal(repeated.status, 200, 'a repeated completion is harmless and dictates nothing');
      const again = await server.api.get(`/api/v2/document/${doc.documentId}`);
      assert.equal(again.body.recipients.find((r: any) => r.id === next.id).email, 'carla@example.com');
    });

    test('a next recipient who is not a SIGNER takes no national ID: refused, then named without one', async () => {
      const doc = await createPendingDocument(server.api, payload({ allowDictateNextSigner: true }, true), {
        distributionMethod: 'NONE',
        signingOrder: 'SEQUENTIAL',
      });
      for (const email of ['ana@example.com', 'bruno@example.com']) {
        const t = tokenOf(doc.urls.get(email)!);
        const v = await server.anon.get(`/api/v2/signing/${t}`);
        const filled = await server.anon.post(`/api/v2/signing/${t}/field/${v.body.fields[0].id}`, {
          json: { signature: { type: 'typed', text: 'X' } },
        });
        assert.equal(filled.status, 200, JSON.stringify(filled.body));
        if (email === 'ana@example.com') {
          assert.equal((await server.anon.post(`/api/v2/signing/${t}/complete`, { json: CONSENT })).status, 200);
          continue;
        }
        // Bruno's next is Vera, a VIEWER: a CUIL for her would be stored for nothing.
        const withId = await server.anon.post(`/api/v2/signing/${t}/complete`, {
          json: { ...CONSENT, nextSigner: { name: 'Vera Paz', email: 'vera.paz@example.com', cuil: CUIL_C } },
        });
        assert.equal(withId.status, 400, JSON.stringify(withId.body));
        assert.equal(withId.body.code, 'VALIDATION_ERROR');
        assert.deepEqual(withId.body.issues[0].path, ['nextSigner', 'cuil']);
        const still = await server.api.get(`/api/v2/document/${doc.documentId}`);
        const bruno = still.body.recipients.find((r: { email: string }) => r.email === 'bruno@example.com');
        assert.equal(bruno.signingStatus, 'NOT_SIGNED', 'the refusal changed nothing');
        const named = await server.anon.post(`/api/v2/signing/${t}/complete`, {
          json: { ...CONSENT, nextSigner: { name: 'Vera Paz', email: 'vera.paz@example.com' } },
        });
        assert.equal(named.status, 200, JSON.stringify(named.body));
      }
      const after = await server.api.get(`/api/v2/document/${doc.documentId}`);
      assert.ok(after.body.recipients.some((r: { email: string }) => r.email === 'vera.paz@example.com'));
    });

    test('dictation is refused when not allowed, in PARALLEL, from the last to act, and by someone out of turn', async () => {
      const attempt = async (meta: Record<string, unknown>, signingOrder: string, who: string, done: string[] = []) => {
        const doc = await createPendingDocument(server.api, payload(meta), {
          distributionMethod: 'NONE',
          signingOrder,
        });
        for (const email of done) {
          const t = tokenOf(doc.urls.get(email)!);
          const v = await server.anon.get(`/api/v2/signing/${t}`);
          await server.anon.post(`/api/v2/signing/${t}/field/${v.body.fields[0].id}`, {
            json: { signature: { type: 'typed', text: 'X' } },
          });
          assert.equal((await server.anon.post(`/api/v2/signing/${t}/complete`, { json: CONSENT })).status, 200);
        }
        const token = tokenOf(doc.urls.get(who)!);
        const view = await server.anon.get(`/api/v2/signing/${token}`);
        await server.anon.post(`/api/v2/signing/${token}/field/${view.body.fields[0].id}`, {
          json: { signature: { type: 'typed', text: 'X' } },
        });
        const res = await server.anon.post(`/api/v2/signing/${token}/complete`, {
          json: { ...CONSENT, nextSigner: { name: 'Zoe', email: 'zoe@example.com', cuil: CUIL_C } },
        });
        const after = await server.api.get(`/api/v2/document/${doc.documentId}`);
        assert.ok(!after.body.recipients.some((r: any) => r.email === 'zoe@example.com'), 'nobody was renamed');
        return {
          res,
          view: view.body,
          signed: (await server.anon.get(`/api/v2/signing/${token}`)).body.recipient.signingStatus,
        };
      };
      const off = await attempt({}, 'SEQUENTIAL', 'ana@example.com');
      assert.deepEqual([off.res.status, off.res.body.code], [400, 'NEXT_SIGNER_DICTATION_NOT_ALLOWED']);
      assert.equal(off.view.nextSigner, null);
      assert.equal(off.signed, 'NOT_SIGNED', 'the refusal changed nothing');
      const parallel = await attempt({ allowDictateNextSigner: true }, 'PARALLEL', 'ana@example.com');
      assert.deepEqual([parallel.res.status, parallel.res.body.code], [400, 'NEXT_SIGNER_DICTATION_NOT_ALLOWED']);
      const last = await attempt({ allowDictateNextSigner: true }, 'SEQUENTIAL', 'bruno@example.com', [
        'ana@example.com',
      ]);
      assert.deepEqual([last.res.status, last.res.body.code], [400, 'NO_NEXT_SIGNER']);
      assert.equal(last.view.nextSigner, null);
      assert.equal(last.signed, 'NOT_SIGNED');
      const early = await attempt({ allowDictateNextSigner: true }, 'SEQUENTIAL', 'bruno@example.com');
      assert.equal(early.res.status, 409, 'another recipient (not in turn) cannot dictate');
      assert.equal(early.res.body.code, 'RECIPIENT_OUT_OF_TURN');
    });
  });
}
