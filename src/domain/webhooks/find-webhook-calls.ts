import { findWebhookCalls as findCallRows } from '../../db/repositories/webhook-call.repo.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { getWebhook } from './manage-webhooks.js';
import { DELIVERY_STATUSES_OF, webhookCallView, type CallStatus } from './webhook-view.js';

export interface WebhookCallQuery {
  webhookId: string;
  page: number;
  perPage: number;
  status?: CallStatus | undefined;
  events?: string[] | undefined;
  query?: string | undefined;
}

/**
 * Documenso's `GET /webhook/call`: the delivery log of one endpoint, paged as Documenso pages.
 * The endpoint is looked up within the caller's platform first, so another platform's id is a 404
 * whatever the filters.
 * @throws NOT_FOUND
 */
export async function findWebhookCalls(ctx: Ctx, principal: Principal, input: WebhookCallQuery) {
  const endpoint = await getWebhook(ctx, principal, input.webhookId);
  const { rows, count, events } = await findCallRows(ctx.db, endpoint.id, {
    statuses: input.status ? DELIVERY_STATUSES_OF[input.status] : undefined,
    events: input.events && input.events.length > 0 ? input.events : undefined,
    query: input.query?.trim() || undefined,
    offset: (input.page - 1) * input.perPage,
    limit: input.perPage,
  });
  const eventById = new Map(events.map((e) => [e.id, e]));
  return {
    data: rows.map((d) => webhookCallView(d, endpoint.url, eventById.get(d.eventId))),
    count,
    currentPage: input.page,
    perPage: input.perPage,
    totalPages: Math.ceil(count / input.perPage),
  };
}
