import {
  findEnvelope,
  insertFields,
  loadEnvelopeParts,
  type EnvelopeGraph,
  type FieldRow,
} from '../../db/repositories/envelope.repo.js';
import { deleteFieldOfEnvelope, updateFieldOfEnvelope } from '../../db/repositories/field.repo.js';
import type { FieldType } from '../../lib/vocabulary/field-types.js';
import { AppError, notFound } from '../../errors.js';
import { apiActor, type ApiCaller, type Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import {
  fieldMetaProblems,
  geometryProblems,
  resolveFieldMeta,
  unsupportedFieldMeta,
  type FieldGeometry,
} from '../fields/field-input.js';
import { newFieldRow } from './envelope-rows.js';
import { assertRecipientEditable, editEnvelope, envelopeOfPart } from './edit-envelope.js';
import { fieldView } from '../model/field-view.js';
import { hidePlaceholders, locatePlaceholders, type PlaceholderPosition } from './locate-placeholder-fields.js';
import { FIELDLESS_ROLES, placeFields } from './place-fields.js';
import { dataEntries, IssueCollector, type EntryPath } from './validation-issues.js';

/** A field to add: at coordinates, or (envelope create-many) on a text of the PDF. */
export type FieldCreateInput = {
  recipientId: number;
  envelopeItemId?: string | undefined;
  type: FieldType;
  fieldMeta?: Record<string, unknown> | undefined;
} & (FieldGeometry | PlaceholderPosition);

const onPlaceholder = (f: FieldCreateInput): f is FieldCreateInput & PlaceholderPosition =>
  'placeholder' in f && typeof f.placeholder === 'string';

/**
 * How the request names its fields: where each entry sits and, where they differ, the names of
 * the geometry members (the document routes say pageNumber, pageX, pageY).
 */
export interface FieldRequestShape {
  at: EntryPath;
  names?: Partial<Record<keyof FieldGeometry, string>>;
}
const ENVELOPE_SHAPE: FieldRequestShape = { at: dataEntries };

export interface FieldUpdateInput {
  id: number;
  envelopeItemId?: string | undefined;
  type: FieldType;
  page?: number | undefined;
  positionX?: number | undefined;
  positionY?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
  fieldMeta?: Record<string, unknown> | undefined;
}

/**
 * Adds fields, each checked like at creation (recipient of this envelope whose role holds fields
 * and who has not acted, item, page, box inside the page, fieldMeta). A field given by
 * `placeholder` becomes one field per occurrence used (locate-placeholder-fields.ts). All or nothing.
 * @throws NOT_FOUND, ENVELOPE_*, RECIPIENT_LOCKED, LIMIT_EXCEEDED, FIELD_*, VALIDATION_ERROR,
 *   PLACEHOLDER_NOT_FOUND
 */
export async function createFields(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string,
  inputs: FieldCreateInput[],
  shape: FieldRequestShape = ENVELOPE_SHAPE,
) {
  const placeholders = inputs.flatMap((f, index) =>
    onPlaceholder(f) ? [{ index, envelopeItemId: f.envelopeItemId, position: f }] : [],
  );
  const located =
    placeholders.length > 0
      ? await locatePlaceholders(ctx, caller.principal.platformId, envelopeId, placeholders, shape.at)
      : undefined;
  // Each entry with its geometry: a placeholder entry once per occurrence it is placed on.
  const entries = inputs.flatMap((f, index) => {
    if (!onPlaceholder(f)) return [{ ...f, index }];
    const { placeholder: _text, matchAll: _all, width: _w, height: _h, ...rest } = f;
    return (located?.boxes.get(index) ?? []).map((box) => ({ ...rest, ...box, index }));
  });
  return editEnvelope(ctx, caller, envelopeId, 'FIELD_CREATED', async (trx, graph, now) => {
    if (graph.fields.length + entries.length > ctx.config.limits.fieldsPerEnvelope)
      throw new AppError('LIMIT_EXCEEDED', `At most ${ctx.config.limits.fieldsPerEnvelope} fields per envelope`);
    const issues = new IssueCollector();
    const items = graph.items.map((i) => ({ id: i.id, identifier: i.id, pageCount: i.pageCount }));
    const rows = [];
    for (const { index, ...f } of entries) {
      const recipient = graph.recipients.find((r) => r.id === f.recipientId);
      if (!recipient) {
        issues.add(
          'FIELD_INVALID_REFERENCE',
          [...shape.at(index), 'recipientId'],
          `recipient ${f.recipientId} is not on this envelope`,
        );
        continue;
      }
      assertRecipientEditable(recipient, graph.fields);
      // Checked here rather than by placeFields, whose issue would name the list, not this entry.
      if (FIELDLESS_ROLES.includes(recipient.role)) {
        issues.add(
          'FIELD_ROLE_NOT_ALLOWED',
          [...shape.at(index), 'recipientId'],
          `recipient ${recipient.id} is a ${recipient.role}, who cannot have fields`,
        );
        continue;
      }
      const [placed] = placeFields(
        recipient.role,
        [{ ...f, item: f.envelopeItemId, path: shape.at(index), names: shape.names }],
        items,
        issues,
      );
      if (placed) rows.push(newFieldRow(graph.envelope.id, graph.items[placed.itemIndex]!.id, recipient.id, placed));
    }
    issues.throwIfAny('Some fields cannot be placed');
    if (located)
      await hidePlaceholders(ctx, trx, { actor: apiActor(caller), request: caller.request }, graph, located, now);
    const ids = await insertFields(trx, rows);
    const created = rows.map((r) => ({ ...r, id: ids.get(r.secondaryId)! }) as FieldRow);
    return {
      result: created.map((f) => fieldView(f, graph.envelope)),
      data: created.map((f) => fieldAuditMembers(f, graph)),
    };
  });
}

/**
 * Moves, resizes or re-describes fields that hold no value yet (a filled field stays where its
 * recipient saw it: FIELD_LOCKED).
 */
export async function updateFields(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string,
  inputs: FieldUpdateInput[],
  shape: FieldRequestShape = ENVELOPE_SHAPE,
) {
  return editEnvelope(ctx, caller, envelopeId, 'FIELD_UPDATED', async (trx, graph) => {
    const issues = new IssueCollector();
    const updates = [];
    for (const [index, input] of inputs.entries()) {
      const f = graph.fields.find((x) => x.id === input.id);
      if (!f)
        throw new AppError('NOT_FOUND', `Field ${input.id} is not on this envelope`, {
          issues: [{ message: 'not on this envelope', path: [...shape.at(index), 'id'] }],
        });
      if (f.inserted === 1)
        throw new AppError('FIELD_LOCKED', `Field ${f.id} has been filled and can no longer change`);
      if (input.type !== f.type)
        issues.add(
          'VALIDATION_ERROR',
          [...shape.at(index), 'type'],
          `the field is a ${f.type}; a field's type cannot change (delete it and create another)`,
        );
      const item = graph.items.find((i) => i.id === (input.envelopeItemId ?? f.envelopeItemId));
      if (!item) {
        issues.add(
          'FIELD_INVALID_REFERENCE',
          [...shape.at(index), 'envelopeItemId'],
          `no item "${input.envelopeItemId}" in this envelope`,
        );
        continue;
      }
      const next = {
        envelopeItemId: item.id,
        page: input.page ?? f.page,
        positionX: input.positionX ?? f.positionX,
        positionY: input.positionY ?? f.positionY,
        width: input.width ?? f.width,
        height: input.height ?? f.height,
      };
      for (const p of geometryProblems(next, item.pageCount))
        issues.add(
          'FIELD_OUT_OF_BOUNDS',
          [...shape.at(index), shape.names?.[p.path as keyof FieldGeometry] ?? p.path],
          p.message,
        );
      const meta = input.fieldMeta !== undefined ? resolveFieldMeta(f.type, input.fieldMeta) : undefined;
      if (meta)
        for (const p of fieldMetaProblems(meta))
          issues.add('VALIDATION_ERROR', [...shape.at(index), 'fieldMeta', ...p.path], p.message);
      if (meta)
        for (const p of unsupportedFieldMeta(meta))
          issues.add('FIELD_META_NOT_SUPPORTED', [...shape.at(index), 'fieldMeta', ...p.path], p.message);
      updates.push({
        f,
        patch: { ...next, ...(meta !== undefined ? { fieldMeta: meta ?? null } : {}) },
      });
    }
    issues.throwIfAny('Some fields cannot be changed');
    const entries = [];
    for (const { f, patch } of updates) {
      const before = { page: f.page, positionX: f.positionX, positionY: f.positionY, width: f.width, height: f.height };
      await updateFieldOfEnvelope(trx, graph.envelope.id, f.id, patch);
      Object.assign(f, patch);
      entries.push({ ...fieldAuditMembers(f, graph), changes: geometryChanges(before, f) });
    }
    return {
      result: updates.map(({ f }) => fieldView(f, graph.envelope)),
      data: entries,
    };
  });
}

/** @throws NOT_FOUND, FIELD_LOCKED, ENVELOPE_* */
export async function deleteField(ctx: Ctx, caller: ApiCaller, fieldId: number): Promise<void> {
  const envelopeId = await envelopeOfPart(ctx.db, caller.principal.platformId, { fieldId });
  await editEnvelope(ctx, caller, envelopeId, 'FIELD_DELETED', async (trx, graph) => {
    const f = graph.fields.find((x) => x.id === fieldId);
    if (!f) throw notFound('Field');
    if (f.inserted === 1)
      throw new AppError('FIELD_LOCKED', `Field ${f.id} has been filled and can no longer be removed`);
    await deleteFieldOfEnvelope(trx, graph.envelope.id, f.id);
    return { result: undefined, data: fieldAuditMembers(f, graph) };
  });
}

/** @throws NOT_FOUND */
export async function getField(ctx: Ctx, principal: Principal, fieldId: number) {
  const envelopeId = await envelopeOfPart(ctx.db, principal.platformId, { fieldId });
  const envelope = await findEnvelope(ctx.db, principal.platformId, { documentId: envelopeId });
  if (!envelope) throw notFound('Field');
  const f = (await loadEnvelopeParts(ctx.db, envelope)).fields.find((x) => x.id === fieldId);
  if (!f) throw notFound('Field');
  return fieldView(f, envelope);
}

/** Which field an audit entry is about, in Documenso's member names. */
function fieldAuditMembers(f: FieldRow, graph: EnvelopeGraph) {
  return {
    fieldId: String(f.id),
    fieldType: f.type,
    fieldRecipientId: f.recipientId,
    fieldRecipientEmail: graph.recipients.find((r) => r.id === f.recipientId)?.email ?? '',
  };
}

type Geometry = Pick<FieldRow, 'page' | 'positionX' | 'positionY' | 'width' | 'height'>;

/** A move and a resize, as Documenso's FIELD_UPDATED entries list them. */
function geometryChanges(before: Geometry, after: Geometry) {
  const changes = [];
  if (before.page !== after.page || before.positionX !== after.positionX || before.positionY !== after.positionY)
    changes.push({
      type: 'POSITION',
      from: { page: before.page, positionX: before.positionX, positionY: before.positionY },
      to: { page: after.page, positionX: after.positionX, positionY: after.positionY },
    });
  if (before.width !== after.width || before.height !== after.height)
    changes.push({
      type: 'DIMENSION',
      from: { width: before.width, height: before.height },
      to: { width: after.width, height: after.height },
    });
  return changes;
}
