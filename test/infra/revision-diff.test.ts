import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { renderFields } from '../../src/infra/pdf/render/index.js';
import { appendDss, generateSelfSignedIdentity, sealPdf } from '../../src/infra/pdf/seal/index.js';
import { diffAfterSignatures } from '../support/revision-diff.js';

/** The revision diff (test/support/revision-diff.ts) on updates made after a signature: it can fail, and pass. */
async function signedPage(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Contrato', { x: 50, y: 800 });
  const identity = await generateSelfSignedIdentity();
  return sealPdf(await doc.save(), identity, { reason: 'test', signingTime: new Date('2026-11-28T12:00:00Z') });
}

test('text burned into the page after a signature is reported (page /Contents and /Resources)', async () => {
  const signed = await signedPage();
  const field = { page: 1, positionX: 10, positionY: 10, width: 30, height: 5 };
  const burned = await renderFields(signed, [{ ...field, value: { kind: 'text', text: 'Ana' } }], {
    incremental: true,
  });
  const [diff] = await diffAfterSignatures(burned);
  assert.ok(diff);
  assert.ok(
    diff.problems.some((p) => /\(Page\): changed .*\/Contents/.test(p)),
    `page content change reported: ${diff.problems.join('; ')}`,
  );
});

test('a DSS appended after a signature is not reported', async () => {
  const signed = await signedPage();
  const withDss = appendDss(signed, { time: new Date(), certificates: [], revocation: [] });
  const [diff] = await diffAfterSignatures(withDss);
  assert.deepEqual(diff?.problems, []);
});
