import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COMPLETE_ENVELOPE_JOB } from '../../src/domain/jobs/job-catalogue.js';
import { createPendingDocument } from '../helpers/documents.js';
import { CONSENT, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** A valid CUIL for a DNI (prefix 20), or null when the check digit would be 10. */
function cuilFor(dni: number): string | null {
  const base = `20${String(dni).padStart(8, '0')}`;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return null;
  return `${base}${check === 11 ? 0 : check}`;
}

function fiftySigners() {
  const recipients: { email: string; name: string; role: string; cuil: string; fields: unknown[] }[] = [];
  for (let dni = 30_000_000; recipients.length < 50; dni++) {
    const cuil = cuilFor(dni);
    if (!cuil) continue;
    const n: number = recipients.length;
    recipients.push({
      email: `signer${n}@example.com`,
      name: `Signer ${n}`,
      role: 'SIGNER',
      cuil,
      fields: [
        {
          type: 'SIGNATURE',
          pageNumber: 1,
          pageX: (n % 5) * 19 + 1,
          pageY: Math.floor(n / 5) * 9 + 1,
          width: 18,
          height: 8,
        },
      ],
    });
  }
  return { title: 'Cincuenta firmantes', recipients };
}

for (const database of testDatabases()) {
  describe(`concurrent last signers (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('50 concurrent complete calls by different recipients hand the envelope over exactly once', async () => {
      const { urls, documentId } = await createPendingDocument(server.api, fiftySigners());
      assert.equal(urls.size, 50);
      const tokens = [...urls.values()].map(tokenOf);
      for (const token of tokens) {
        const view = await server.anon.get(`/api/v2/signing/${token}`);
        const res = await server.anon.post(`/api/v2/signing/${token}/field/${view.body.fields[0].id}`, {
          json: { signature: { type: 'typed', text: view.body.recipient.name } },
        });
        assert.equal(res.status, 200);
      }
      // A busy machine can make a request wait longer for a pooled PostgreSQL connection than the
      // server allows (5 s): it then answers 503 with a code and Retry-After, having changed nothing,
      // and a client tries again. The property under test holds either way: one handover.
      const complete = async (token: string) => {
        for (let attempt = 1; ; attempt++) {
          const res = await server.anon.post(`/api/v2/signing/${token}/complete`, { json: CONSENT });
          if (res.status !== 503 || attempt === 10) return res;
          assert.equal(typeof res.body.code, 'string', JSON.stringify(res.body));
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        }
      };
      const answers = await Promise.all(tokens.map(complete));
      assert.deepEqual(
        answers.map((a) => a.status),
        tokens.map(() => 200),
      );
      assert.ok(answers.every((a) => a.body.signingStatus === 'SIGNED'));

      const jobs = await server.ctx.db
        .selectFrom('job')
        .select('payload')
        .where('kind', '=', COMPLETE_ENVELOPE_JOB)
        .execute();
      assert.equal(
        jobs.filter((j) => (JSON.parse(j.payload) as { envelopeId: number }).envelopeId === documentId).length,
        1,
        'one completion job',
      );
      const audit = await server.ctx.db
        .selectFrom('auditEvent')
        .select('type')
        .where('envelopeId', '=', documentId)
        .execute();
      assert.equal(audit.filter((a) => a.type === 'DOCUMENT_RECIPIENT_COMPLETED').length, 50);
      const events = await server.ctx.db
        .selectFrom('event')
        .select('type')
        .where('envelopeId', '=', documentId)
        .execute();
      assert.equal(events.filter((e) => e.type === 'DOCUMENT_RECIPIENT_COMPLETED').length, 50);
      assert.equal(
        events.filter((e) => e.type === 'DOCUMENT_SIGNED').length,
        50,
        'one DOCUMENT_SIGNED per signer, as Documenso sends it',
      );

      await server.worker.drain();
      const doc = await waitForStatus(server.api, documentId, ['COMPLETED']);
      assert.equal(doc.recipients.filter((r: { signingStatus: string }) => r.signingStatus === 'SIGNED').length, 50);
      const final = await server.ctx.db
        .selectFrom('event')
        .select('type')
        .where('envelopeId', '=', documentId)
        .where('type', '=', 'DOCUMENT_COMPLETED')
        .execute();
      assert.equal(final.length, 1, 'completed exactly once');
    });
  });
}
