import { findEnvelopePage } from '../../db/repositories/envelope-find.repo.js';
import type { TemplateType } from '../../lib/vocabulary/template-types.js';
import type { EnvelopeType } from '../../db/schema.js';
import type { EnvelopeStatus } from '../../lib/vocabulary/envelope-status.js';
import { visibleToOf } from '../auth/member-visibility.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { envelopeLiteView, ownerUserView } from '../model/envelope-views.js';
import { findAccountNames } from '../../db/repositories/platform-member.repo.js';
import { recipientView } from '../model/recipient-view.js';
import { tokenRevealFor } from '../model/signing-links.js';

export interface FindEnvelopesInput {
  page: number;
  perPage: number;
  status?: EnvelopeStatus | undefined;
  type?: EnvelopeType | undefined;
  source?: 'DOCUMENT' | 'TEMPLATE' | 'TEMPLATE_DIRECT_LINK' | undefined;
  /** Envelopes made from this template: Firma has no templates to make them from, so none match. */
  templateId?: number | undefined;
  /** Only the envelopes filed directly in this folder (an unknown or another platform's folder: none). */
  folderId?: string | undefined;
  /** Only templates of this type (Documenso's template find `type`). */
  templateType?: TemplateType | undefined;
  query?: string | undefined;
  /** The query also matches a recipient's whole e-mail address or name (the web app's search). */
  queryRecipients?: boolean | undefined;
  hasExpiredRecipients?: boolean | undefined;
  orderByDirection: 'asc' | 'desc';
}

/**
 * Most listings' totals come exact from the counters of migration 0078. A filter they cannot
 * answer (source, template, template type, expired recipients) counts its rows, which at a
 * million costs far more than reading a page, and clients poll the same listing. So such a count
 * is reused for COUNT_TTL_MS per platform and filter; this process forgets a platform's counts as
 * soon as it creates or removes an envelope there, so only other nodes' changes can lag, by at
 * most the TTL.
 */
const COUNT_TTL_MS = 2000;
const counts = new Map<string, { n: number; at: number }>();

export function forgetEnvelopeCounts(platformId: number): void {
  for (const key of counts.keys()) if (key.startsWith(`${platformId}:`)) counts.delete(key);
}

/** The platform's envelopes, a page at a time, in the shape of Documenso's envelope find. */
export async function findEnvelopes(ctx: Ctx, principal: Principal, input: FindEnvelopesInput) {
  const page = await findEnvelopeEntries(ctx, principal, input);
  return { ...page, data: page.data.map((entry) => entry.view) };
}

/**
 * The page of findEnvelopes with each entry's row beside its view: the legacy document list shows
 * envelope columns the envelope shape does not (`useLegacyFieldInsertion`).
 */
export async function findEnvelopeEntries(ctx: Ctx, principal: Principal, input: FindEnvelopesInput) {
  const now = ctx.clock();
  const reveal = tokenRevealFor(ctx, principal);
  // A member in the web app sees what visibility allows them (API tokens: everything).
  const visibleTo = visibleToOf(principal);
  // JSON keeps the members apart: a query containing ':' cannot pose as another filter.
  const key = `${principal.platformId}:${JSON.stringify([input.status, input.type, input.source, input.hasExpiredRecipients, input.folderId, input.templateId, input.templateType, input.query, input.queryRecipients, visibleTo])}`;
  const cached = counts.get(key);
  const fresh = cached && now.getTime() - cached.at < COUNT_TTL_MS ? cached.n : undefined;
  const { rows, count, recipients, countSource } = await findEnvelopePage(
    ctx.db,
    {
      platformId: principal.platformId,
      status: input.status,
      type: input.type,
      source: input.source,
      query: input.query,
      hasExpiredRecipients: input.hasExpiredRecipients,
      folderId: input.folderId,
      templateId: input.templateId,
      templateType: input.templateType,
      queryRecipients: input.queryRecipients,
      visibleTo,
      now: now.toISOString(),
    },
    { offset: (input.page - 1) * input.perPage, limit: input.perPage, direction: input.orderByDirection },
    fresh,
  );
  // Counter totals are exact and cheap (the worker folds their deltas: fold-envelope-counts.ts).
  if (countSource.kind !== 'counters' && fresh === undefined) {
    if (counts.size > 10_000) counts.clear();
    counts.set(key, { n: count, at: now.getTime() });
  }
  const owners = await ownersOf(ctx, rows);
  const byEnvelope = new Map<number, typeof recipients>();
  for (const r of recipients) byEnvelope.set(r.envelopeId, [...(byEnvelope.get(r.envelopeId) ?? []), r]);
  return {
    data: rows.map((e) => {
      const owner = e.ownerUserId ? (owners.get(e.ownerUserId) ?? null) : null;
      const rowRecipients = byEnvelope.get(e.id) ?? [];
      return {
        row: e,
        recipients: rowRecipients,
        owner,
        view: {
          ...envelopeLiteView(e),
          user: ownerUserView(e, principal.platformName, owner),
          recipients: rowRecipients.map((r) => recipientView(r, e, now, reveal)),
          team: { id: e.platformId, url: principal.platformName },
        },
      };
    }),
    count,
    currentPage: input.page,
    perPage: input.perPage,
    totalPages: Math.ceil(count / input.perPage),
  };
}

/** The owners of a page of envelopes, by account id, in one query. */
async function ownersOf(
  ctx: Ctx,
  rows: readonly { ownerUserId: string | null }[],
): Promise<Map<string, { name: string; email: string }>> {
  const ids = [...new Set(rows.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])))];
  return new Map((await findAccountNames(ctx.db, ids)).map((u) => [u.id, { name: u.name, email: u.email }]));
}
