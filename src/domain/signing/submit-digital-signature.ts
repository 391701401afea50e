import { X509Certificate } from 'node:crypto';
import {
  findPreparedSignatures,
  updateDigitalSignature,
  type DigitalSignatureRow,
} from '../../db/repositories/digital-signature.repo.js';
import { updateItemOfEnvelope } from '../../db/repositories/item.repo.js';
import { AppError } from '../../errors.js';
import {
  appendDss,
  embedExternalSignature,
  SealError,
  signatureTimestamp,
  verifyExternalSignatureValue,
  type ValidationMaterial,
} from '../../infra/pdf/seal/index.js';
import { signerValidationMaterial } from '../completion/gather-validation-material.js';
import type { Ctx } from '../context.js';
import { hashSigningToken } from '../model/signing-links.js';
import { acceptedConsent, assertConsentGiven, type ConsentInput } from '../model/signing-consent.js';
import { ACTION_OF, answerOf, type CompletionAnswer } from './complete-recipient.js';
import { finishRecipient } from './finish-recipient.js';
import { assertReady, staleRevision } from './prepare-digital-signature.js';
import type { SigningRequest } from './verification-grant.js';
import { loadSigningSession } from './signing-session.js';

export interface SubmitSignatureInput {
  preparationId: string;
  signatures: { itemId: string; signatureValue: string }[];
  consent?: ConsentInput | undefined;
  /** Set by remote signing: the provider that signed (its base URL) and the signer's credential there. */
  remote?: { provider: string; credentialId: string } | undefined;
}

/**
 * With FIRMA_TSA_URL, the signer's own signature timestamp (PAdES B-T, issue #34): the time is the
 * authority's, not the signer's claim. Taken before the transaction, like the rest of the PDF work.
 */
async function signerTimestamp(ctx: Ctx, signature: Buffer): Promise<Buffer | undefined> {
  const url = ctx.config.seal.tsaUrl;
  if (!url) return undefined;
  try {
    return await signatureTimestamp({ url }, signature);
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    ctx.log.warn({ reason: error.reason }, 'signature timestamp not obtained');
    throw new AppError('SERVICE_UNAVAILABLE', 'The timestamp authority did not answer; submit the signature again');
  }
}

const notFound = (): AppError =>
  new AppError('SIGNATURE_PREPARATION_NOT_FOUND', 'No pending preparation with this id; prepare the signature again');

/**
 * Firma digital, step two: the signature values for a preparation. Each is checked against the
 * certificate's key over the prepared signed attributes before anything is written; the CMS
 * (signer certificate and chain, the signed attributes, the value) goes into each revision's
 * placeholder. One transaction, under the envelope lock, re-checks the recipient and that no other
 * signer's revision came in between (else SIGNATURE_PREPARATION_STALE: prepare again), makes the
 * signed revisions the items' latest, fills Firma's values for NAME/EMAIL/DATE as prepared, marks
 * the recipient signed with consent and audit, fires the events and, when nobody else has to act,
 * hands the envelope to completion. A repeated call after success answers as `complete` does.
 * @throws CONSENT_REQUIRED, SIGNATURE_PREPARATION_NOT_FOUND, SIGNATURE_INVALID, DIGITAL_SIGNATURE_NOT_EXPECTED (400),
 *   SIGNATURE_PREPARATION_STALE, RECIPIENT_* (409), NOT_FOUND
 */
