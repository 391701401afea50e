import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { DOCUMENT_GEOMETRY_NAMES } from './document.schema.js';
import {
  createFields,
  deleteField,
  getField,
  updateFields,
  type FieldRequestShape,
} from '../../domain/envelopes/manage-fields.js';
import {
  createRecipients,
  deleteRecipient,
  getRecipient,
  updateRecipients,
} from '../../domain/envelopes/manage-recipients.js';
import { resolveDocument } from '../../domain/envelopes/resolve-document.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import { ZFieldLegacy, ZRecipientLegacy } from '../schemas/views.schema.js';
import {
  legacyPartBodies,
  ZDocumentFieldsResponse,
  ZDocumentRecipient,
  ZDocumentRecipientCreateManyResponse,
  ZDocumentRecipientUpdateManyResponse,
} from './document-parts.schema.js';
import { ZFieldDeleteBody, ZFieldIdParams, ZRecipientDeleteBody, ZRecipientIdParams } from './envelope-parts.schema.js';

const oneField: FieldRequestShape = { at: () => ['field'], names: DOCUMENT_GEOMETRY_NAMES };
const manyFields: FieldRequestShape = { at: (index) => ['fields', index], names: DOCUMENT_GEOMETRY_NAMES };
const oneRecipient = () => ['recipient'];
const manyRecipients = (index: number) => ['recipients', index];

type Bodies = ReturnType<typeof legacyPartBodies>;
type LegacyFieldCreate = z.output<Bodies['fieldCreate']>['field'];
type LegacyFieldUpdate = z.output<Bodies['fieldUpdate']>['field'];

/** The document flow's geometry names mapped onto the envelope use cases' input. */
function fieldCreateInput({ pageNumber, pageX, pageY, ...f }: LegacyFieldCreate) {
  return {
    ...f,
    page: pageNumber,
    positionX: pageX,
    positionY: pageY,
    fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined,
  };
}
function fieldUpdateInput({ pageNumber, pageX, pageY, ...f }: LegacyFieldUpdate) {
  return {
    ...f,
    page: pageNumber,
    positionX: pageX,
    positionY: pageY,
    fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined,
  };
}

/**
 * Documenso's recipient and field routes of one family, `document` or `template`: thin adapters
 * that name the owner by its numeric id (`resolveDocument`: envelopes of that type on the caller's
 * platform only, so the other family's ids are NOT_FOUND) and run the envelope use cases, so
 * every rule (all or nothing, locked once a recipient acted, final states) is the envelope
 * routes' own. Single-item variants run the batch use case with one entry, in its one transaction.
 */
