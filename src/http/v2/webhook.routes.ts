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

const tags = ['Webhooks'];

/** Webhook endpoints of the platform, their deliveries, test sends and replays. */
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
    handle: (ctx, request) => createWebhook(ctx, principalOf(request), request.body),
  }),

  defineOperation({
    method: 'GET',
    url: '/webhook',
    operationId: 'webhook-list',
    summary: "The platform's endpoints",
    tags,
    response: z.object({ data: z.array(ZWebhook) }),
    handle: (ctx, request) => listWebhooks(ctx, principalOf(request)),
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
      const { id, ...patch } = request.body;
      return updateWebhook(ctx, principalOf(request), id, patch);
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
