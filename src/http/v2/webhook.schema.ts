import { z } from 'zod';
import { EVENT_TYPES } from '../../domain/events/record-event.js';

const ts = z.string().describe('ISO 8601 UTC timestamp');
const ZEvents = z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length);
const ZUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .describe('http(s) URL; private, loopback and link-local addresses are refused');
const ZSecret = z.string().min(16).max(255).describe('At least 16 characters; generated (whsec_…) when omitted');

export const ZWebhookId = z.string().min(1).max(64);
export const ZWebhookIdParams = z.object({ id: ZWebhookId });

/**
 * The webhook paths are Documenso's and Firma's at once: a body may name the URL and the events
 * Documenso's way (`webhookUrl`, `eventTriggers`) or Firma's (`url`, `events`). Naming both ways
 * with different values is refused rather than one silently winning.
 */
const spellings = {
  url: ZUrl.optional(),
  webhookUrl: ZUrl.optional().describe("Documenso's name for `url`"),
  events: ZEvents.optional(),
  eventTriggers: ZEvents.optional().describe("Documenso's name for `events`"),
};

interface Spelled {
  url?: string | undefined;
  webhookUrl?: string | undefined;
  events?: string[] | undefined;
  eventTriggers?: string[] | undefined;
}

function checkSpellings(required: boolean) {
  return (body: Spelled, ctx: z.RefinementCtx) => {
    const pairs = [
      ['url', 'webhookUrl', body.url, body.webhookUrl],
      ['events', 'eventTriggers', body.events, body.eventTriggers],
    ] as const;
    for (const [firma, documenso, a, b] of pairs) {
      if (a !== undefined && b !== undefined && JSON.stringify(a) !== JSON.stringify(b))
        ctx.addIssue({ code: 'custom', path: [documenso], message: `${documenso} and ${firma} differ; send one` });
      if (required && a === undefined && b === undefined)
        ctx.addIssue({ code: 'custom', path: [documenso], message: `${documenso} (or ${firma}) is required` });
    }
  };
}

export const ZWebhookCreateBody = z
  .object({ ...spellings, secret: ZSecret.optional(), enabled: z.boolean().optional() })
  .superRefine(checkSpellings(true));
export const ZWebhookUpdateBody = z
  .object({ id: ZWebhookId, ...spellings, secret: ZSecret.optional(), enabled: z.boolean().optional() })
  .superRefine(checkSpellings(false));
export const ZWebhookDeleteBody = z.object({ id: ZWebhookId });

export const ZWebhook = z
  .object({
    id: z.string(),
    webhookUrl: z.string(),
    eventTriggers: z.array(z.string()),
    secret: z.null().describe('Never shown after creation'),
    enabled: z.boolean(),
    createdAt: ts,
    updatedAt: ts,
    userId: z.number().int().describe("The platform's id (Firma has no users)"),
    teamId: z.number().int().describe("The platform's id (Firma has no teams)"),
    url: z.string().describe('The same as `webhookUrl`'),
    events: z.array(z.string()).describe('The same as `eventTriggers`'),
    consecutiveFailures: z
      .number()
      .int()
      .describe('Failed attempts in a row; at 5 the circuit opens and this endpoint waits while others go on'),
    circuitOpenUntil: ts.nullable(),
  })
  .meta({ id: 'Webhook' });

export const ZWebhookWithSecret = ZWebhook.extend({
  secret: z.string().describe('Shown only in this answer: store it to verify X-Service-Secret and X-Firma-Signature'),
}).meta({ id: 'WebhookWithSecret' });

export const ZDelivery = z
  .object({
    id: z.string(),
    eventId: z.string().describe('Equal to X-Firma-Event-Id and the body `id`; the same on every attempt and replay'),
    event: z.string(),
    status: z.enum(['pending', 'delivering', 'delivered', 'failed']),
    attempt: z.number().int(),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable(),
    nextAttemptAt: ts.nullable(),
    createdAt: ts,
    deliveredAt: ts.nullable(),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        statusCode: z.number().int().nullable(),
        durationMs: z.number().int(),
        error: z.string().nullable(),
        at: ts,
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

export const ZDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZDeliveriesResponse = z.object({
  data: z.array(ZDelivery),
  count: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});
