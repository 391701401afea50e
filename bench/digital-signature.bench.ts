/**
 * Firma digital benchmark: `npx tsx bench/digital-signature.bench.ts`.
 *
 * On a 100-page PDF, in interleaved rounds: the seal (sealPdf, Firma's own key) beside one
 * signer's revision as prepare → submit do it without the database: burn one signature field in
 * incrementally (renderFields with `incremental`), lay out the placeholder and signed attributes
 * (prepareExternalSignature), sign them as the client would (RSA-2048), verify the value and embed
 * the CMS; and the same with the field as the signer's visible signature field (form mode, issue
 * #34), as prepare does now. Certificate validation (network: OCSP/CRL) is not part of it.
 */
import { sign, X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderFields } from '../src/infra/pdf/render/index.js';
import {
  embedExternalSignature,
  loadSealIdentity,
  prepareExternalSignature,
  sealPdf,
  verifyExternalSignatureValue,
} from '../src/infra/pdf/seal/index.js';
import { makeTextPdf } from '../test/support/seal-test-support.js';

const PAGES = 100;
const ROUNDS = 15;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'firma-digital-bench-'));
  try {
    const pdf = Buffer.from(await makeTextPdf(PAGES));
    const { identity } = await loadSealIdentity({ p12Path: null, p12Password: '', dataDir: dir } as never);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'k.pem'),
        '-out',
        join(dir, 'c.pem'),
        '-subj',
        '/CN=Bench Signer/serialNumber=CUIL 20123456786',
        '-days',
        '2',
      ],
      { stdio: 'ignore' },
    );
    const certificate = Buffer.from(
      readFileSync(join(dir, 'c.pem'), 'utf8').replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''),
      'base64',
    );
    const key = readFileSync(join(dir, 'k.pem'), 'utf8');
    const signer = { certificate, chain: [], keyType: 'rsa' as const };
    const publicKey = new X509Certificate(certificate).publicKey;
    const field = {
      page: 1,
      positionX: 10,
      positionY: 80,
      width: 30,
      height: 8,
      value: { kind: 'typed-signature' as const, text: 'Juana Pérez' },
    };

    const seal = async () => sealPdf(pdf, identity, { reason: 'bench' });
    const digital = async () => {
      const drawn = Buffer.from(await renderFields(pdf, [field], { incremental: true }));
      const prepared = prepareExternalSignature(drawn, signer, { reason: 'bench', signingTime: new Date() });
      const value = sign('sha256', prepared.signedAttributes, key);
      if (!verifyExternalSignatureValue(prepared.signedAttributes, value, publicKey)) throw new Error('bad value');
      return embedExternalSignature(prepared, signer, prepared.signedAttributes, value);
    };
    // What prepare does since issue #34: the field as a visible signature field, signed into.
    const form = { name: 'Signature 1 — PÉREZ Juana', signature: true };
    const digitalForm = async () => {
      const drawn = Buffer.from(
        await renderFields(pdf, [{ ...field, form }], { incremental: true, form: { empty: [] } }),
      );
      const prepared = prepareExternalSignature(drawn, signer, {
        reason: 'bench',
        signingTime: new Date(),
        fieldName: form.name,
      });
      const value = sign('sha256', prepared.signedAttributes, key);
      if (!verifyExternalSignatureValue(prepared.signedAttributes, value, publicKey)) throw new Error('bad value');
      return embedExternalSignature(prepared, signer, prepared.signedAttributes, value);
    };
    await seal();
    await digital();
    await digitalForm();
    const times = { seal: [] as number[], digital: [] as number[], digitalForm: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of [
        ['seal', seal],
        ['digital', digital],
        ['digitalForm', digitalForm],
      ] as const) {
        const start = performance.now();
        await run();
        times[name].push(performance.now() - start);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    console.log(`${PAGES}-page PDF (${(pdf.length / 1024).toFixed(0)} KiB), median of ${ROUNDS} interleaved rounds:`);
    console.log(`  seal (Firma's key):                          ${median(times.seal)} ms`);
    console.log(`  signer revision (render + prepare + embed):  ${median(times.digital)} ms`);
    console.log(`  the same as a signature field (form mode):   ${median(times.digitalForm)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