export function registerLegacyPartRoutes(app: FastifyInstance, ctx: Ctx, family: 'document' | 'template'): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const type = family === 'template' ? 'TEMPLATE' : 'DOCUMENT';
  const ownerKey = family === 'template' ? 'templateId' : 'documentId';
  const bodies = legacyPartBodies(ownerKey);
  const recipientTags = [family === 'template' ? 'Template recipients' : 'Document recipients'];
  const fieldTags = [family === 'template' ? 'Template fields' : 'Document fields'];
  // The schema names the owner member by family; its type says documentId for both.
  const ownerOf = (platformId: number, body: object) =>
    resolveDocument(ctx, platformId, { documentId: (body as Record<string, number>)[ownerKey]! }, type);

  r.get(
    `/${family}/recipient/:recipientId`,
    {
      schema: {
        operationId: `${family}-recipient-get`,
        summary: `A ${family}'s recipient with its fields and CUIL`,
        tags: recipientTags,
        params: ZRecipientIdParams,
        response: { 200: ZDocumentRecipient, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await resolveDocument(ctx, principal.platformId, { recipientId: request.params.recipientId }, type);
      return getRecipient(ctx, principal, request.params.recipientId);
    },
  );
  r.post(
    `/${family}/recipient/create`,
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: `${family}-recipient-create`,
        summary:
          family === 'template'
            ? 'Add a recipient (email and name may stay empty: a placeholder filled when a document is made)'
            : 'Add a recipient (on a PENDING document it gets its link on redistribute)',
        tags: recipientTags,
        body: bodies.recipientCreate,
        response: { 200: ZRecipientLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      const [created] = await createRecipients(ctx, caller, envelopeId, [request.body.recipient], oneRecipient);
      return created!;
    },
  );
  r.post(
    `/${family}/recipient/create-many`,
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: `${family}-recipient-create-many`,
        summary: 'Add recipients (all or nothing)',
        tags: recipientTags,
        body: bodies.recipientCreateMany,
        response: { 200: ZDocumentRecipientCreateManyResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      return { recipients: await createRecipients(ctx, caller, envelopeId, request.body.recipients, manyRecipients) };
    },
  );
  r.post(
    `/${family}/recipient/update`,
    {
      schema: {
        operationId: `${family}-recipient-update`,
        summary: 'Change a recipient who has not acted yet (cuil up to 20 characters, e.g. 20-12345678-6)',
        tags: recipientTags,
        body: bodies.recipientUpdate,
        response: { 200: ZDocumentRecipient, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      const [updated] = await updateRecipients(ctx, caller, envelopeId, [request.body.recipient], oneRecipient);
      return updated!;
    },
  );
  r.post(
    `/${family}/recipient/update-many`,
    {
      schema: {
        operationId: `${family}-recipient-update-many`,
        summary: 'Change recipients who have not acted yet (all or nothing)',
        tags: recipientTags,
        body: bodies.recipientUpdateMany,
        response: { 200: ZDocumentRecipientUpdateManyResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      return { recipients: await updateRecipients(ctx, caller, envelopeId, request.body.recipients, manyRecipients) };
    },
  );
  r.post(
    `/${family}/recipient/delete`,
    {
      schema: {
        operationId: `${family}-recipient-delete`,
        summary: 'Remove a recipient who has not acted yet, with its fields',
        tags: recipientTags,
        body: ZRecipientDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { recipientId: request.body.recipientId }, type);
      await deleteRecipient(ctx, caller, request.body.recipientId);
      return { success: true };
    },
  );

  r.get(
    `/${family}/field/:fieldId`,
    {
      schema: {
        operationId: `${family}-field-get`,
        summary: `A ${family}'s field`,
        tags: fieldTags,
        params: ZFieldIdParams,
        response: { 200: ZFieldLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await resolveDocument(ctx, principal.platformId, { fieldId: request.params.fieldId }, type);
      return getField(ctx, principal, request.params.fieldId);
    },
  );
  r.post(
    `/${family}/field/create`,
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: `${family}-field-create`,
        summary: 'Add a field (geometry in percent of the page, pageNumber from 1)',
        tags: fieldTags,
        body: bodies.fieldCreate,
        response: { 200: ZFieldLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      const [created] = await createFields(ctx, caller, envelopeId, [fieldCreateInput(request.body.field)], oneField);
      return created!;
    },
  );
  r.post(
    `/${family}/field/create-many`,
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: `${family}-field-create-many`,
        summary: 'Add fields (all or nothing)',
        tags: fieldTags,
        body: bodies.fieldCreateMany,
        response: { 200: ZDocumentFieldsResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      const inputs = request.body.fields.map(fieldCreateInput);
      return { fields: await createFields(ctx, caller, envelopeId, inputs, manyFields) };
    },
  );
  r.post(
    `/${family}/field/update`,
    {
      schema: {
        operationId: `${family}-field-update`,
        summary: 'Move or change a field that holds no value yet',
        tags: fieldTags,
        body: bodies.fieldUpdate,
        response: { 200: ZFieldLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      const [updated] = await updateFields(ctx, caller, envelopeId, [fieldUpdateInput(request.body.field)], oneField);
      return updated!;
    },
  );
  r.post(
    `/${family}/field/update-many`,
    {
      schema: {
        operationId: `${family}-field-update-many`,
        summary: 'Move or change fields that hold no value yet (all or nothing)',
        tags: fieldTags,
        body: bodies.fieldUpdateMany,
        response: { 200: ZDocumentFieldsResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await ownerOf(caller.principal.platformId, request.body);
      const inputs = request.body.fields.map(fieldUpdateInput);
      return { fields: await updateFields(ctx, caller, envelopeId, inputs, manyFields) };
    },
  );
  r.post(
    `/${family}/field/delete`,
    {
      schema: {
        operationId: `${family}-field-delete`,
        summary: 'Remove a field that holds no value yet',
        tags: fieldTags,
        body: ZFieldDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { fieldId: request.body.fieldId }, type);
      await deleteField(ctx, caller, request.body.fieldId);
      return { success: true };
    },
  );
}
