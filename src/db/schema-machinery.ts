import type { Generated } from 'kysely';

/**
 * Row types of the machinery around envelopes: webhooks, upload URLs, rate limits, idempotency
 * keys and jobs. Split from schema.ts only to keep files short; schema.ts re-exports them, so
 * every import goes through it.
 */
export interface WebhookEndpointTable {
  id: string;
  platformId: number;
  url: string;
  /** JSON array of event types. */
  events: string;
  secretSealed: string;
  enabled: number;
  consecutiveFailures: Generated<number>;
  circuitOpenUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivering' | 'delivered' | 'failed';

export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  platformId: number;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
  lockedUntil: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  deliveryId: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  createdAt: string;
}

/** An upload URL (v1 and v2): single use, short-lived, bound to one document of one platform. */
export interface UploadUrlTable {
  tokenHash: string;
  envelopeId: number;
  platformId: number;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
  /** JSON: the fields the creation asked for, placed once the PDF tells its page count. */
  pendingFields: string | null;
}

export interface RateLimitBucketTable {
  key: string;
  windowStart: number;
  count: number;
}

export interface IdempotencyKeyTable {
  platformId: number;
  key: string;
  requestHash: string;
  state: 'running' | 'done';
  status: number | null;
  body: string | null;
  contentType: string | null;
  createdAt: string;
  expiresAt: string;
  /** While `running`: the owner renews it; once lapsed another request may take the key over. */
  leaseUntil: string | null;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  maxAttempts: number;
  runAt: string;
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
  dedupeKey: string | null;
  createdAt: string;
  updatedAt: string;
}
