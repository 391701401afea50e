import { z } from 'zod';
import { EVENT_TYPES } from '../../domain/events/record-event.js';
import { ZWebhookId } from './webhook.schema.js';

const CALL_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;

/** `events=A&events=B` and `events=A,B` both name two events, as query strings are written either way. */
const ZEventList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((e) => e.length > 0) : v),
  z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length),
);

export const ZWebhookTestBody = z.object({
  id: ZWebhookId,
  event: z.enum(EVENT_TYPES).describe('The kind of sample event to send'),
});
export const ZWebhookTestResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
});

export const ZWebhookCallQuery = z.object({
  webhookId: ZWebhookId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(CALL_STATUSES).optional(),
  events: ZEventList.optional(),
  query: z.string().max(200).optional().describe('Part of a call id, an event id or an event name'),
});

export const ZWebhookCall = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    status: z.enum(CALL_STATUSES).describe('PENDING while Firma is still attempting it'),
    event: z.string(),
    url: z.string(),
    responseCode: z.number().int().describe("The receiver's last status code; 0 before any answer"),
    createdAt: z.string(),
    requestBody: z.unknown().describe('The body posted: `{id, event, payload, createdAt, webhookEndpoint}`'),
    responseHeaders: z.null().describe('Not kept by Firma'),
    responseBody: z.null().describe('Not kept by Firma'),
    eventId: z.string().describe('Equal to X-Firma-Event-Id; the same on every attempt and resend'),
    attempts: z.number().int(),
  })
  .meta({ id: 'WebhookCall' });

export const ZWebhookCallsResponse = z.object({
  data: z.array(ZWebhookCall),
  count: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});

export const ZWebhookCallResendBody = z.object({ webhookId: ZWebhookId, webhookCallId: ZWebhookId });
