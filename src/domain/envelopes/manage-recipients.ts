import type { AccessAuth, ActionAuth, StoredEnvelopeAuth, StoredRecipientAuth } from '../../lib/stored/auth-methods.js';
import { insertRecipient, loadEnvelopeParts, findEnvelope } from '../../db/repositories/envelope.repo.js';
import { deleteRecipientAndFields, updateRecipientRow } from '../../db/repositories/recipient.repo.js';
import { AppError, notFound } from '../../errors.js';
import type { ApiCaller, Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import type { RecipientCreateInput, RecipientUpdateInput } from '../recipients/recipient-input.js';
import { hashSigningToken, newSigningToken, tokenRevealFor } from '../model/signing-links.js';
import { mustAct } from '../model/signing-turn.js';
import { hashAccessCodes, newRecipientRow } from './envelope-rows.js';
import { assertRecipientEditable, editEnvelope, envelopeOfPart } from './edit-envelope.js';
import { expiryFrom } from '../model/envelope-meta.js';
import { FIELDLESS_ROLES } from './place-fields.js';
import { fieldView } from '../model/field-view.js';
import { recipientView } from '../model/recipient-view.js';
import { dataEntries, type EntryPath } from './validation-issues.js';
import { assertSignatureLevelAllowed } from '../recipients/signature-level.js';
import { queueRemovalNotice } from '../mail/removal-notice.js';
import { withoutPasswordCheck, type PasswordCheckSubject } from '../recipients/password-check.js';
import type { Db } from '../../db/database.js';

/**
 * Adds recipients. On a PENDING envelope each new recipient who must act gets its token and expiry
 * at once, and its link on `envelope/redistribute` (nothing is mailed here).
 * @throws NOT_FOUND, ENVELOPE_COMPLETED/REJECTED/CANCELLED, LIMIT_EXCEEDED
 */
export async function createRecipients(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string,
  inputs: RecipientCreateInput[],
  at: EntryPath = dataEntries,
) {
  inputs.forEach((input, index) =>
    assertSignatureLevelAllowed(input.role, input.signatureLevel, [...at(index), 'signatureLevel']),
  );
  const accessCodeHashes = await hashAccessCodes(inputs);
  return editEnvelope(ctx, caller, envelopeId, 'RECIPIENT_CREATED', async (trx, graph, now) => {
    if (graph.recipients.length + inputs.length > ctx.config.limits.recipientsPerEnvelope) {
      throw new AppError(
        'LIMIT_EXCEEDED',
        `At most ${ctx.config.limits.recipientsPerEnvelope} recipients per envelope`,
      );
    }
    const iso = now.toISOString();
    const pending = graph.envelope.status === 'PENDING';
    const expiresAt = pending ? (expiryFrom(graph.envelope.meta, now)?.toISOString() ?? null) : null;
    const created = [];
    for (const [index, input] of inputs.entries()) {
      const row = newRecipientRow(graph.envelope.id, input, iso, accessCodeHashes[index] ?? null);
      if (pending) await assertPasswordCheckable(trx, row, graph.envelope, at(index));
      if (pending && mustAct(row)) {
        const token = newSigningToken();
        Object.assign(row, { tokenHash: hashSigningToken(token), tokenSealed: ctx.secrets.seal(token), expiresAt });
      }
      const id = await insertRecipient(trx, row);
      created.push({ ...row, id });
    }
    return {
      result: created.map((r) => recipientView(r, graph.envelope, now, tokenRevealFor(ctx, caller.principal))),
      data: created.map((r) => ({ ...recipientAuditMembers(r), ...parseAuthLists(r.authOptions) })),
    };
  });
}

/**
 * Changes recipients who have not acted yet. A role that cannot hold fields (VIEWER, CC) is
 * refused while the recipient has fields.
 * @throws NOT_FOUND, RECIPIENT_LOCKED, FIELD_ROLE_NOT_ALLOWED, ENVELOPE_*
 */
export async function updateRecipients(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string,
  inputs: RecipientUpdateInput[],
  at: EntryPath = dataEntries,
) {
  const accessCodeHashes = await hashAccessCodes(inputs);
  return editEnvelope(ctx, caller, envelopeId, 'RECIPIENT_UPDATED', async (trx, graph, now) => {
    const iso = now.toISOString();
    const targets = inputs.map((input, index) => {
      const r = graph.recipients.find((x) => x.id === input.id);
      if (!r)
        throw new AppError('NOT_FOUND', `Recipient ${input.id} is not on this envelope`, {
          issues: [{ message: 'not on this envelope', path: [...at(index), 'id'] }],
        });
      assertRecipientEditable(r, graph.fields);
      if (input.role && FIELDLESS_ROLES.includes(input.role) && graph.fields.some((f) => f.recipientId === r.id)) {
        throw new AppError(
          'FIELD_ROLE_NOT_ALLOWED',
          `A ${input.role} recipient cannot have fields; delete recipient ${r.id}'s fields first`,
          { issues: [{ message: 'role cannot hold fields', path: [...at(index), 'role'] }] },
        );
      }
      assertSignatureLevelAllowed(input.role ?? r.role, input.signatureLevel ?? r.signatureLevel, [
        ...at(index),
        input.signatureLevel !== undefined ? 'signatureLevel' : 'role',
      ]);
      return { r, input, accessCodeHash: accessCodeHashes[index] ?? null };
    });
    const entries = [];
    for (const [index, { r, input, accessCodeHash }] of targets.entries()) {
      const before = { NAME: r.name, EMAIL: r.email, ROLE: r.role };
      const patch = {
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.signingOrder !== undefined ? { signingOrder: input.signingOrder } : {}),
        ...(input.cuil !== undefined ? { cuil: input.cuil } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.idDocumentCountry !== undefined ? { idDocumentCountry: input.idDocumentCountry } : {}),
        ...(input.idDocumentNumber !== undefined ? { idDocumentNumber: input.idDocumentNumber } : {}),
        ...(input.idDocumentType !== undefined ? { idDocumentType: input.idDocumentType } : {}),
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        // Write-only: the audit entry names `accessCodeHash` as changed, never a value.
        ...(input.accessCode !== undefined ? { accessCodeHash } : {}),
        ...(input.requireCuil !== undefined ? { requireCuil: input.requireCuil ? 1 : 0 } : {}),
        ...(input.signatureLevel !== undefined ? { signatureLevel: input.signatureLevel } : {}),
        ...(input.accessAuth !== undefined || input.actionAuth !== undefined
          ? { authOptions: mergedAuthOptions(r.authOptions, input) }
          : {}),
        updatedAt: iso,
      };
      if (graph.envelope.status === 'PENDING')
        await assertPasswordCheckable(trx, { ...r, ...patch }, graph.envelope, at(index));
      await updateRecipientRow(trx, r.id, patch);
      Object.assign(r, patch);
      const after = { NAME: r.name, EMAIL: r.email, ROLE: r.role };
      const changes = (Object.keys(before) as (keyof typeof before)[])
        .filter((k) => before[k] !== after[k])
        .map((type) => ({ type, from: before[type], to: after[type] }));
      // Other members (CUIL, phone, signing order…) are named, not valued, like envelope meta.
      const changed = Object.keys(patch).filter((k) => k !== 'updatedAt');
      entries.push({ ...recipientAuditMembers(r), changes, changed });
    }
    // Each with its fields: Documenso's document update answers them; the envelope route's schema drops them.
    return {
      result: targets.map(({ r }) => ({
        ...recipientView(r, graph.envelope, now, tokenRevealFor(ctx, caller.principal)),
        fields: graph.fields.filter((f) => f.recipientId === r.id).map((f) => fieldView(f, graph.envelope)),
      })),
      data: entries,
    };
  });
}

