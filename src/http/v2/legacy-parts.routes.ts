import { fieldMetaOf } from '../schemas/common.schema.js';
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
import { defineOperation } from '../operation.js';
import { ZSuccess } from '../schemas/common.schema.js';
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
const fieldCreateInput = ({ pageNumber, pageX, pageY, ...f }: LegacyFieldCreate) => ({
  ...f,
  page: pageNumber,
  positionX: pageX,
  positionY: pageY,
  fieldMeta: fieldMetaOf(f),
});
const fieldUpdateInput = ({ pageNumber, pageX, pageY, ...f }: LegacyFieldUpdate) => ({
  ...f,
  page: pageNumber,
  positionX: pageX,
  positionY: pageY,
  fieldMeta: fieldMetaOf(f),
});

/**
 * Documenso's recipient and field routes of one family, `document` or `template`: thin adapters
 * that name the owner by its numeric id (`resolveDocument`: envelopes of that type on the caller's
 * platform only, so the other family's ids are NOT_FOUND) and run the envelope use cases, so
 * every rule (all or nothing, locked once a recipient acted, final states) is the envelope
 * routes' own. Single-item variants run the batch use case with one entry, in its one transaction.
 */
export function legacyPartOperations(name: 'document' | 'template') {
  const family = familyOf(name);
  return [...recipientOperations(family), ...fieldOperations(family)];
}

/** What the operations of one family differ in: names, tags, the owner's type and how its id is named. */
interface Family {
  name: 'document' | 'template';
  type: 'DOCUMENT' | 'TEMPLATE';
  bodies: Bodies;
  recipientTags: string[];
  fieldTags: string[];
  ownerOf: (ctx: Ctx, platformId: number, body: object) => Promise<string>;
}

function familyOf(name: 'document' | 'template'): Family {
  const type = name === 'template' ? 'TEMPLATE' : 'DOCUMENT';
  const ownerKey = name === 'template' ? 'templateId' : 'documentId';
  return {
    name,
    type,
    bodies: legacyPartBodies(ownerKey),
    recipientTags: [name === 'template' ? 'Template recipients' : 'Document recipients'],
    fieldTags: [name === 'template' ? 'Template fields' : 'Document fields'],
    // The schema names the owner member by family; its type says documentId for both.
    ownerOf: (ctx, platformId, body) =>
      resolveDocument(ctx, platformId, { documentId: (body as Record<string, number>)[ownerKey]! }, type),
  };
}

