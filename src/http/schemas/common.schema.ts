import { z } from 'zod';

export const ZErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    issues: z
      .array(z.object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional() }))
      .optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input data',
  401: 'Authorization not provided',
  403: 'Insufficient access',
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Gone, or turned off',
  413: 'Payload too large',
  422: 'Idempotency-Key reused with a different request',
  429: 'Too many requests; respect Retry-After',
  500: 'Internal server error',
};

/** Error responses for the OpenAPI document; 400, 401, 403 and 500 apply to every operation. */
export function errorResponses(...extra: number[]) {
  const statuses = [...new Set([400, 401, 403, 500, 429, ...extra])].sort();
  return Object.fromEntries(statuses.map((s) => [s, ZErrorBody.describe(DESCRIPTIONS[s] ?? 'Error')]));
}

export const ZSuccess = z.object({ success: z.boolean() });
