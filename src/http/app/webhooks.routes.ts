import { EVENT_TYPES } from '../../domain/events/record-event.js';
import { createTeamWebhook } from '../../domain/team-settings/create-team-webhook.js';
import { deleteTeamWebhook } from '../../domain/team-settings/delete-team-webhook.js';
import { listTeamWebhooks } from '../../domain/team-settings/list-team-webhooks.js';
import { replayTeamWebhookDelivery } from '../../domain/team-settings/replay-team-webhook-delivery.js';
import { testTeamWebhook } from '../../domain/team-settings/test-team-webhook.js';
import { updateTeamWebhook } from '../../domain/team-settings/update-team-webhook.js';
import { listWebhookDeliveries } from '../../domain/webhooks/webhook-deliveries.js';
import { defineOperation } from '../operation.js';
import { ZDeliveriesQuery, ZDeliveriesResponse, ZDelivery } from '../v2/webhook.schema.js';
import { ZPlatformParams } from './app.schema.js';
import {
  ZNewTeamWebhook,
  ZTeamDeliveryParams,
  ZTeamWebhook,
  ZTeamWebhookBody,
  ZTeamWebhookDeleted,
  ZTeamWebhookParams,
  ZTeamWebhookPatch,
  ZTeamWebhooks,
} from './settings.schema.js';
import { adminFor } from './tokens.routes.js';

const tags = ['Team settings'];

/**
 * A team's webhooks in the web app (admins only; the endpoints the API's /webhook manages):
 * list, create (secret shown once), edit, enable or disable, delete, test, delivery log, replay.
 */
export const webhookSettingsOperations = [
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/webhooks',
    operationId: 'app-listWebhooks',
    summary: 'The platform’s webhooks, never their secrets',
    description: 'For ADMINs; a MANAGER or MEMBER is 403, a non-member 404.',
    tags,
    params: ZPlatformParams,
    response: ZTeamWebhooks,
    errors: [403, 404],
    handle: async (ctx, request) => ({
      data: await listTeamWebhooks(ctx, await adminFor(ctx, request)),
      eventTypes: [...EVENT_TYPES],
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/webhooks',
    operationId: 'app-createWebhook',
    summary: 'Create a webhook (URL, events, enabled); the answer shows its signing secret, once',
    description:
      'The URL rules of the API: 400 WEBHOOK_URL_NOT_ALLOWED for a private address, credentials or a scheme other than http(s).',
    tags,
    params: ZPlatformParams,
    body: ZTeamWebhookBody,
    response: ZNewTeamWebhook,
    errors: [403, 404],
    handle: async (ctx, request) => createTeamWebhook(ctx, await adminFor(ctx, request), request.body),
  }),

  defineOperation({
    method: 'PATCH',
    url: '/platforms/:platformId/webhooks/:webhookId',
    operationId: 'app-updateWebhook',
    summary: 'Change a webhook’s URL or events, or enable or disable it (enabling closes its circuit)',
    tags,
    params: ZTeamWebhookParams,
    body: ZTeamWebhookPatch,
    response: ZTeamWebhook,
    errors: [403, 404],
    handle: async (ctx, request) =>
      updateTeamWebhook(ctx, await adminFor(ctx, request), request.params.webhookId, request.body),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/platforms/:platformId/webhooks/:webhookId',
    operationId: 'app-deleteWebhook',
    summary: 'Delete a webhook and its delivery log',
    tags,
    params: ZTeamWebhookParams,
    response: ZTeamWebhookDeleted,
    errors: [403, 404],
    handle: async (ctx, request) => {
      await deleteTeamWebhook(ctx, await adminFor(ctx, request), request.params.webhookId);
      return { deleted: true as const };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/webhooks/:webhookId/test',
    operationId: 'app-testWebhook',
    summary: 'Queue a sample event for this webhook only; its outcome shows in the delivery log',
    tags,
    params: ZTeamWebhookParams,
    response: ZDelivery,
    errors: [403, 404],
    handle: async (ctx, request) => testTeamWebhook(ctx, await adminFor(ctx, request), request.params.webhookId),
  }),

  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/webhooks/:webhookId/deliveries',
    operationId: 'app-listWebhookDeliveries',
    summary: 'A webhook’s delivery log, newest first, a page at a time: event, status code, duration, attempts',
    tags,
    params: ZTeamWebhookParams,
    query: ZDeliveriesQuery,
    response: ZDeliveriesResponse,
    errors: [403, 404],
    handle: async (ctx, request) =>
      listWebhookDeliveries(ctx, (await adminFor(ctx, request)).principal, request.params.webhookId, request.query),
  }),

  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/webhooks/:webhookId/deliveries/:deliveryId/replay',
    operationId: 'app-replayWebhookDelivery',
    summary: 'Send a finished delivery again, as a new delivery of the same event id',
    description: '409 WEBHOOK_DELIVERY_IN_PROGRESS while the delivery is still being attempted.',
    tags,
    params: ZTeamDeliveryParams,
    response: ZDelivery,
    errors: [403, 404, 409],
    handle: async (ctx, request) =>
      replayTeamWebhookDelivery(ctx, await adminFor(ctx, request), {
        webhookId: request.params.webhookId,
        deliveryId: request.params.deliveryId,
      }),
  }),
];
