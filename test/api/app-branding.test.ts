import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG } from 'pngjs';
import { joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { createPendingDocument } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { createDirectTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import {
  base64,
  GIF,
  LOGO_JPEG,
  LOGO_PNG,
  noisePng,
  PDF_NAMED_PNG,
  POLYGLOT_JPEG,
  POLYGLOT_PNG,
  TRUNCATED_PNG,
} from '../support/brand-fixtures.js';
import { signaturePng } from '../support/signature-images.js';

/**
 * Issue 37, item 3: a team's brand (colour and logo) in the web app's settings, admins only, each
 * change audited; the signing page of the team's documents takes it, another team's does not.
 */
for (const database of testDatabases()) {
  describe(`app settings: branding (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(async () => server?.close());

    const put = (client: SessionClient, path: string, json: unknown, csrf?: boolean) =>
      client.request('PUT', path, { json, ...(csrf === false ? { csrf: false } : {}) });
    const brandAudit = async (platformId: number) =>
      (
        await server.ctx.db
          .selectFrom('accountAudit')
          .select(['type', 'data'])
          .where('platformId', '=', platformId)
          .orderBy('id')
          .execute()
      ).filter((r) => r.type.startsWith('BRAND_'));
    const brandRow = (platformId: number) =>
      server.ctx.db
        .selectFrom('platform')
        .select(['brandColor', 'brandLogoSha256'])
        .where('id', '=', platformId)
        .executeTakeFirstOrThrow();

    test('set a colour and a logo, read them back, remove the logo — each change audited', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.brand@firma.example');
      const base = `/api/app/platforms/${platformId}/branding`;
      assert.deepEqual((await admin.get(base)).body, { color: null, contrast: null, logo: null });

      const colored = await put(admin, `${base}/color`, { color: '#0B5CAD' });
      assert.equal(colored.status, 200, JSON.stringify(colored.body));
      assert.equal(colored.body.color, '#0b5cad');
      assert.ok(colored.body.contrast >= 4.5);

      const logo = await put(admin, `${base}/logo`, { image: base64(LOGO_PNG) });
      assert.equal(logo.status, 200, JSON.stringify(logo.body));
      assert.match(logo.body.logo.url, /^\/sign-assets\/brand\/[0-9a-f]{64}\.png$/);
      assert.deepEqual(await admin.get(base).then((r) => r.body), logo.body);

      // What is stored and served is a PNG of the pixels, public, cacheable, nothing else.
      const served = await fetch(server.url + logo.body.logo.url);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/png');
      assert.match(served.headers.get('cache-control') ?? '', /immutable/);
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(served.headers.get('set-cookie'), null);
      const decoded = PNG.sync.read(Buffer.from(await served.arrayBuffer()));
      assert.deepEqual([decoded.width, decoded.height], [160, 48]);

      const jpeg = await put(admin, `${base}/logo`, { image: base64(LOGO_JPEG) });
      assert.equal(jpeg.status, 200, JSON.stringify(jpeg.body));
      assert.notEqual(jpeg.body.logo.sha256, logo.body.logo.sha256);
      assert.equal((await fetch(server.url + jpeg.body.logo.url)).headers.get('content-type'), 'image/png');
      assert.equal((await fetch(server.url + logo.body.logo.url)).status, 404, 'a replaced logo is no longer served');

      const removed = await admin.delete(`${base}/logo`);
      assert.equal(removed.status, 200);
      assert.equal(removed.body.logo, null);
      assert.equal(removed.body.color, '#0b5cad');
      assert.equal((await admin.delete(`${base}/logo`)).status, 200, 'removing none is no change');
      const cleared = await put(admin, `${base}/color`, { color: null });
      assert.equal(cleared.body.color, null);

      const audit = await brandAudit(platformId);
      assert.deepEqual(
        audit.map((r) => r.type),
        [
          'BRAND_COLOR_CHANGED',
          'BRAND_LOGO_CHANGED',
          'BRAND_LOGO_CHANGED',
          'BRAND_LOGO_REMOVED',
          'BRAND_COLOR_CHANGED',
        ],
      );
      assert.match(String(audit[1]!.data), /"format":"png"/);
      assert.match(String(audit[2]!.data), /"format":"jpeg"/);
    });

    test('bad files, colours and contrasts are refused with their code, and nothing changes', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.brandrules@firma.example');
      const base = `/api/app/platforms/${platformId}/branding`;
      await put(admin, `${base}/color`, { color: '#1d4ed8' });
      await put(admin, `${base}/logo`, { image: base64(LOGO_PNG) });
      const before = await brandRow(platformId);
      const auditBefore = await brandAudit(platformId);
      const storedBefore = await countBlobs(server);

      const files: [string, Buffer, number, string][] = [
        ['a PDF named logo.png', PDF_NAMED_PNG, 400, 'LOGO_INVALID'],
        ['a GIF', GIF, 400, 'LOGO_INVALID'],
        ['a truncated PNG', TRUNCATED_PNG, 400, 'LOGO_INVALID'],
        ['a PNG with HTML after it', POLYGLOT_PNG, 400, 'LOGO_INVALID'],
        ['a JPEG with a ZIP after it', POLYGLOT_JPEG, 400, 'LOGO_INVALID'],
        ['a PNG over 512 KB', noisePng(380), 413, 'LOGO_TOO_LARGE'],
        ['a PNG over the JSON body limit', noisePng(600), 413, 'PAYLOAD_TOO_LARGE'],
        ['a PNG 2100 pixels wide', signaturePng(2100, 20), 400, 'LOGO_DIMENSIONS'],
        ['a PNG 1 pixel high', signaturePng(40, 1), 400, 'LOGO_DIMENSIONS'],
        ['a PNG whose pixels are corrupt', corruptPixels(LOGO_PNG), 400, 'LOGO_INVALID'],
      ];
      for (const [what, bytes, status, code] of files) {
        const refused = await put(admin, `${base}/logo`, { image: base64(bytes) });
        assert.equal(refused.status, status, `${what}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.code, code, what);
        assert.equal(typeof refused.body.message, 'string');
      }
      for (const json of [{}, { image: '' }, { image: 'not base64!' }, { image: 42 }]) {
        const refused = await put(admin, `${base}/logo`, json);
        assert.equal(refused.status, 400, JSON.stringify(json));
        assert.equal(refused.body.code, 'VALIDATION_ERROR');
      }
      for (const color of ['blue', '#fff', '1d4ed8', '#1d4ed8ff', '', 12]) {
        const refused = await put(admin, `${base}/color`, { color });
        assert.equal(refused.status, 400, String(color));
        assert.equal(refused.body.code, 'VALIDATION_ERROR');
      }
      for (const color of ['#ffcc00', '#777777', '#ffffff']) {
        const refused = await put(admin, `${base}/color`, { color });
        assert.equal(refused.status, 400, color);
        assert.equal(refused.body.code, 'BRAND_COLOR_LOW_CONTRAST');
        assert.match(refused.body.message, /4\.5:1/);
        assert.deepEqual(refused.body.issues[0].path, ['color']);
      }
      assert.equal((await put(admin, `${base}/color`, { color: '#767676' })).status, 200, 'just over 4.5:1');
      await put(admin, `${base}/color`, { color: '#1d4ed8' });

      assert.deepEqual(await brandRow(platformId), before);
      assert.deepEqual((await brandAudit(platformId)).length, auditBefore.length + 2);
      assert.equal(await countBlobs(server), storedBefore, 'no refused file was stored');
    });

    test('no session, no CSRF, MANAGER, MEMBER and another team: refused, nothing read or changed', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.brandroles@firma.example');
      const manager = await joinPlatform(server, admin, platformId, 'mona.brandroles@firma.example', 'MANAGER');
      const member = await joinPlatform(server, admin, platformId, 'mel.brandroles@firma.example', 'MEMBER');
      const other = await platformWithAdmin(server, 'root.otherbrand@firma.example');
      const base = `/api/app/platforms/${platformId}/branding`;
      await put(admin, `${base}/color`, { color: '#0b5cad' });
      await put(admin, `${base}/logo`, { image: base64(LOGO_PNG) });
      const before = await brandRow(platformId);
      const auditBefore = await brandAudit(platformId);

      assert.equal((await put(admin, `${base}/color`, { color: '#000000' }, false)).status, 403);
      assert.equal((await put(admin, `${base}/logo`, { image: base64(LOGO_JPEG) }, false)).status, 403);
      assert.equal((await admin.delete(`${base}/logo`, { csrf: false })).status, 403);
      const anonymous = new SessionClient(server.url);
      assert.equal((await anonymous.get(base)).status, 401);
      assert.equal((await put(anonymous, `${base}/color`, { color: '#000000' })).status, 401);
      for (const client of [manager, member]) {
        for (const refused of [
          await client.get(base),
          await put(client, `${base}/color`, { color: '#000000' }),
          await put(client, `${base}/logo`, { image: base64(LOGO_JPEG) }),
          await client.delete(`${base}/logo`),
        ]) {
          assert.equal(refused.status, 403, JSON.stringify(refused.body));
          assert.equal(refused.body.code, 'FORBIDDEN');
        }
      }
      for (const refused of [
        await other.admin.get(base),
        await put(other.admin, `${base}/color`, { color: '#000000' }),
        await put(other.admin, `${base}/logo`, { image: base64(LOGO_JPEG) }),
        await other.admin.delete(`${base}/logo`),
      ]) {
        assert.equal(refused.status, 404, JSON.stringify(refused.body));
        assert.equal(refused.body.code, 'NOT_FOUND');
        assert.ok(!JSON.stringify(refused.body).includes('0b5cad'), 'the answer tells nothing of the brand');
      }
      assert.deepEqual(await brandRow(platformId), before);
      assert.deepEqual(await brandAudit(platformId), auditBefore);
      assert.deepEqual(await brandRow(other.platformId), { brandColor: null, brandLogoSha256: null });
    });

    test('the signing page of the team’s document carries its stylesheet and logo; another team’s does not', async () => {
      const { admin, platformId, token } = await platformWithAdmin(server, 'root.brandpage@firma.example');
      const base = `/api/app/platforms/${platformId}/branding`;
      await put(admin, `${base}/color`, { color: '#0b5cad' });
      const logo = await put(admin, `${base}/logo`, { image: base64(LOGO_PNG) });
      const other = await server.newPlatform();
      const mine = await createPendingDocument(token);
      const theirs = await createPendingDocument(other);

      const page = await fetch(`${server.url}/sign/${tokenOf(mine.urls.get('ana@example.com')!)}`).then((r) =>
        r.text(),
      );
      assert.match(page, /<link rel="stylesheet" href="\/sign-assets\/brand\/0b5cad\.css">/);
      assert.ok(page.includes(`<img src="${logo.body.logo.url}"`), page);
      assert.ok(!/style=|<style/.test(page), 'no inline style');

      const sheet = await fetch(`${server.url}/sign-assets/brand/0b5cad.css`);
      assert.equal(sheet.status, 200);
      assert.equal(sheet.headers.get('content-type'), 'text/css; charset=utf-8');
      assert.equal(await sheet.text(), ':root { --team-brand: #0b5cad; }\n');
      assert.equal((await fetch(`${server.url}/sign-assets/brand/ffcc00.css`)).status, 404, 'a refused colour');
      assert.equal((await fetch(`${server.url}/sign-assets/brand/nothex.css`)).status, 404);

      const plain = await fetch(`${server.url}/sign/${tokenOf(theirs.urls.get('ana@example.com')!)}`).then((r) =>
        r.text(),
      );
      assert.ok(!plain.includes('/sign-assets/brand/'), 'another team’s page has no brand');

      // Embedded: the colour (the embedder's css and cssVars still win), no logo.
      const embedded = await fetch(`${server.url}/sign/${tokenOf(mine.urls.get('ana@example.com')!)}?embed=1`).then(
        (r) => r.text(),
      );
      assert.match(embedded, /\/sign-assets\/brand\/0b5cad\.css/);
      assert.ok(!embedded.includes('team-brand'), 'no logo inside an embedding app');

      // A template's direct link of the team: the same brand, framed the colour only; another team's: none.
      const directPage = async (client: typeof token, path: (t: string) => string) => {
        const t = await createDirectTemplate(client);
        const link = await client.post('/api/v2/template/direct/create', {
          json: { templateId: t.templateId, directRecipientId: t.client },
        });
        assert.equal(link.status, 200, JSON.stringify(link.body));
        return fetch(`${server.url}${path(link.body.token as string)}`).then((r) => r.text());
      };
      const direct = await directPage(token, (t) => `/d/${t}`);
      assert.match(direct, /\/sign-assets\/brand\/0b5cad\.css/);
      assert.ok(direct.includes(`<img src="${logo.body.logo.url}"`), 'the logo on the direct link page');
      const directFramed = await directPage(token, (t) => `/embed/direct/${t}`);
      assert.match(directFramed, /\/sign-assets\/brand\/0b5cad\.css/);
      assert.ok(!directFramed.includes('team-brand'), 'no logo inside an embedding app');
      assert.ok(!(await directPage(other, (t) => `/d/${t}`)).includes('/sign-assets/brand/'), 'another team’s: none');
    });

    test('the logo route serves team logos only: any other blob’s hash is a 404', async () => {
      const { token } = await platformWithAdmin(server, 'root.brandblob@firma.example');
      const doc = await createPendingDocument(token);
      const item = await server.ctx.db
        .selectFrom('envelopeItem')
        .innerJoin('envelope', 'envelope.id', 'envelopeItem.envelopeId')
        .select('envelopeItem.originalSha256')
        .where('envelope.publicId', '=', doc.envelopeId)
        .executeTakeFirstOrThrow();
      const answer = await fetch(`${server.url}/sign-assets/brand/${item.originalSha256}.png`);
      assert.equal(answer.status, 404, 'a PDF’s hash opens nothing');
      assert.equal((await fetch(`${server.url}/sign-assets/brand/${'0'.repeat(64)}.png`)).status, 404);
    });
  });
}

async function countBlobs(server: TestServer): Promise<number> {
  let count = 0;
  for await (const page of server.ctx.storage.list()) count += page.length;
  return count;
}

/** The PNG with bytes inside its IDAT data flipped (the CRC no longer matches; the pixels do not inflate). */
function corruptPixels(png: Buffer): Buffer {
  const bytes = Buffer.from(png);
  const idat = bytes.indexOf('IDAT');
  for (let i = idat + 8; i < idat + 40; i++) bytes[i] = bytes[i]! ^ 0x5a;
  return bytes;
}
