import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  updateWebhook,
} from '../../domain/webhooks/manage-webhooks.js';
import { listWebhookDeliveries, replayDelivery, sendTestWebhook } from '../../domain/webhooks/webhook-deliveries.js';
import { webhookView } from '../../domain/webhooks/webhook-view.js';
import { principalOf } from '../plugins/authenticate.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
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
export function registerWebhookRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/webhook/create',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'webhook-create',
        summary: 'Add an endpoint; the answer holds its secret, shown only here',
        tags,
        body: ZWebhookCreateBody,
        response: { 200: ZWebhookWithSecret, ...errorResponses() },
      },
    },
    async (request) => createWebhook(ctx, principalOf(request), request.body),
  );

  r.get(
    '/webhook',
    {
      schema: {
        operationId: 'webhook-list',
        summary: "The platform's endpoints",
        tags,
        response: { 200: z.object({ data: z.array(ZWebhook) }), ...errorResponses() },
      },
    },
    async (request) => listWebhooks(ctx, principalOf(request)),
  );

  r.get(
    '/webhook/:id',
    {
      schema: {
        operationId: 'webhook-get',
        summary: 'One endpoint (never its secret)',
        tags,
        params: ZWebhookIdParams,
        response: { 200: ZWebhook, ...errorResponses(404) },
      },
    },
    async (request) => webhookView(await getWebhook(ctx, principalOf(request), request.params.id)),
  );

  r.post(
    '/webhook/update',
    {
      schema: {
        operationId: 'webhook-update',
        summary: 'Change the URL, events, secret or enabled flag',
        tags,
        body: ZWebhookUpdateBody,
        response: { 200: ZWebhook, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { id, ...patch } = request.body;
      return updateWebhook(ctx, principalOf(request), id, patch);
    },
  );

  r.post(
    '/webhook/delete',
    {
      schema: {
        operationId: 'webhook-delete',
        summary: 'Remove an endpoint and its delivery history',
        tags,
        body: ZWebhookDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteWebhook(ctx, principalOf(request), request.body.id);
      return { success: true };
    },
  );

  r.post(
    '/webhook/:id/test',
    {
      schema: {
        operationId: 'webhook-test',
        summary: 'Send this endpoint a sample event (payload `{test: true, …}`), delivered like any other',
        tags,
        params: ZWebhookIdParams,
        response: { 200: ZDelivery, ...errorResponses(404) },
      },
    },
    async (request) => sendTestWebhook(ctx, principalOf(request), request.params.id),
  );

  r.get(
    '/webhook/:id/deliveries',
    {
      schema: {
        operationId: 'webhook-deliveries',
        summary: 'Deliveries to this endpoint, newest first: event, attempts, status code, duration, error, time',
        tags,
        params: ZWebhookIdParams,
        querystring: ZDeliveriesQuery,
        response: { 200: ZDeliveriesResponse, ...errorResponses(404) },
      },
    },
    async (request) => listWebhookDeliveries(ctx, principalOf(request), request.params.id, request.query),
  );

  r.post(
    '/webhook/delivery/:id/replay',
    {
      schema: {
        operationId: 'webhook-delivery-replay',
        summary: 'Send a delivered or failed event again (same event id); 409 while it is still being attempted',
        tags,
        params: ZWebhookIdParams,
        response: { 200: ZDelivery, ...errorResponses(404, 409) },
      },
    },
    async (request) => replayDelivery(ctx, principalOf(request), request.params.id),
  );
}
