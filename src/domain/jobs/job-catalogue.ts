import { z } from 'zod';
import type { JobRow } from '../../db/repositories/job.repo.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import { PermanentJobError, type JobHandler } from '../../infra/jobs/job-runner.js';

/*
 * Every job kind, declared once, with the schema of its payload. The kind strings are stored in
 * `job.kind` and the payloads as JSON text in `job.payload`: both must stay as they are, or jobs
 * queued by an older version would no longer run (a new payload member must be optional).
 */
export const COMPLETE_ENVELOPE_JOB = 'envelope.complete';
export const SIGNING_REQUEST_MAIL = 'mail.signing-request';
export const COMPLETED_MAIL = 'mail.document-completed';
export const REJECTED_MAIL = 'mail.document-rejected';
export const CANCELLED_MAIL = 'mail.document-cancelled';
export const OWNER_NOTICE_MAIL = 'mail.owner-notice';
/** A recipient's automatic reminder falls due (decides, records and queues the mail). */
export const REMINDER_DUE_JOB = 'reminder.due';
export const REMINDER_MAIL = 'mail.reminder';
/** Works through a bulk send's pending rows, one document each. */
export const BULK_SEND_JOB = 'bulk-send.run';
/** A recipient's one-time verification code; the code travels sealed (secret box), never in clear. */
export const VERIFICATION_CODE_MAIL = 'mail.verification-code';
/** The code confirming a direct-link visitor's e-mail, to that address only; sealed like the one above. */
export const DIRECT_LINK_CODE_MAIL = 'mail.direct-link-code';
/** A signer finished while others have not: told the document waits for them (emailSettings.documentPending). */
export const DOCUMENT_PENDING_MAIL = 'mail.document-pending';
/**
 * A recipient removed from a sent document is told (emailSettings.recipientRemoved). Their row is
 * gone by then, so the job carries the address and name it was sent to.
 */
export const RECIPIENT_REMOVED_MAIL = 'mail.recipient-removed';
/** The code confirming a platform's new sender identity, to that address only; sealed like the ones above. */
export const SENDER_CODE_MAIL = 'mail.sender-code';
/** An account's one-time link (e-mail verification, password reset, invitation); its token travels sealed. */
export const ACCOUNT_MAIL = 'mail.account';
/** One run of the blob garbage collection; queued by every worker's timer, once per interval (dedupe key). */
export const BLOB_GC_JOB = 'blobs.gc';

const ZId = z.number().int().positive();
const ZRecipientMail = z.object({ recipientId: ZId });
const ZOwnerNotice = z.enum(['ownerCreated', 'ownerCompleted', 'ownerRecipientExpired', 'recipientSigned']);

export const jobCatalogue = {
  [COMPLETE_ENVELOPE_JOB]: z.object({ envelopeId: ZId }),
  [SIGNING_REQUEST_MAIL]: ZRecipientMail,
  [COMPLETED_MAIL]: ZRecipientMail,
  [REJECTED_MAIL]: ZRecipientMail,
  [CANCELLED_MAIL]: ZRecipientMail,
  [OWNER_NOTICE_MAIL]: z.object({ envelopeId: ZId, notice: ZOwnerNotice, detail: z.string().nullable() }),
  [REMINDER_DUE_JOB]: z.object({ recipientId: ZId, dueAt: z.iso.datetime() }),
  [REMINDER_MAIL]: ZRecipientMail,
  [BULK_SEND_JOB]: z.object({ bulkSendId: z.string().min(1).max(64) }),
  [VERIFICATION_CODE_MAIL]: z.object({
    recipientId: ZId,
    codeSealed: z.string().min(1),
    expiresAt: z.iso.datetime(),
    /** access: opens the document (after completion too: the downloads); absent in older jobs: action. */
    purpose: z.enum(['access', 'action']).optional(),
  }),
  [BLOB_GC_JOB]: z.object({}),
  [DIRECT_LINK_CODE_MAIL]: z.object({
    linkId: z.string().min(1).max(64),
    email: z.string().min(3).max(320),
    codeSealed: z.string().min(1),
    expiresAt: z.iso.datetime(),
  }),
  [DOCUMENT_PENDING_MAIL]: ZRecipientMail,
  [SENDER_CODE_MAIL]: z.object({
    senderId: z.string().min(1).max(64),
    codeSealed: z.string().min(1),
    expiresAt: z.iso.datetime(),
    language: z.enum(LANGUAGES),
  }),
  [ACCOUNT_MAIL]: z.object({ linkId: z.string().min(1).max(64), tokenSealed: z.string().min(1) }),
  [RECIPIENT_REMOVED_MAIL]: z.object({
    envelopeId: ZId,
    email: z.string().min(3).max(320),
    name: z.string().max(1000),
  }),
};

export type JobKind = keyof typeof jobCatalogue;
export type JobPayload<K extends JobKind> = z.output<(typeof jobCatalogue)[K]>;

/** What runs each kind; a mapped type, so a kind without a handler does not compile. */
export type JobHandlers = { [K in JobKind]: (payload: JobPayload<K>, job: JobRow) => Promise<void> };

// The same catalogue seen as a mapped type: indexed by a generic K it yields K's own schema (the
// plain object would yield the union of all schemas).
const schemas: { [K in JobKind]: z.ZodType<JobPayload<K>> } = jobCatalogue;

export function isJobKind(kind: string): kind is JobKind {
  return Object.hasOwn(jobCatalogue, kind);
}

/** Parses a stored payload (already JSON-decoded) against its kind's schema. */
export function parseJobPayload<K extends JobKind>(
  kind: K,
  raw: unknown,
): { ok: true; payload: JobPayload<K> } | { ok: false; problem: string } {
  const parsed = schemas[kind].safeParse(raw);
  if (parsed.success) return { ok: true, payload: parsed.data };
  // Paths and issue codes only: payload values (or a notice's detail) stay out of logs and the job row.
  return {
    ok: false,
    problem: parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.code}`).join('; '),
  };
}

/** The same from the stored text (the job row's `payload` column); malformed JSON is a problem too. */
export function parseStoredJobPayload<K extends JobKind>(kind: K, text: string): ReturnType<typeof parseJobPayload<K>> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: '(payload): not JSON' };
  }
  return parseJobPayload(kind, raw);
}

function bind<K extends JobKind>(kind: K, handler: JobHandlers[K]): JobHandler {
  return async (raw, job) => {
    const parsed = parseJobPayload(kind, raw);
    // Retrying cannot fix a payload: the job fails at once, with the reason in its lastError and the log.
    if (!parsed.ok) throw new PermanentJobError(`payload of ${kind} refused: ${parsed.problem}`);
    await handler(parsed.payload, job);
  };
}

/** The job runner's handler table: each kind's payload is parsed before its handler sees it. */
export function bindJobHandlers(handlers: JobHandlers): Record<string, JobHandler> {
  const bound: Record<string, JobHandler> = {};
  for (const kind of Object.keys(jobCatalogue)) if (isJobKind(kind)) bound[kind] = bind(kind, handlers[kind]);
  return bound;
}
