import { findEnvelopePage } from '../../db/repositories/envelope-find.repo.js';
import type { EnvelopeStatus, EnvelopeType } from '../../db/schema.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { envelopeLiteView, recipientView } from './envelope-views.js';

export interface FindEnvelopesInput {
  page: number;
  perPage: number;
  status?: EnvelopeStatus | undefined;
  type?: EnvelopeType | undefined;
  query?: string | undefined;
  hasExpiredRecipients?: boolean | undefined;
  orderByDirection: 'asc' | 'desc';
}

/** The platform's envelopes, a page at a time, in the shape of Documenso's envelope find. */
export async function findEnvelopes(ctx: Ctx, principal: Principal, input: FindEnvelopesInput) {
  const now = ctx.clock();
  const { rows, count, recipients } = await findEnvelopePage(
    ctx.db,
    { platformId: principal.platformId, status: input.status, type: input.type, query: input.query, hasExpiredRecipients: input.hasExpiredRecipients, now: now.toISOString() },
    { offset: (input.page - 1) * input.perPage, limit: input.perPage, direction: input.orderByDirection },
  );
  const byEnvelope = new Map<number, typeof recipients>();
  for (const r of recipients) byEnvelope.set(r.envelopeId, [...(byEnvelope.get(r.envelopeId) ?? []), r]);
  return {
    data: rows.map((e) => ({
      ...envelopeLiteView(e),
      user: { id: e.platformId, name: principal.platformName, email: '' },
      recipients: (byEnvelope.get(e.id) ?? []).map((r) => recipientView(r, e, now)),
      team: { id: e.platformId, url: principal.platformName },
    })),
    count,
    currentPage: input.page,
    perPage: input.perPage,
    totalPages: Math.ceil(count / input.perPage),
  };
}