export async function submitDigitalSignature(
  ctx: Ctx,
  token: string,
  input: SubmitSignatureInput,
  request: SigningRequest,
): Promise<CompletionAnswer> {
  assertConsentGiven(input.consent);
  const s = await loadSigningSession(ctx.db, token);
  if (s.recipient.signingStatus === 'SIGNED' && s.recipient.signatureLevel === 'DIGITAL') return answerOf(s);
  await assertReady(ctx, s, ctx.clock(), request);
  const rows = await findPreparedSignatures(ctx.db, s.graph.envelope.id, s.recipient.id, input.preparationId);
  if (rows.length === 0 || rows.some((r) => r.tokenHash !== hashSigningToken(token))) throw notFound();

  const signed: { row: DigitalSignatureRow; signedSha256: string; sha256: string }[] = [];
  let material: ValidationMaterial | undefined;
  for (const row of rows) {
    const index = input.signatures.findIndex((x) => x.itemId === row.envelopeItemId);
    const sent = input.signatures[index];
    const path = index >= 0 ? ['signatures', index, 'signatureValue'] : ['signatures'];
    const value = sent ? Buffer.from(sent.signatureValue, 'base64') : Buffer.alloc(0);
    const chain = row.certificateChain.map((c) => Buffer.from(c, 'base64'));
    const leaf = chain[0]!;
    const publicKey = new X509Certificate(leaf).publicKey;
    const attributes = Buffer.from(row.signedAttributes, 'base64');
    if (!sent || !verifyExternalSignatureValue(attributes, value, publicKey))
      throw new AppError('SIGNATURE_INVALID', 'The signature value does not verify against the certificate', {
        issues: [{ message: sent ? 'does not verify' : `no signature for item ${row.envelopeItemId}`, path }],
      });
    const prepared = await ctx.storage.getBytes(row.preparedSha256);
    const timestamp = await signerTimestamp(ctx, value);
    const signedPdf = embedExternalSignature(
      { pdf: prepared, contentsStart: row.contentsStart, contentsEnd: row.contentsEnd },
      { certificate: leaf, chain: chain.slice(1), keyType: publicKey.asymmetricKeyType === 'ec' ? 'ec' : 'rsa' },
      attributes,
      value,
      timestamp,
    );
    // B-LT per signer: their chain and revocation answers (and their timestamp authority's) in a DSS
    // update right after their signature (validators count it as an LTA update), the same for every item.
    material ??= await signerValidationMaterial(ctx, row, ctx.clock(), timestamp);
    const pdf = appendDss(signedPdf, material);
    signed.push({
      row,
      signedSha256: (await ctx.storage.putBytes(signedPdf)).sha256,
      sha256: (await ctx.storage.putBytes(pdf)).sha256,
    });
  }

  const answer = await ctx.db.transaction().execute(async (trx) => {
    const locked = await loadSigningSession(trx, token, { lock: true });
    const now = ctx.clock();
    await assertReady(ctx, locked, now, request, trx);
    const consent = acceptedConsent(input.consent, locked.meta.language, 'DIGITAL');
    const still = await findPreparedSignatures(trx, locked.graph.envelope.id, locked.recipient.id, input.preparationId);
    // A CUIL the sender changed since the preparation no longer matches the certificate checked.
    if (still.length !== rows.length || still.some((r) => r.cuil !== locked.recipient.cuil)) throw notFound();
    const env = locked.graph.envelope;
    const iso = now.toISOString();
    for (const { row, signedSha256, sha256 } of signed) {
      const item = locked.graph.items.find((i) => i.id === row.envelopeItemId);
      if (!item || item.revisionSha256 !== row.baseSha256) throw staleRevision();
      await updateItemOfEnvelope(trx, env.id, item.id, { revisionSha256: sha256 });
      item.revisionSha256 = sha256;
      // signedSha256 names the revision the signature covers (firma audit verify finds it by that hash).
      await updateDigitalSignature(trx, env.id, row.id, { status: 'SIGNED', signedSha256, signedAt: iso });
    }
    const autoFill = rows[0]!.autoFill;
    const first = rows[0]!;
    await finishRecipient(ctx, trx, locked, {
      consent,
      autoFillText: (field) => (field.inserted === 1 ? undefined : autoFill[String(field.id)]),
      auditData: {
        role: locked.recipient.role,
        action: ACTION_OF[locked.recipient.role],
        signatureLevel: 'DIGITAL',
        digitalSignature: {
          certificateSubject: first.subject,
          certificateIssuer: first.issuer,
          certificateSerial: first.serial,
          cuil: first.cuil,
          revocationSource: first.revocationSource,
          items: signed.map(({ row, sha256 }) => ({ id: row.envelopeItemId, revisionSha256: sha256 })),
          ...(input.remote ? { remoteSigning: { protocol: 'CSC v2', ...input.remote } } : {}),
        },
      },
      request,
      now,
    });
    return answerOf(locked);
  });
  ctx.wakeWorker();
  return answer;
}
