import { z } from 'zod';
import { FIELD_TYPES, fieldTypeName, type FieldType } from '../../lib/vocabulary/field-types.js';
import {
  defaultFieldMeta,
  fieldMetaInputSchema,
  fieldMetaProblems,
  unsupportedFieldMeta,
  type FieldMeta,
} from './field-meta.js';

export const ZFieldType = z.enum(FIELD_TYPES);

export const ZPercent = z.number().min(0).max(100);
/** A box dimension: a percentage that must leave something to see. */
export const ZPercentSize = z.number().gt(0).max(100);

/**
 * A field definition, discriminated by `type`, with `fieldMeta` checked against that type and the
 * given geometry members (which differ between the document flow, the envelope API and v1).
 */
export function fieldDefinitionSchema<S extends z.ZodRawShape>(shape: S) {
  const variants = FIELD_TYPES.map((type) => {
    const name = fieldTypeName(type);
    return name === null
      ? z.object({ ...shape, type: z.literal(type) })
      : z.object({ ...shape, type: z.literal(type), fieldMeta: fieldMetaInputSchema(name).optional() });
  });
  return z.discriminatedUnion(
    'type',
    variants as unknown as [
      z.ZodObject<S & { type: z.ZodLiteral<FieldType> }>,
      ...z.ZodObject<S & { type: z.ZodLiteral<FieldType> }>[],
    ],
  );
}

/** The stored fieldMeta: the defaults table when none was given, always with its `type`. */
export function resolveFieldMeta(type: FieldType, input: Record<string, unknown> | undefined): FieldMeta | null {
  const name = fieldTypeName(type);
  if (name === null) return null;
  if (!input) return defaultFieldMeta(type);
  return { ...input, type: name } as FieldMeta;
}

export interface FieldGeometry {
  page: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
}

/** Problems placing a box on a document: the page must exist and the box stay inside it. */
export function geometryProblems(g: FieldGeometry, pageCount: number): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (g.page > pageCount)
    problems.push({
      path: 'page',
      message: `page ${g.page} does not exist: the document has ${pageCount} page${pageCount === 1 ? '' : 's'}`,
    });
  if (g.positionX + g.width > 100 + 1e-9)
    problems.push({ path: 'width', message: 'the box runs past the right edge of the page (x + width > 100)' });
  if (g.positionY + g.height > 100 + 1e-9)
    problems.push({ path: 'height', message: 'the box runs past the bottom edge of the page (y + height > 100)' });
  return problems;
}

export { fieldMetaProblems, unsupportedFieldMeta };
