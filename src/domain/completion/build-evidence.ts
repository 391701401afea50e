import type { AuditEventTable } from '../../db/schema.js';
import type { EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { listSignedSignatures } from '../../db/repositories/digital-signature.repo.js';
import type {
  EvidenceData,
  EvidenceDigitalSignature,
  EvidenceEnvelopeStatus,
  EvidenceLanguage,
  EvidenceEvent,
  EvidenceRecipient,
  EvidenceSignature,
} from '../../infra/pdf/evidence/evidence-types.js';
import { wordAuditEvent, type EventWho } from '../../infra/pdf/evidence/evidence-sentences.js';
import { listPdfSignatures, readCms, type SealIdentity } from '../../infra/pdf/seal/index.js';
import type { AuditActor } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { parseAuditActor, parseAuditData } from '../audit/stored-audit.js';
import { nationalIdRule, storedIdentityRule } from '../recipients/identity-rule.js';
import { provesSigning } from '../../lib/vocabulary/field-types.js';

type AuditRow = Omit<AuditEventTable, 'id'> & { id: number };

/**
 * Everything the certificate and the audit pages show, read from the envelope and its hash-chained
 * audit log. Final hashes are given once the sealed PDFs exist (the certificate shows them; the
 * audit pages, which sit inside those PDFs, cannot).
 */
export async function buildEvidence(
  ctx: Ctx,
  input: {
    graph: EnvelopeGraph;
    audit: AuditRow[];
    platformName: string;
    identity: SealIdentity;
    status: EvidenceEnvelopeStatus;
    completedAt: Date | null;
    finalSha256?: Map<string, string>;
    /** Defaults to completedAt: the evidence of a final document is dated by its completion. */
    generatedAt?: Date;
  },
): Promise<EvidenceData> {
  const { graph, audit } = input;
  const meta = graph.envelope.meta;
  const completions = new Map<number, AuditRow>();
  for (const row of audit) {
    if (
      (row.type === 'DOCUMENT_RECIPIENT_COMPLETED' || row.type === 'DOCUMENT_RECIPIENT_REJECTED') &&
      row.recipientId !== null
    )
      completions.set(row.recipientId, row);
  }
  const idRule = nationalIdRule(sentUnderRule(audit));
  const recipients: EvidenceRecipient[] = [];
  for (const r of graph.recipients) {
    const completion = completions.get(r.id);
    recipients.push({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      cuil: idRule && idRule.name !== 'CUIL' && r.cuil && idRule.isValid(r.cuil) ? idRule.format(r.cuil) : r.cuil,
      signingStatus: r.signingStatus,
      signedAt: r.signedAt ? new Date(r.signedAt) : null,
      rejectionReason: r.rejectionReason,
      signingOrder: r.signingOrder,
      signature: await signatureOf(ctx, graph, r.id),
      sentAt: r.sentAt ? new Date(r.sentAt) : null,
      openedAt: r.openedAt ? new Date(r.openedAt) : null,
      ip: completion?.ip ?? null,
      userAgent: completion?.userAgent ?? null,
    });
  }
  const last = audit[audit.length - 1];
  const language = meta.language;
  const names = new Map(graph.recipients.map((r) => [r.id, r.name || r.email]));
  return {
    language,
    envelope: {
      envelopeId: graph.envelope.publicId,
      documentId: graph.envelope.id,
      title: graph.envelope.title,
      status: input.status,
      createdAt: new Date(graph.envelope.createdAt),
      sentAt: graph.envelope.sentAt ? new Date(graph.envelope.sentAt) : null,
      completedAt: input.completedAt,
      timezone: meta.timezone,
    },
    platformName: input.platformName,
    nationalIdLabel: idRule?.label ?? null,
    serviceName: 'Firma',
    publicUrl: ctx.config.publicUrl,
    items: graph.items.map((i) => ({
      title: i.title,
      pageCount: i.pageCount,
      originalSha256: i.originalSha256,
      finalSha256: input.finalSha256?.get(i.id) ?? null,
    })),
    recipients,
    events: audit.map((row) => eventOf(row, language, names)),
    auditChain: { head: last?.hash ?? '', length: audit.length, algorithm: 'SHA-256' },
    sealCertificate: { subject: input.identity.subject, fingerprintSha256: input.identity.fingerprintSha256 },
    digitalSignatures: await digitalSignaturesOf(ctx, graph, names),
    generatedAt: input.generatedAt ?? input.completedAt ?? new Date(),
  };
}

/**
 * The identity rule the document was sent under, as its last DOCUMENT_SENT entry records it (the
 * platform's rule may have changed since). Before the rule was recorded, or never sent: CUIL.
 */
function sentUnderRule(audit: readonly AuditRow[]) {
  const sent = audit.findLast((row) => row.type === 'DOCUMENT_SENT');
  return storedIdentityRule(sent ? (parseAuditData(sent).identityRule as string | undefined) : undefined);
}

/** One entry per signer (a signer's documents share one certificate and one moment). */
async function digitalSignaturesOf(
  ctx: Ctx,
  graph: EnvelopeGraph,
  names: ReadonlyMap<number, string>,
): Promise<EvidenceDigitalSignature[]> {
  const rows = await listSignedSignatures(ctx.db, graph.envelope.id);
  const seen = new Set<number>();
  const out: EvidenceDigitalSignature[] = [];
  for (const row of rows.filter((r) => !seen.has(r.recipientId) && seen.add(r.recipientId)))
    out.push({
      signer: names.get(row.recipientId) ?? '',
      subject: row.subject,
      cuil: row.cuil,
      issuer: row.issuer,
      serial: row.serial,
      signedAt: new Date(row.signedAt ?? row.createdAt),
      revocationSource: row.revocationSource,
      timestamped: await carriesSignatureTimestamp(ctx, row.signedSha256),
    });
  return out;
}

/**
 * Whether the signer's signature (the last one of the revision they signed) carries its own
 * signature timestamp: read from the PDF, so it holds whatever FIRMA_TSA_URL says today.
 */
async function carriesSignatureTimestamp(ctx: Ctx, signedSha256: string | null): Promise<boolean> {
  if (!signedSha256 || !(await ctx.storage.exists(signedSha256))) return false;
  try {
    const own = listPdfSignatures(await ctx.storage.getBytes(signedSha256)).findLast((s) => s.type === 'Sig');
    return own ? readCms(own.contents).timestampTokens.length > 0 : false;
  } catch {
    return false; // an unreadable revision proves no timestamp
  }
}

async function signatureOf(ctx: Ctx, graph: EnvelopeGraph, recipientId: number): Promise<EvidenceSignature | null> {
  const field = graph.fields.find((f) => f.recipientId === recipientId && provesSigning(f.type) && f.inserted === 1);
  const value = field ? field.value : null;
  if (value?.kind !== 'signature') return null;
  return value.signature.type === 'typed'
    ? { kind: 'typed', text: value.signature.text }
    : { kind: 'drawn', png: await ctx.storage.getBytes(value.signature.sha256) };
}

/**
 * The audit entries in words, in a language: the certificate's event timeline, also the web app's
 * document page (one wording, never a copy).
 */
export function wordedTimeline(
  audit: readonly AuditRow[],
  language: EvidenceLanguage,
  recipients: readonly { id: number; name: string; email: string }[],
): EvidenceEvent[] {
  const names = new Map(recipients.map((r) => [r.id, r.name || r.email]));
  return audit.map((row) => eventOf(row, language, names));
}

function eventOf(row: AuditRow, language: EvidenceLanguage, names: ReadonlyMap<number, string>): EvidenceEvent {
  const actor = parseAuditActor(row);
  const who: EventWho =
    actor.kind === 'recipient'
      ? { kind: 'recipient', name: actor.name || actor.email || '' }
      : { kind: actor.kind === 'system' ? 'system' : 'sender' };
  const recipientName = row.recipientId === null ? null : (names.get(row.recipientId) ?? null);
  const worded = wordAuditEvent(language, { type: row.type, data: parseAuditData(row), who, recipientName });
  return {
    at: new Date(row.createdAt),
    type: row.type,
    actor: actorText(actor),
    description: worded.sentence,
    hashes: worded.hashes,
    ip: row.ip,
    userAgent: row.userAgent,
    hash: row.hash,
  };
}

function actorText(actor: AuditActor): string {
  switch (actor.kind) {
    case 'recipient':
      return actor.email ? `${actor.name} <${actor.email}>` : actor.name;
    case 'api':
      return `API (${actor.platformName}, token ${actor.tokenId})`;
    case 'user':
      return `${actor.name} <${actor.email}> (${actor.platformName})`;
    case 'system':
      return 'Firma';
  }
}
