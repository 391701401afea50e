import { z } from 'zod';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  updateWebhook,
} from '../../domain/webhooks/manage-webhooks.js';
import { listWebhookDeliveries, replayDelivery, sendTestWebhook } from '../../domain/webhooks/webhook-deliveries.js';
import { webhookView } from '../../domain/webhooks/webhook-view.js';
import type { EventType } from '../../domain/events/record-event.js';
import { findWebhookCalls } from '../../domain/webhooks/find-webhook-calls.js';
import { resendWebhookCall } from '../../domain/webhooks/resend-webhook-call.js';
import { testWebhook } from '../../domain/webhooks/test-webhook.js';
import { defineOperation } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { ZSuccess } from '../schemas/common.schema.js';
import {
  ZDeliveriesQuery,
  ZDeliveriesResponse,
  ZDelivery,
  ZWebhook,
  ZWebhookCreateBody,
  ZWebhookDeleteBody,
  ZWebhookIdParams,
  ZWebhookUpdateBody,
  ZWebhookWithSecret,
} from './webhook.schema.js';
import {
  ZWebhookCall,
  ZWebhookCallQuery,
  ZWebhookCallResendBody,
  ZWebhookCallsResponse,
  ZWebhookTestBody,
  ZWebhookTestResponse,
} from './webhook-call.schema.js';

const tags = ['Webhooks'];

/** The URL and events whichever way the body names them (see ZWebhookCreateBody). */
function firmaSpelling(body: {
  url?: string | undefined;
  webhookUrl?: string | undefined;
  events?: EventType[] | undefined;
  eventTriggers?: EventType[] | undefined;
}) {
  return { url: body.url ?? body.webhookUrl, events: body.events ?? body.eventTriggers };
}

/**
 * Webhook endpoints of the platform, their deliveries, test sends and replays. The paths of
 * Documenso's webhook API (create, list, get, update, delete, test, call, call/resend) answer in
 * its shapes; Firma's older paths (`/webhook/{id}/test`, `/deliveries`, `/delivery/{id}/replay`)
 * stay beside them over the same endpoints and delivery log.
 */
export const webhookOperations = [
  defineOperation({
    method: 'POST',
    url: '/webhook/create',
    operationId: 'webhook-create',
    summary: 'Add an endpoint; the answer holds its secret, shown only here',
    tags,
    idempotent: 'json',
    body: ZWebhookCreateBody,
    response: ZWebhookWithSecret,
    handle: (ctx, request) => {
      const { url, events } = firmaSpelling(request.body);
      // The body's refinement makes both present; '' and [] would be refused again by the domain.
      return createWebhook(ctx, principalOf(request), { ...request.body, url: url ?? '', events: events ?? [] });
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/webhook',
    operationId: 'webhook-list',
    summary: "The platform's endpoints (a plain array, as Documenso answers)",
    tags,
    response: z.array(ZWebhook),
    handle: async (ctx, request) => (await listWebhooks(ctx, principalOf(request))).data,
  }),

  defineOperation({
    method: 'GET',
    url: '/webhook/:id',
    operationId: 'webhook-get',
    summary: 'One endpoint (never its secret)',
    tags,
    params: ZWebhookIdParams,
    response: ZWebhook,
    errors: [404],
    handle: async (ctx, request) => webhookView(await getWebhook(ctx, principalOf(request), request.params.id)),
  }),

  defineOperation({
    method: 'POST',
    url: '/webhook/update',
    operationId: 'webhook-update',
    summary: 'Change the URL, events, secret or enabled flag',
    tags,
    body: ZWebhookUpdateBody,
    response: ZWebhook,
    errors: [404],
    handle: (ctx, request) => {
      const { id, secret, enabled } = request.body;
      return updateWebhook(ctx, principalOf(request), id, { ...firmaSpelling(request.body), secret, enabled });
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/webhook/delete',
    operationId: 'webhook-delete',
    summary: 'Remove an endpoint and its delivery history',
    tags,
    body: ZWebhookDeleteBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await deleteWebhook(ctx, principalOf(request), request.body.id);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/webhook/:id/test',
    operationId: 'webhook-test',
    summary: 'Send this endpoint a sample event (payload `{test: true, …}`), delivered like any other',
    tags,
    params: ZWebhookIdParams,
    response: ZDelivery,
    errors: [404],
    handle: (ctx, request) => sendTestWebhook(ctx, principalOf(request), request.params.id),
  }),

  defineOperation({
    method: 'GET',
    url: '/webhook/:id/deliveries',
    operationId: 'webhook-deliveries',
    summary: 'Deliveries to this endpoint, newest first: event, attempts, status code, duration, error, time',
    tags,
    params: ZWebhookIdParams,
    query: ZDeliveriesQuery,
    response: ZDeliveriesResponse,
    errors: [404],
    handle: (ctx, request) => listWebhookDeliveries(ctx, principalOf(request), request.params.id, request.query),
  }),

  defineOperation({
    method: 'POST',
    url: '/webhook/test',
    operationId: 'webhook-test-event',
    summary:
      "Queue a sample event of the kind named for this endpoint (Documenso's test; the outcome is in GET /webhook/call)",
    tags,
    body: ZWebhookTestBody,
    response: ZWebhookTestResponse,
    errors: [404],
    handle: (ctx, request) => testWebhook(ctx, principalOf(request), request.body),
  }),

  defineOperation({
    method: 'GET',
    url: '/webhook/call',
    operationId: 'webhook-call-find',
    summary: "An endpoint's calls (deliveries) in Documenso's shape, newest first, filtered and paged",
    tags,
    query: ZWebhookCallQuery,
    response: ZWebhookCallsResponse,
    errors: [404],
    handle: (ctx, request) => findWebhookCalls(ctx, principalOf(request), request.query),
  }),

  defineOperation({
    method: 'POST',
    url: '/webhook/call/resend',
    operationId: 'webhook-call-resend',
    summary:
      'Send a finished call again (same event id), answered as the new call; 409 while it is still being attempted',
    tags,
    body: ZWebhookCallResendBody,
    response: ZWebhookCall,
    errors: [404, 409],
    handle: (ctx, request) => resendWebhookCall(ctx, principalOf(request), request.body),
  }),

  defineOperation({
    method: 'POST',
    url: '/webhook/delivery/:id/replay',
    operationId: 'webhook-delivery-replay',
    summary: 'Send a delivered or failed event again (same event id); 409 while it is still being attempted',
    tags,
    params: ZWebhookIdParams,
    response: ZDelivery,
    errors: [404, 409],
    handle: (ctx, request) => replayDelivery(ctx, principalOf(request), request.params.id),
  }),
];