/**
 * Removes a recipient and their fields. On a PENDING envelope a recipient who was mailed the
 * document is told (emailSettings.recipientRemoved), the mail queued in the same transaction.
 * @throws NOT_FOUND (another platform's too), RECIPIENT_LOCKED, ENVELOPE_*
 */
export async function deleteRecipient(ctx: Ctx, caller: ApiCaller, recipientId: number): Promise<void> {
  const envelopeId = await envelopeOfPart(ctx.db, caller.principal.platformId, { recipientId });
  const queued = await editEnvelope(ctx, caller, envelopeId, 'RECIPIENT_DELETED', async (trx, graph, now) => {
    const r = graph.recipients.find((x) => x.id === recipientId);
    if (!r) throw notFound('Recipient');
    assertRecipientEditable(r, graph.fields);
    await deleteRecipientAndFields(trx, graph.envelope.id, r.id);
    const meta = graph.envelope.meta;
    const mailed = await queueRemovalNotice(trx, { envelope: graph.envelope, meta, recipient: r }, now);
    return { result: mailed, data: recipientAuditMembers(r) };
  });
  if (queued) ctx.wakeWorker();
}

/** A recipient with its fields (and CUIL). @throws NOT_FOUND */
export async function getRecipient(ctx: Ctx, principal: Principal, recipientId: number) {
  const envelopeId = await envelopeOfPart(ctx.db, principal.platformId, { recipientId });
  const envelope = await findEnvelope(ctx.db, principal.platformId, { documentId: envelopeId });
  if (!envelope) throw notFound('Recipient');
  const graph = await loadEnvelopeParts(ctx.db, envelope);
  const r = graph.recipients.find((x) => x.id === recipientId);
  if (!r) throw notFound('Recipient');
  return {
    ...recipientView(r, envelope, undefined, tokenRevealFor(ctx, principal)),
    fields: graph.fields.filter((f) => f.recipientId === r.id).map((f) => fieldView(f, envelope)),
  };
}

