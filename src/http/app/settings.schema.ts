import { z } from 'zod';
import { EVENT_TYPES } from '../../domain/events/record-event.js';
import { ZPlatformParams } from './app.schema.js';

/*
 * The wire shapes of the team settings pages (API tokens, webhooks, sender addresses). No OpenAPI
 * ids, as in app.schema.ts: they would add components to the public API's documents.
 */
export const ZTokenParams = ZPlatformParams.extend({ tokenId: z.string().min(1).max(64) });

export const ZTeamToken = z.object({
  id: z.string(),
  name: z.string(),
  hint: z.string().describe('The first characters after `api_`: enough to tell tokens apart, not to use one'),
  environment: z.enum(['sandbox', 'production']).describe('Always this server’s: a token works only there'),
  scope: z.enum(['read', 'full']),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable().describe('Recorded at most once an hour per token'),
});
export const ZTeamTokens = z.object({ data: z.array(ZTeamToken) });
export const ZNewTeamToken = ZTeamToken.extend({
  token: z.string().describe('The token itself: shown in this answer only, never again'),
});
export const ZTeamTokenBody = z.object({
  name: z.string().trim().min(1).max(100),
  scope: z.enum(['read', 'full']).describe('read: GET requests only; full: everything'),
  expiresInDays: z.number().int().min(1).max(3650).optional().describe('Without it the token does not expire'),
});

const ZWebhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .describe('http(s); private, loopback and link-local addresses are refused unless FIRMA_WEBHOOK_ALLOW_PRIVATE');
const ZWebhookEvents = z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length);
export const ZTeamWebhookParams = ZPlatformParams.extend({ webhookId: z.string().min(1).max(64) });
export const ZTeamDeliveryParams = ZTeamWebhookParams.extend({ deliveryId: z.string().min(1).max(64) });
export const ZTeamWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  consecutiveFailures: z.number().int().describe('Failed attempts in a row; at 5 deliveries wait (the circuit opens)'),
  circuitOpenUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const ZTeamWebhooks = z.object({
  data: z.array(ZTeamWebhook),
  eventTypes: z.array(z.enum(EVENT_TYPES)).describe('Every event a webhook may ask for'),
});
export const ZNewTeamWebhook = ZTeamWebhook.extend({
  secret: z.string().describe('Shown in this answer only: it signs every delivery (X-Firma-Signature)'),
});
export const ZTeamWebhookBody = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  enabled: z.boolean().optional(),
});
export const ZTeamWebhookPatch = z
  .object({ url: ZWebhookUrl.optional(), events: ZWebhookEvents.optional(), enabled: z.boolean().optional() })
  .refine(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    'Change at least one of url, events, enabled',
  );
export const ZTeamWebhookDeleted = z.object({ deleted: z.literal(true) });

export const ZTeamSenderParams = ZPlatformParams.extend({ senderId: z.string().min(1).max(64) });
export const ZTeamSenderRemoved = z.object({ removed: z.literal(true) });
