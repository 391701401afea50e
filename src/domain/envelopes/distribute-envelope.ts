import { lockCallerEnvelope } from './lock-caller-envelope.js';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import {
  loadEnvelopeParts,
  updateEnvelope,
  type EnvelopeGraph,
  type EnvelopeKey,
  type RecipientRow,
} from '../../db/repositories/envelope.repo.js';
import { updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { notFound } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { apiActor, type ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { envelopeEventPayload } from '../events/envelope-event-payload.js';
import { recordEvent } from '../events/record-event.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { nationalIdRule, satisfiesIdentityRule } from '../recipients/identity-rule.js';
import { loadIdentityPolicy, type IdentityPolicy } from '../recipients/load-identity-rule.js';
import { effectiveVerification } from '../recipients/verification-methods.js';
import { asksForAccount, mailSignUpLink } from '../signing/recipient-account.js';
import { findAccountEmails } from '../../db/repositories/user-account.repo.js';
import { isLanguage, normalizeEmail } from '../accounts/account-rules.js';
import { currentTurn, mustAct } from '../model/signing-turn.js';
import {
  hashSigningToken,
  newSigningToken,
  signingLinks,
  tokenRevealFor,
  type SigningLink,
} from '../model/signing-links.js';
import { SIGNING_REQUEST_MAIL } from '../jobs/job-catalogue.js';
import { fieldPrefill } from '../fields/field-prefill.js';
import { assertNotFinal, assertNotTemplate } from './envelope-state.js';
import { expiryFrom, mergeMeta, type EmailSettings, type ZMetaInput } from '../model/envelope-meta.js';
import { IssueCollector } from './validation-issues.js';
import { collectUnsupportedMeta, refuseUnsupported } from './unsupported-members.js';
import { assertEmailSenderUsable } from '../mail/mail-sender.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';
import { startReminders } from '../reminders/schedule-reminders.js';
import { provesSigning } from '../../lib/vocabulary/field-types.js';
import { withoutPasswordCheck } from '../recipients/password-check.js';

export interface DistributeResult {
  graph: EnvelopeGraph;
  links: SigningLink[];
  /** True when the envelope was already PENDING: nothing was changed, sent or fired. */
  alreadyDistributed: boolean;
}

/**
 * DRAFT → PENDING: checks the envelope can be signed, issues each recipient a signing token,
 * queues the signing-request mails (unless distribution is NONE) and records DOCUMENT_SENT, all in
 * one transaction. Distributing a PENDING envelope again changes nothing and answers its current
 * state with the same links, so a client that lost the first answer can safely repeat the call.
 * @throws NOT_FOUND, TEMPLATE_NOT_DISTRIBUTABLE, ENVELOPE_COMPLETED/REJECTED/CANCELLED, ENVELOPE_HAS_NO_DOCUMENT,
 *   ENVELOPE_NO_RECIPIENTS, MISSING_SIGNATURE_FIELD, RECIPIENT_INVALID_CUIL (RECIPIENT_INVALID_NATIONAL_ID under
 *   another identity rule), RECIPIENT_MISSING_EMAIL
 */
export async function distributeEnvelope(
  ctx: Ctx,
  caller: ApiCaller,
  input: DistributeInput,
): Promise<DistributeResult> {
  const result = await ctx.db.transaction().execute((trx) => distributeInTransaction(ctx, trx, caller, input));
  forgetEnvelopeCounts(caller.principal.platformId);
  ctx.wakeWorker();
  return result;
}

export interface DistributeInput {
  key: EnvelopeKey;
  meta?: z.output<typeof ZMetaInput> | undefined;
  /** Switches applied over the stored emailSettings (v1's sendCompletionEmails), unlike meta.emailSettings which replaces them. */
  emailSettings?: Partial<EmailSettings> | undefined;
  /** Who the DOCUMENT_SENT entry names, when not the API caller (a direct link's visitor). */
  actor?: AuditActor | undefined;
}

/**
 * distributeEnvelope's work inside the caller's transaction, for a use case that must distribute
 * atomically with its own change (a document made from a template and sent in one call). The
 * caller forgets the envelope counts and wakes the worker after commit.
 */
export async function distributeInTransaction(
  ctx: Ctx,
  trx: Db,
  caller: ApiCaller,
  input: DistributeInput,
): Promise<DistributeResult> {
  const envelope = await lockCallerEnvelope(trx, caller, input.key);
  if (!envelope) throw notFound('documentId' in input.key ? 'Document' : 'Envelope');
  assertNotTemplate(envelope.type);
  if (envelope.status === 'PENDING') {
    const graph = await loadEnvelopeParts(trx, envelope);
    return {
      graph,
      links: signingLinks(ctx, graph.recipients, tokenRevealFor(ctx, caller.principal)),
      alreadyDistributed: true,
    };
  }
  assertNotFinal(envelope.status);

  const graph = await loadEnvelopeParts(trx, envelope);
  const merged = mergeMeta(envelope.meta, input.meta);
  const meta = input.emailSettings
    ? { ...merged, emailSettings: { ...merged.emailSettings, ...input.emailSettings } }
    : merged;
  // The merged meta: members stored before they were refused must not go out ignored either;
  // the caller can clear them in this same call.
  refuseUnsupported((issues) => collectUnsupportedMeta(issues, ['meta'], meta));
  await assertEmailSenderUsable(trx, envelope.platformId, meta.emailId, ['meta', 'emailId']);
  const identity = await loadIdentityPolicy(trx, envelope.platformId);
  const noPasswordCheck = await withoutPasswordCheck(trx, graph.recipients, graph.envelope);
  assertDistributable(graph, meta.distributionMethod, identity, noPasswordCheck);

  const now = ctx.clock();
  const iso = now.toISOString();
  const expiresAt = expiryFrom(meta, now)?.toISOString() ?? null;
  const notifyByMail = meta.distributionMethod === 'EMAIL' && meta.emailSettings.recipientSigningRequest;
  const turn = currentTurn(graph.recipients, meta.signingOrder);
  const mailed: RecipientRow[] = [];
  // Who is mailed now and must sign in to a Firma account (ACCOUNT, PASSKEY): those whose e-mail has
  // none get, beside the signing request, the one-time link that creates it (the signing page offers
  // it again). One query for all of them.
  const asksAccount = graph.recipients.filter(
    (r) =>
      notifyByMail &&
      turn.has(r.id) &&
      asksForAccount(effectiveVerification(r.authOptions, graph.envelope.authOptions)),
  );
  const withAccount = await findAccountEmails(
    trx,
    asksAccount.map((r) => normalizeEmail(r.email)),
  );
  const signUpLanguage = meta.language && isLanguage(meta.language) ? meta.language : 'en';

  for (const r of graph.recipients) {
    const token = newSigningToken();
    const mailedNow = notifyByMail && turn.has(r.id);
    const patch = {
      // A signer sent without an ID where the platform lets them enter it: asked on the page before signing.
      ...(entersOwnId(r, identity) ? { requireCuil: 1 } : {}),
      tokenHash: hashSigningToken(token),
      tokenSealed: ctx.secrets.seal(token),
      expiresAt: mustAct(r) ? expiresAt : null,
      ...(mailedNow ? { sendStatus: 'SENT' as const, sentAt: iso } : {}),
      updatedAt: iso,
    };
    await updateRecipientRow(trx, r.id, patch);
    Object.assign(r, patch);
    if (mailedNow) {
      await enqueueJob(trx, { kind: SIGNING_REQUEST_MAIL, payload: { recipientId: r.id } }, now);
      mailed.push(r);
      if (asksAccount.includes(r) && !withAccount.has(normalizeEmail(r.email)))
        await mailSignUpLink(ctx, trx, r.email, signUpLanguage, now);
    }
  }
  await startReminders(ctx, trx, { platformId: envelope.platformId, meta, recipients: mailed, sentAt: now });
  const envelopePatch = { status: 'PENDING' as const, sentAt: iso, meta };
  await updateEnvelope(trx, envelope.id, envelopePatch, now);
  Object.assign(graph.envelope, envelopePatch, { updatedAt: iso, version: envelope.version + 1 });

  await appendAuditEvent(ctx, trx, {
    envelopeId: envelope.id,
    type: 'DOCUMENT_SENT',
    data: {
      distributionMethod: meta.distributionMethod,
      signingOrder: meta.signingOrder,
      notified: notifyByMail ? [...turn] : [],
      // The rule the signers' IDs were checked against: the certificate names it (and says when there was none).
      identityRule: identity.rule,
      ...(identity.signerEntersId ? { signerEntersId: true } : {}),
    },
    actor: input.actor ?? apiActor(caller),
    request: caller.request,
    at: now,
  });
  await recordEvent(trx, {
    platformId: envelope.platformId,
    envelopeId: envelope.id,
    type: 'DOCUMENT_SENT',
    payload: envelopeEventPayload(graph),
    at: now,
  });
  return {
    graph,
    links: signingLinks(ctx, graph.recipients, tokenRevealFor(ctx, caller.principal)),
    alreadyDistributed: false,
  };
}

/** A SIGNER without an ID on a platform whose signers may type their own (under a rule that asks for one). */
function entersOwnId(r: RecipientRow, identity: IdentityPolicy): boolean {
  return identity.signerEntersId && identity.rule !== 'NONE' && r.role === 'SIGNER' && !r.cuil;
}

/**
 * @param noPasswordCheck the recipients asked for PASSWORD with neither an account nor an access
 * code (`withoutPasswordCheck`)
 */
function assertDistributable(
  graph: EnvelopeGraph,
  distributionMethod: 'EMAIL' | 'NONE',
  identity: IdentityPolicy,
  noPasswordCheck: readonly RecipientRow[],
): void {
  const issues = new IssueCollector();
  if (graph.items.length === 0)
    issues.add('ENVELOPE_HAS_NO_DOCUMENT', ['envelopeItems'], 'the envelope has no PDF yet');
  if (graph.recipients.length === 0)
    issues.add('ENVELOPE_NO_RECIPIENTS', ['recipients'], 'add at least one recipient before distributing');
  for (const [index, r] of graph.recipients.entries()) {
    const path = ['recipients', index];
    if (r.role === 'SIGNER') {
      const hasSignature = graph.fields.some((f) => f.recipientId === r.id && provesSigning(f.type));
      if (!hasSignature)
        issues.add(
          'MISSING_SIGNATURE_FIELD',
          path,
          `signer ${r.name || r.email || r.id} has no SIGNATURE or FREE_SIGNATURE field`,
        );
      const nationalId = nationalIdRule(identity.rule);
      if (nationalId && !entersOwnId(r, identity) && !satisfiesIdentityRule(identity.rule, r.cuil))
        issues.add(
          nationalId.name === 'CUIL' ? 'RECIPIENT_INVALID_CUIL' : 'RECIPIENT_INVALID_NATIONAL_ID',
          [...path, 'cuil'],
          nationalId.name === 'CUIL'
            ? `signer ${r.name || r.email || r.id} needs a valid CUIL`
            : `signer ${r.name || r.email || r.id} needs a valid ${nationalId.label} (the platform's identity rule ${nationalId.name}: ${nationalId.shape}), sent in cuil`,
        );
    }
    const verification = effectiveVerification(r.authOptions, graph.envelope.authOptions);
    if (noPasswordCheck.includes(r))
      issues.add(
        'ACCESS_CODE_REQUIRED',
        [...path, 'accessCode'],
        `recipient ${r.name || r.email || r.id} must verify with PASSWORD but has no Firma account whose password to ask for and no access code: set accessCode on the recipient`,
      );
    const mailsCode =
      verification.access.includes('TWO_FACTOR_AUTH') || verification.action.includes('TWO_FACTOR_AUTH');
    if (mustAct(r) && mailsCode && r.email === '')
      issues.add(
        'RECIPIENT_MISSING_EMAIL',
        [...path, 'email'],
        `recipient ${r.name || r.id} must verify with a code sent by e-mail (TWO_FACTOR_AUTH) but has no address`,
      );
    else if (distributionMethod === 'EMAIL' && mustAct(r) && r.email === '') {
      issues.add(
        'RECIPIENT_MISSING_EMAIL',
        [...path, 'email'],
        'Firma sends the signing request by e-mail: the recipient needs an address (or distribute with distributionMethod NONE)',
      );
    }
  }
  // A required field its signer cannot fill (read-only) and the sender did not fill: nobody could finish.
  for (const f of graph.fields) {
    const meta = f.fieldMeta;
    if (f.inserted !== 1 && meta && 'readOnly' in meta && meta.readOnly && meta.required && !fieldPrefill(meta))
      issues.add(
        'VALIDATION_ERROR',
        ['fields', f.id, 'fieldMeta', 'readOnly'],
        `field ${f.id} (${f.type}) is required and read-only but has no prefilled value: prefill it, or make it editable or optional`,
      );
  }
  issues.throwIfAny('The document cannot be distributed yet');
}
