import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { flat } from '../support/evidence-checks.js';
import { pdfText } from '../support/poppler.js';

/** The recorded hashes the timeline must show, read from the audit log itself. */
async function recordedHashes(server: TestServer, documentId: number) {
  const rows = await server.ctx.db
    .selectFrom('auditEvent')
    .select(['type', 'data'])
    .where('envelopeId', '=', documentId)
    .orderBy('seq')
    .execute();
  const data = rows.map((r) => ({ type: r.type, data: JSON.parse(r.data) as Record<string, any> }));
  const original = data.find((r) => r.type === 'DOCUMENT_CREATED')!.data.items[0].sha256 as string;
  const drawn = data.find((r) => r.type === 'DOCUMENT_FIELD_INSERTED' && r.data.value?.drawnSignatureSha256)!.data.value
    .drawnSignatureSha256 as string;
  return { original, drawn };
}

const expected = {
  en: {
    sentences: [
      'The sender (API) created the document “Contrato de locación”, with 1 file.',
      'The sender (API) sent the document for signing (signing in parallel); no email sent (the sender hands out the links).',
      'Ana García opened the document.',
      'Ana García signed by typing “Ana García”.',
      'Ana García signed the document.',
      'Bruno Díaz signed by drawing their signature.',
      'Bruno Díaz signed the document.',
    ],
    text: /AnaGarcíafilledinthetextfield#\d+with“CalleFalsa123,Córdoba”\./,
    original: 'SHA-256 of the original — Contrato de locación: ',
    drawn: 'SHA-256 of the signature image: ',
  },
  es: {
    sentences: [
      'El remitente (API) creó el documento «Contrato de locación», con 1 archivo.',
      'El remitente (API) envió el documento para firmar (firma en paralelo); sin aviso por correo (los enlaces los entrega el remitente).',
      'Ana García abrió el documento.',
      'Ana García firmó escribiendo «Ana García».',
      'Ana García firmó el documento.',
      'Bruno Díaz firmó dibujando su firma.',
      'Bruno Díaz firmó el documento.',
    ],
    text: /AnaGarcíacompletóelcampotexton\.º\d+con«CalleFalsa123,Córdoba»\./,
    original: 'SHA-256 del original — Contrato de locación: ',
    drawn: 'SHA-256 de la imagen de la firma: ',
  },
} as const;

for (const database of testDatabases()) {
  describe(`the certificate's event timeline in words (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server.close());

    for (const language of ['en', 'es'] as const) {
      test(`${language}: every event is a sentence in the document's language, hashes labelled, no JSON`, async () => {
        const doc = await createPendingDocument(server.api, typicalPayload({ meta: { language } }));
        assert.equal(
          (await signAll(server.anon, tokenOf(doc.urls.get('ana@example.com')!))).status,
          200,
          'Ana types her signature',
        );
        assert.equal(
          (await signAll(server.anon, tokenOf(doc.urls.get('bruno@example.com')!), { drawn: true })).status,
          200,
          'Bruno draws his',
        );
        await waitForStatus(server.api, doc.documentId, ['COMPLETED']);
        const certificate = await server.api.get(`/api/v2/document/${doc.documentId}/certificate`);
        assert.equal(certificate.status, 200);
        // Drawing order keeps a table cell's lines together; spaces are dropped (lines wrap anywhere).
        const text = flat(pdfText(certificate.bytes, undefined, true));
        const want = expected[language];
        for (const sentence of want.sentences) assert.ok(text.includes(flat(sentence)), `missing: ${sentence}`);
        assert.match(text, want.text);
        const hashes = await recordedHashes(server, doc.documentId);
        assert.ok(text.includes(flat(want.original) + hashes.original), 'the original file hash, labelled');
        assert.ok(text.includes(flat(want.drawn) + hashes.drawn), 'the drawn signature image hash, labelled');
        assert.doesNotMatch(text, /\{"|typedSignature|drawnSignatureSha256|"value"/, 'no raw JSON');
      });
    }
  });
}
