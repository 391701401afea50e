import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { childrenOf, contentOf, readNode } from './der.js';
import { loadSealIdentity, type SealIdentity } from './seal-identity.js';
import { sealPdf, SealError } from './seal-pdf.js';
import {
  extractLastCms,
  makeTempDir,
  makeTextPdf,
  opensslCmsPrint,
  pdfsig,
  qpdfCheck,
} from '../../../../test/support/seal-test-support.js';
import { setUpOpensslTsa } from '../../../../test/support/test-tsa.js';

let temp: ReturnType<typeof makeTempDir>;
let identity: SealIdentity;
const servers: Server[] = [];

async function listen(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
}

before(async () => {
  temp = makeTempDir('seal-tsa');
  identity = (await loadSealIdentity({ dataDir: join(temp.dir, 'data') })).identity;
});
after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  temp.cleanup();
});

void test('with a TSA the CMS carries a signature timestamp token that openssl verifies, and pdfsig still validates', async () => {
  const url = await listen(setUpOpensslTsa(temp.dir));
  const sealed = await sealPdf(await makeTextPdf(2), identity, {
    reason: 'Sealed with timestamp',
    tsa: { url, timeoutMs: 120_000 },
  });
  const path = join(temp.dir, 'timestamped.pdf');
  writeFileSync(path, sealed);
  const report = pdfsig(path);
  assert.equal(report.signatures.length, 1, report.output);
  assert.equal(report.signatures[0]?.validation, 'Signature is Valid.', report.output);
  assert.equal(report.signatures[0]?.type, 'ETSI.CAdES.detached');
  assert.ok(qpdfCheck(path).clean);

  const cms = extractLastCms(sealed);
  const printed = opensslCmsPrint(temp.dir, cms);
  assert.match(printed, /unsignedAttrs:[\s\S]*(id-smime-aa-timeStampToken|1\.2\.840\.113549\.1\.9\.16\.2\.14)/);

  // Independent check: the token must timestamp the SHA-256 of this signature value.
  const { signature, token } = signatureAndToken(cms);
  const tokenPath = join(temp.dir, 'token.der');
  writeFileSync(tokenPath, token);
  const verified = execFileSync(
    'openssl',
    [
      'ts',
      '-verify',
      '-digest',
      createHash('sha256').update(signature).digest('hex'),
      '-in',
      tokenPath,
      '-token_in',
      '-CAfile',
      join(temp.dir, 'tsa.crt'),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  assert.match(verified, /Verification: OK/);
});

/** Walks ContentInfo → SignedData → SignerInfo for the signature value and the token attribute. */
function signatureAndToken(cms: Buffer): { signature: Buffer; token: Buffer } {
  const contentInfo = childrenOf(cms, readNode(cms, 0));
  const signedData = childrenOf(cms, childrenOf(cms, contentInfo[1]!)[0]!);
  const signerInfos = signedData.at(-1)!;
  const signerInfo = childrenOf(cms, childrenOf(cms, signerInfos)[0]!);
  const signature = contentOf(
    cms,
    signerInfo.find((node) => node.tag === 0x04)!,
  );
  const unsigned = signerInfo.find((node) => node.tag === 0xa1)!;
  const attribute = childrenOf(cms, childrenOf(cms, unsigned)[0]!);
  const tokenNode = childrenOf(cms, attribute[1]!)[0]!;
  return { signature, token: cms.subarray(tokenNode.start, tokenNode.end) };
}

void test('a TSA answering HTTP 500 fails with TSA_FAILED', async () => {
  const url = await listen((_request, response) => {
    response.writeHead(500);
    response.end('down');
  });
  await assert.rejects(
    sealPdf(await makeTextPdf(1), identity, { reason: 'x', tsa: { url } }),
    (error: unknown) => error instanceof SealError && error.reason === 'TSA_FAILED' && /HTTP 500/.test(error.message),
  );
});

void test('a TSA that never answers fails with TSA_FAILED after the timeout', async () => {
  const url = await listen(() => undefined);
  // The error names the 300 ms timeout: it, not the test's deadline, ended the wait.
  await assert.rejects(
    sealPdf(await makeTextPdf(1), identity, { reason: 'x', tsa: { url, timeoutMs: 300 } }),
    (error: unknown) => error instanceof SealError && error.reason === 'TSA_FAILED' && /300 ms/.test(error.message),
  );
});

void test('a reply that is not a timestamp response, or timestamps something else, fails with TSA_FAILED', async () => {
  const garbage = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
    response.end('not DER at all');
  });
  const isTsaFailed = (error: unknown): boolean => error instanceof SealError && error.reason === 'TSA_FAILED';
  await assert.rejects(sealPdf(await makeTextPdf(1), identity, { reason: 'x', tsa: { url: garbage } }), isTsaFailed);

  // A replayed reply from the real TSA: valid token, wrong imprint and nonce.
  const dir = makeTempDir('seal-tsa-replay');
  try {
    const realUrl = await listen(setUpOpensslTsa(dir.dir));
    const stale = await fetch(realUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: new Uint8Array(
        execFileSync('openssl', ['ts', '-query', '-digest', '00'.repeat(32), '-sha256', '-cert'], {
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      ),
    }).then(async (reply) => Buffer.from(await reply.arrayBuffer()));
    const replay = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
      response.end(stale);
    });
    await assert.rejects(
      sealPdf(await makeTextPdf(1), identity, { reason: 'x', tsa: { url: replay } }),
      (error: unknown) => isTsaFailed(error) && /different signature/.test((error as Error).message),
    );
  } finally {
    dir.cleanup();
  }
});