/** Who an audit entry is about, in Documenso's member names (kept whole: the recipient may be deleted later). */
function recipientAuditMembers(r: { id: number; email: string; name: string; role: string; signatureLevel: string }) {
  return {
    recipientId: r.id,
    recipientEmail: r.email,
    recipientName: r.name,
    recipientRole: r.role,
    signatureLevel: r.signatureLevel,
  };
}

function parseAuthLists(authOptions: StoredRecipientAuth | null): {
  accessAuth: AccessAuth[];
  actionAuth: ActionAuth[];
} {
  return { accessAuth: authOptions?.accessAuth ?? [], actionAuth: authOptions?.actionAuth ?? [] };
}

/**
 * The recipient's auth options after an update: a list sent replaces the stored one ([] clears it),
 * a list omitted keeps it (so changing the action's method does not drop the access check).
 */
function mergedAuthOptions(
  stored: StoredRecipientAuth | null,
  input: { accessAuth?: AccessAuth[] | undefined; actionAuth?: ActionAuth[] | undefined },
): StoredRecipientAuth | null {
  const current = parseAuthLists(stored);
  const accessAuth = input.accessAuth ?? current.accessAuth;
  const actionAuth = input.actionAuth ?? current.actionAuth;
  return accessAuth.length || actionAuth.length ? { accessAuth, actionAuth } : null;
}

/**
 * On a PENDING envelope a change takes effect at once, so the rule distribute applies holds here
 * too: a recipient who must act under PASSWORD needs an account whose password to give or the
 * access code the sender sets, or they could never finish.
 * @throws ACCESS_CODE_REQUIRED
 */
async function assertPasswordCheckable(
  trx: Db,
  r: PasswordCheckSubject & { name: string },
  envelope: { authOptions: StoredEnvelopeAuth | null },
  path: (string | number)[],
): Promise<void> {
  if ((await withoutPasswordCheck(trx, [r], envelope)).length === 0) return;
  throw new AppError(
    'ACCESS_CODE_REQUIRED',
    `Recipient ${r.name || r.email} must verify with PASSWORD but has no Firma account and no access code: send accessCode with the change`,
    { issues: [{ message: 'required with PASSWORD on a sent document', path: [...path, 'accessCode'] }] },
  );
}
