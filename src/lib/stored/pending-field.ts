import type { FieldType } from '../vocabulary/field-types.js';

/**
 * A field a creation asked for before its PDF arrived (`upload_url.pending_fields`): the request's
 * field for one recipient, with where it sat in the request so a refusal names it.
 */
export type StoredPendingField = {
  recipientId: number;
  type: FieldType;
  fieldMeta?: Record<string, unknown> | undefined;
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  path: (string | number)[];
  names?: Partial<Record<'page' | 'positionX' | 'positionY' | 'width' | 'height', string>> | undefined;
};
