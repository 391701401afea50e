import type { FieldType } from '../../lib/vocabulary/field-types.js';
import type { RecipientRole } from '../../lib/vocabulary/recipients.js';
import {
  fieldMetaProblems,
  geometryProblems,
  resolveFieldMeta,
  unsupportedFieldMeta,
  type FieldGeometry,
} from '../fields/field-input.js';
import type { FieldMeta } from '../fields/field-meta.js';
import type { IssueCollector } from './validation-issues.js';

/** A field as a request describes it, before it is checked against the document. */
export interface FieldRequest extends FieldGeometry {
  type: FieldType;
  fieldMeta?: Record<string, unknown> | undefined;
  /** Which item: an index, a file name, an item id, or undefined when the envelope has one item. */
  item?: string | number | undefined;
  /** Where the field sits in the request, for issue paths. */
  path: (string | number)[];
  /** The request's own names for the geometry members (the document flow says pageX, pageNumber…). */
  names?: Partial<Record<keyof FieldGeometry, string>>;
}

export interface PlacedField extends FieldGeometry {
  type: FieldType;
  fieldMeta: FieldMeta | null;
  itemIndex: number;
}

export interface ItemForPlacement {
  id?: string;
  identifier: string;
  pageCount: number;
}

export const FIELDLESS_ROLES: RecipientRole[] = ['VIEWER', 'CC'];

/**
 * Checks a recipient's fields against the envelope's items and the recipient's role, reporting
 * every problem to `issues`. Returns the fields with their item resolved and meta defaulted.
 */
export function placeFields(
  role: RecipientRole,
  fields: FieldRequest[],
  items: ItemForPlacement[],
  issues: IssueCollector,
): PlacedField[] {
  const placed: PlacedField[] = [];
  if (fields.length > 0 && FIELDLESS_ROLES.includes(role)) {
    issues.add('FIELD_ROLE_NOT_ALLOWED', fields[0]!.path.slice(0, -1), `a ${role} recipient cannot have fields`);
    return placed;
  }
  for (const field of fields) {
    const name = (k: keyof FieldGeometry) => field.names?.[k] ?? k;
    const itemIndex = resolveItem(field.item, items);
    if (itemIndex === null) {
      if (items.length === 0)
        issues.add('FIELD_INVALID_REFERENCE', field.path, 'the envelope has no document to place the field on');
      else if (field.item === undefined)
        issues.add(
          'FIELD_ITEM_REQUIRED',
          [...field.path, 'envelopeItemId'],
          'the envelope has several items: say which one the field is on',
        );
      else
        issues.add(
          'FIELD_INVALID_REFERENCE',
          [...field.path, 'envelopeItemId'],
          `no item "${String(field.item)}" in this envelope`,
        );
      continue;
    }
    for (const p of geometryProblems(field, items[itemIndex]!.pageCount)) {
      issues.add('FIELD_OUT_OF_BOUNDS', [...field.path, name(p.path as keyof FieldGeometry)], p.message);
    }
    const fieldMeta = resolveFieldMeta(field.type, field.fieldMeta);
    if (fieldMeta)
      for (const p of fieldMetaProblems(fieldMeta))
        issues.add('VALIDATION_ERROR', [...field.path, 'fieldMeta', ...p.path], p.message);
    if (fieldMeta)
      for (const p of unsupportedFieldMeta(fieldMeta))
        issues.add('FIELD_META_NOT_SUPPORTED', [...field.path, 'fieldMeta', ...p.path], p.message);
    placed.push({
      type: field.type,
      fieldMeta,
      itemIndex,
      page: field.page,
      positionX: field.positionX,
      positionY: field.positionY,
      width: field.width,
      height: field.height,
    });
  }
  return placed;
}

function resolveItem(ref: string | number | undefined, items: ItemForPlacement[]): number | null {
  if (ref === undefined) return items.length === 1 ? 0 : null;
  if (typeof ref === 'number') return Number.isInteger(ref) && ref >= 0 && ref < items.length ? ref : null;
  const index = items.findIndex((i) => i.id === ref || i.identifier === ref);
  if (index >= 0) return index;
  return /^\d+$/.test(ref) && Number(ref) < items.length ? Number(ref) : null;
}