function recipientOperations({ name: family, type, bodies, recipientTags, ownerOf }: Family) {
  return [
    defineOperation({
      method: 'GET',
      url: `/${family}/recipient/:recipientId`,
      operationId: `${family}-recipient-get`,
      summary: `A ${family}'s recipient with its fields and CUIL`,
      tags: recipientTags,
      params: ZRecipientIdParams,
      response: ZDocumentRecipient,
      errors: [404],
      handle: async (ctx, request) => {
        const principal = principalOf(request);
        await resolveDocument(ctx, principal.platformId, { recipientId: request.params.recipientId }, type);
        return getRecipient(ctx, principal, request.params.recipientId);
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/recipient/create`,
      operationId: `${family}-recipient-create`,
      summary:
        family === 'template'
          ? 'Add a recipient (email and name may stay empty: a placeholder filled when a document is made)'
          : 'Add a recipient (on a PENDING document it gets its link on redistribute)',
      tags: recipientTags,
      idempotent: 'json',
      body: bodies.recipientCreate,
      response: ZRecipientLegacy,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const [created] = await createRecipients(ctx, caller, envelopeId, [request.body.recipient], oneRecipient);
        return created!;
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/recipient/create-many`,
      operationId: `${family}-recipient-create-many`,
      summary: 'Add recipients (all or nothing)',
      tags: recipientTags,
      idempotent: 'json',
      body: bodies.recipientCreateMany,
      response: ZDocumentRecipientCreateManyResponse,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const recipients = request.body.recipients;
        return { recipients: await createRecipients(ctx, caller, envelopeId, recipients, manyRecipients) };
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/recipient/update`,
      operationId: `${family}-recipient-update`,
      summary: 'Change a recipient who has not acted yet (cuil up to 20 characters, e.g. 20-12345678-6)',
      tags: recipientTags,
      body: bodies.recipientUpdate,
      response: ZDocumentRecipient,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const [updated] = await updateRecipients(ctx, caller, envelopeId, [request.body.recipient], oneRecipient);
        return updated!;
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/recipient/update-many`,
      operationId: `${family}-recipient-update-many`,
      summary: 'Change recipients who have not acted yet (all or nothing)',
      tags: recipientTags,
      body: bodies.recipientUpdateMany,
      response: ZDocumentRecipientUpdateManyResponse,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const recipients = request.body.recipients;
        return { recipients: await updateRecipients(ctx, caller, envelopeId, recipients, manyRecipients) };
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/recipient/delete`,
      operationId: `${family}-recipient-delete`,
      summary: 'Remove a recipient who has not acted yet, with its fields',
      tags: recipientTags,
      body: ZRecipientDeleteBody,
      response: ZSuccess,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        await resolveDocument(ctx, caller.principal.platformId, { recipientId: request.body.recipientId }, type);
        await deleteRecipient(ctx, caller, request.body.recipientId);
        return { success: true };
      },
    }),
  ];
}

function fieldOperations({ name: family, type, bodies, fieldTags, ownerOf }: Family) {
  return [
    defineOperation({
      method: 'GET',
      url: `/${family}/field/:fieldId`,
      operationId: `${family}-field-get`,
      summary: `A ${family}'s field`,
      tags: fieldTags,
      params: ZFieldIdParams,
      response: ZFieldLegacy,
      errors: [404],
      handle: async (ctx, request) => {
        const principal = principalOf(request);
        await resolveDocument(ctx, principal.platformId, { fieldId: request.params.fieldId }, type);
        return getField(ctx, principal, request.params.fieldId);
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/field/create`,
      operationId: `${family}-field-create`,
      summary: 'Add a field (geometry in percent of the page, pageNumber from 1)',
      tags: fieldTags,
      idempotent: 'json',
      body: bodies.fieldCreate,
      response: ZFieldLegacy,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const input = fieldCreateInput(request.body.field);
        const [created] = await createFields(ctx, caller, envelopeId, [input], oneField);
        return created!;
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/field/create-many`,
      operationId: `${family}-field-create-many`,
      summary: 'Add fields (all or nothing)',
      tags: fieldTags,
      idempotent: 'json',
      body: bodies.fieldCreateMany,
      response: ZDocumentFieldsResponse,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const inputs = request.body.fields.map(fieldCreateInput);
        return { fields: await createFields(ctx, caller, envelopeId, inputs, manyFields) };
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/field/update`,
      operationId: `${family}-field-update`,
      summary: 'Move or change a field that holds no value yet',
      tags: fieldTags,
      body: bodies.fieldUpdate,
      response: ZFieldLegacy,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const input = fieldUpdateInput(request.body.field);
        const [updated] = await updateFields(ctx, caller, envelopeId, [input], oneField);
        return updated!;
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/field/update-many`,
      operationId: `${family}-field-update-many`,
      summary: 'Move or change fields that hold no value yet (all or nothing)',
      tags: fieldTags,
      body: bodies.fieldUpdateMany,
      response: ZDocumentFieldsResponse,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        const envelopeId = await ownerOf(ctx, caller.principal.platformId, request.body);
        const inputs = request.body.fields.map(fieldUpdateInput);
        return { fields: await updateFields(ctx, caller, envelopeId, inputs, manyFields) };
      },
    }),
    defineOperation({
      method: 'POST',
      url: `/${family}/field/delete`,
      operationId: `${family}-field-delete`,
      summary: 'Remove a field that holds no value yet',
      tags: fieldTags,
      body: ZFieldDeleteBody,
      response: ZSuccess,
      errors: [404],
      handle: async (ctx, request) => {
        const caller = callerOf(request);
        await resolveDocument(ctx, caller.principal.platformId, { fieldId: request.body.fieldId }, type);
        await deleteField(ctx, caller, request.body.fieldId);
        return { success: true };
      },
    }),
  ];
}
