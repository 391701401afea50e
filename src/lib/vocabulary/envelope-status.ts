/** Where an envelope stands, in the order the API documents them. */
export const ENVELOPE_STATUSES = ['DRAFT', 'PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];
