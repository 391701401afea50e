/**
 * Team branding: `npx tsx bench/branding.bench.ts` (SQLite; FIRMA_TEST_DATABASE_URL adds PostgreSQL).
 *
 * The real application in process (test/helpers/test-server.ts). Two costs the brand adds:
 * - the signing page's shell (`GET /sign/{token}`) of a branded team (colour and logo: the brand's
 *   row, and the sender name for the logo's text) beside the same shell of an unbranded team, in
 *   alternating rounds of sequential requests; the figure is the ratio of the medians;
 * - a logo upload (`PUT …/branding/logo`: magic bytes, a full decode and re-encode in a PDF worker
 *   thread, the blob stored, the row and its audit) beside a colour change (`PUT …/branding/color`:
 *   the same session, CSRF and admin check, transaction and audit, no image), same rounds.
 */
import { platformWithAdmin } from '../test/helpers/accounts.js';
import { createPendingDocument } from '../test/helpers/documents.js';
import { startTestServer, testDatabases } from '../test/helpers/test-server.js';
import { base64, LOGO_PNG } from '../test/support/brand-fixtures.js';

const ROUNDS = 5;
const SHELLS_PER_ROUND = 200;
const UPLOADS_PER_ROUND = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Medians of `a` and `b`, sent one after the other `times` times, which goes first alternating. */
async function paired(
  times: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<{ a: number; b: number }> {
  const [as, bs]: [number[], number[]] = [[], []];
  const time = async (send: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await send();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < times; i++) {
    if (i % 2 === 0) await time(a, as).then(() => time(b, bs));
    else await time(b, bs).then(() => time(a, as));
  }
  return { a: median(as), b: median(bs) };
}

export interface BrandingBench {
  database: string;
  shell: { brandedMs: number; plainMs: number; ratio: number };
  upload: { logoMs: number; colorMs: number; ratio: number };
}

export async function runBrandingBench(): Promise<BrandingBench[]> {
  const results: BrandingBench[] = [];
  for (const database of testDatabases()) {
    const server = await startTestServer({
      database,
      env: { FIRMA_RATE_LIMIT_PER_MINUTE: '1000000', FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    try {
      const { admin, platformId, token } = await platformWithAdmin(server, 'bench.brand@firma.example');
      const base = `/api/app/platforms/${platformId}/branding`;
      await admin.request('PUT', `${base}/color`, { json: { color: '#0b5cad' } });
      await admin.request('PUT', `${base}/logo`, { json: { image: base64(LOGO_PNG) } });
      const branded = (await createPendingDocument(token)).urls.get('ana@example.com')!;
      const plain = (await createPendingDocument(await server.newPlatform())).urls.get('ana@example.com')!;
      const shell = (url: string) => () => fetch(url).then((r) => r.text());
      const image = base64(LOGO_PNG);

      const rounds: { branded: number; plain: number; logo: number; color: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const shells = await paired(SHELLS_PER_ROUND, shell(branded), shell(plain));
        const changes = await paired(
          UPLOADS_PER_ROUND,
          () => admin.request('PUT', `${base}/logo`, { json: { image } }),
          () => admin.request('PUT', `${base}/color`, { json: { color: '#0b5cad' } }),
        );
        rounds.push({ branded: shells.a, plain: shells.b, logo: changes.a, color: changes.b });
      }
      const brandedMs = median(rounds.map((r) => r.branded));
      const plainMs = median(rounds.map((r) => r.plain));
      const logoMs = median(rounds.map((r) => r.logo));
      const colorMs = median(rounds.map((r) => r.color));
      results.push({
        database,
        shell: { brandedMs, plainMs, ratio: median(rounds.map((r) => r.branded / r.plain)) },
        upload: { logoMs, colorMs, ratio: median(rounds.map((r) => r.logo / r.color)) },
      });
    } finally {
      await server.close();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runBrandingBench())
    console.log(
      `${r.database}: shell ${r.shell.brandedMs.toFixed(2)} ms branded vs ${r.shell.plainMs.toFixed(2)} ms plain (×${r.shell.ratio.toFixed(2)}); ` +
        `logo upload ${r.upload.logoMs.toFixed(1)} ms vs colour change ${r.upload.colorMs.toFixed(1)} ms (×${r.upload.ratio.toFixed(2)})`,
    );
  process.exit(0);
}
