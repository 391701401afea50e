import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';
import { collectUnreferencedBlobs } from '../../src/domain/blobs/collect-unreferenced-blobs.js';
import { platformWithAdmin } from '../helpers/accounts.js';
import { createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { base64, LOGO_PNG } from '../support/brand-fixtures.js';

/**
 * Issue 37, item 3: a team's brand in its documents' mails, through the real SMTP server: the
 * logo as an inline part (cid:) above the text, the colour on the button and the link; the text
 * part the same as without a brand; another team's mails unbranded.
 */
for (const database of testDatabases()) {
  describe(`branding in the mails (${database})`, () => {
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

    const requestTo = (email: string, title: string) => (m: ParsedMail) =>
      recipientOf(m) === email && String(m.subject).includes(title);
    const send = async (client: Parameters<typeof createPendingDocument>[0], title: string, email: string) => {
      const payload = typicalPayload({ title });
      (payload.recipients as { email: string }[])[0]!.email = email;
      await createPendingDocument(client, payload, { distributionMethod: 'EMAIL' });
      const [mail] = await smtp.waitFor(requestTo(email, title));
      return mail!;
    };

    test('the signing request shows the logo inline and the colour on its button; the text part is unchanged', async () => {
      const { admin, platformId, token } = await platformWithAdmin(server, 'root.brandmail@firma.example');
      const plain = await send(token, 'Sin marca', 'ana.plain@example.com');
      const base = `/api/app/platforms/${platformId}/branding`;
      assert.equal((await admin.request('PUT', `${base}/color`, { json: { color: '#0b5cad' } })).status, 200);
      assert.equal((await admin.request('PUT', `${base}/logo`, { json: { image: base64(LOGO_PNG) } })).status, 200);

      const branded = await send(token, 'Con marca', 'ana.brand@example.com');
      const html = String(branded.html);
      const logo = branded.attachments.find((a) => a.contentType === 'image/png');
      assert.ok(logo, 'the logo goes inside the mail');
      assert.equal(logo.cid, 'team-logo@firma');
      assert.equal(logo.contentDisposition, 'inline');
      const decoded = PNG.sync.read(logo.content);
      assert.deepEqual([decoded.width, decoded.height], [160, 48]);
      // mailparser puts a part the HTML names by cid: in its place as a data: URL, so this is the logo.
      assert.equal(logo.related, true, 'a part of the HTML (multipart/related), not a file to open');
      assert.match(html, /<img src="data:image\/png;base64,[^"]+" alt="[^"]+" width="160" height="48"/);
      assert.ok(!html.includes('/sign-assets/brand/'), 'no remote image: nothing fetched when the mail is read');
      assert.match(html, /style="background:#0b5cad;color:#ffffff/);
      assert.match(html, /style="color:#0b5cad">http/);
      assert.ok(!html.includes('#1d4ed8'), 'Firma’s blue is gone');

      assert.ok(!String(plain.html).includes('cid:'));
      assert.match(String(plain.html), /background:#1d4ed8/);
      assert.equal(plain.attachments.length, 0);
      // The text part: the same words but for the document's title, the name and the link.
      const words = (m: ParsedMail) =>
        String(m.text)
          .replace(/https?:\/\/\S+/g, 'LINK')
          .replace(/Sin marca|Con marca/g, 'TITLE')
          .replace(/ana\.(plain|brand)@example\.com/g, 'EMAIL');
      assert.equal(words(branded), words(plain));
    });

    test('another team’s mails stay unbranded, and the logo blob survives the blob collection', async () => {
      const { admin, platformId, token } = await platformWithAdmin(server, 'root.brandmail2@firma.example');
      const base = `/api/app/platforms/${platformId}/branding`;
      const set = await admin.request('PUT', `${base}/logo`, { json: { image: base64(LOGO_PNG) } });
      await admin.request('PUT', `${base}/color`, { json: { color: '#6b21a8' } });
      const other = await server.newPlatform();
      const mail = await send(other, 'Otro equipo', 'ana.other@example.com');
      assert.ok(!String(mail.html).includes('cid:'));
      assert.ok(!String(mail.html).includes('#6b21a8'));
      assert.equal(mail.attachments.length, 0);

      await collectUnreferencedBlobs(server.ctx, { graceMs: 0 });
      assert.equal(await server.ctx.storage.exists(set.body.logo.sha256), true, 'a team’s logo is referenced');
      assert.equal((await fetch(server.url + set.body.logo.url)).status, 200);

      // A logo whose blob is gone from the store (lost, removed by hand): no logo, no failing mail.
      await server.ctx.storage.removeIfUntouched(set.body.logo.sha256, Date.now() + 60_000);
      assert.equal((await fetch(server.url + set.body.logo.url)).status, 404);
      const lost = await send(token, 'Logo perdido', 'ana.lost@example.com');
      assert.equal(lost.attachments.length, 0);
      assert.match(String(lost.html), /background:#6b21a8/, 'the colour still applies');
    });
  });
}
