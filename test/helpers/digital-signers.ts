import assert from 'node:assert/strict';
import { sign, type KeyObject } from 'node:crypto';
import { typicalPayload } from './documents.js';
import type { HttpClient } from './http-client.js';
import { DIGITAL_CONSENT, valueFor } from './signing.js';

/**
 * The DIGITAL signer's side of the firma digital tests (prepare → sign elsewhere → submit), shared by
 * the API tests so that each keeps only what it checks.
 */

/** The typical document with one recipient (Ana, by default) signing at the DIGITAL level. */
export function digitalPayload(index = 0) {
  const payload = typicalPayload();
  payload.recipients[index] = { ...payload.recipients[index]!, signatureLevel: 'DIGITAL' } as never;
  return payload;
}

/** Fills the recipient's fields through the signing API (a DIGITAL signer fills before preparing), but those the certificate fills. */
export async function fillFields(client: HttpClient, token: string): Promise<void> {
  const view = await client.get(`/api/v2/signing/${token}`);
  assert.equal(view.status, 200, JSON.stringify(view.body));
  for (const f of view.body.fields as {
    id: number;
    type: string;
    fieldMeta: unknown;
    signedByCertificate: boolean;
  }[]) {
    if (f.signedByCertificate) continue;
    const res = await client.post(`/api/v2/signing/${token}/field/${f.id}`, { json: valueFor(f) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
}

export interface PreparedSignatures {
  preparationId: string;
  signatures: { itemId: string; signedAttributes: string }[];
}

/** `signature/prepare` with this chain (the signer's certificate first); the raw answer. */
export function prepareSignature(client: HttpClient, token: string, certificateChain: string[]) {
  return client.post(`/api/v2/signing/${token}/signature/prepare`, { json: { certificateChain } });
}

/** What the signer's device does: sign each item's signed attributes (SHA-256, RSA PKCS#1 v1.5 or ECDSA). */
export function signPrepared(prepared: PreparedSignatures, privateKey: KeyObject) {
  return prepared.signatures.map((s) => ({
    itemId: s.itemId,
    signatureValue: sign('sha256', Buffer.from(s.signedAttributes, 'base64'), privateKey).toString('base64'),
  }));
}

/** `signature/submit` of a preparation signed with this key, with the digital statement accepted; the raw answer. */
export function submitSignature(
  client: HttpClient,
  token: string,
  prepared: PreparedSignatures,
  privateKey: KeyObject,
  consent: { consent: { accepted: boolean; version: string } } = DIGITAL_CONSENT,
) {
  return client.post(`/api/v2/signing/${token}/signature/submit`, {
    json: { preparationId: prepared.preparationId, signatures: signPrepared(prepared, privateKey), ...consent },
  });
}

/** Fill, prepare with `certificateChain`, sign with `privateKey`, submit: each step must succeed. */
export async function signDigitally(
  client: HttpClient,
  token: string,
  signer: { certificateChain: string[]; privateKey: KeyObject },
): Promise<void> {
  await fillFields(client, token);
  const prepared = await prepareSignature(client, token, signer.certificateChain);
  assert.equal(prepared.status, 200, JSON.stringify(prepared.body));
  const submitted = await submitSignature(client, token, prepared.body as PreparedSignatures, signer.privateKey);
  assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
}
