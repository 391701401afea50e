import { z } from 'zod';

/**
 * The largest number a numeric id column holds: documentId, templateId, recipient and field ids
 * are `serial` (PostgreSQL `integer`) or SQLite INTEGER keys counting from 1, so 2^31 - 1 on both.
 */
export const RECORD_ID_MAX = 2_147_483_647;

/**
 * Marks the Zod issue of an id beyond RECORD_ID_MAX. Such an id names nothing, like any unknown
 * id, so it is answered 404 NOT_FOUND (`http/schemas/validation-failure.ts`), not 400; before the
 * range check PostgreSQL refused the statement ("out of range for type integer") with a 500.
 */
export const ID_OUT_OF_RANGE = 'firma.idOutOfRange';

/** Whether a Zod issue is (only) an id beyond the range of the id columns. */
export function isIdOutOfRange(issue: { code?: string; params?: unknown }): boolean {
  return (issue.params as Record<string, unknown> | undefined)?.[ID_OUT_OF_RANGE] === true;
}

const DESCRIPTION = `A numeric id (1 or more; above ${RECORD_ID_MAX} no record has it: 404)`;

function checkRecordId(ctx: z.core.ParsePayload<number>): void {
  const value = ctx.value;
  if (!Number.isInteger(value)) ctx.issues.push({ code: 'custom', message: 'must be an integer', input: value });
  else if (value < 1) ctx.issues.push({ code: 'custom', message: 'must be 1 or more', input: value });
  else if (value > RECORD_ID_MAX)
    ctx.issues.push({
      code: 'custom',
      message: 'no record has this id',
      input: value,
      params: { [ID_OUT_OF_RANGE]: true },
    });
}

// The JSON Schema of a custom check is a bare number: the meta gives the documents its real type.
const jsonSchema = { type: 'integer', minimum: 1, description: DESCRIPTION } as const;

/**
 * The one schema of a numeric id in a request body (documentId, templateId, recipient and field
 * ids, in v2, v2-beta, v1 and the signing API). Any integer is read (`z.int()` would refuse one
 * beyond 2^53 as malformed), below 1 is a 400, above RECORD_ID_MAX the 404 of an unknown id.
 */
export const ZRecordId = z.number().check(checkRecordId).meta(jsonSchema);

/** The same id in a path or query parameter, where it arrives as text. */
export const ZRecordIdParam = z.coerce.number().check(checkRecordId).meta(jsonSchema);

/**
 * Ids of a lookup of several records (get-many), where unknown ids are left out of the answer: an
 * id beyond the range is left out too, rather than failing the lookup of the others.
 */
export function recordIdList(min: number, max: number) {
  const item = z
    .number()
    .check((ctx) => {
      if (ctx.value <= RECORD_ID_MAX || !Number.isInteger(ctx.value)) checkRecordId(ctx);
    })
    .meta(jsonSchema);
  return z
    .array(item)
    .min(min)
    .max(max)
    .transform((ids) => ids.filter((id) => id <= RECORD_ID_MAX));
}
