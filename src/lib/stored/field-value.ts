import { z } from 'zod';

/**
 * What a recipient put into a field, as stored in `field.value`:
 * - text: NAME, EMAIL, DATE, TEXT, NUMBER, DROPDOWN and RADIO (the chosen option's value)
 * - choices: CHECKBOX (the checked options' values)
 * - signature: SIGNATURE, FREE_SIGNATURE, INITIALS; a drawn or uploaded one is a PNG blob by its SHA-256
 */
export const ZStoredFieldValue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('choices'), values: z.array(z.string()) }),
  z.object({
    kind: z.literal('signature'),
    signature: z.discriminatedUnion('type', [
      z.object({ type: z.literal('typed'), text: z.string() }),
      z.object({ type: z.literal('drawn'), sha256: z.string() }),
      z.object({ type: z.literal('uploaded'), sha256: z.string() }),
    ]),
  }),
]);
export type StoredFieldValue = z.output<typeof ZStoredFieldValue>;
