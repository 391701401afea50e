import { createDirectLink } from '../../domain/templates/create-direct-link.js';
import { deleteDirectLink } from '../../domain/templates/delete-direct-link.js';
import { toggleDirectLink } from '../../domain/templates/toggle-direct-link.js';
import { callerOf } from '../plugins/caller.js';
import { defineOperation } from '../operation.js';
import { ZSuccess } from '../schemas/common.schema.js';
import {
  ZTemplateDirectCreateBody,
  ZTemplateDirectLink,
  ZTemplateDirectToggleBody,
  ZTemplateIdBody,
} from './template.schema.js';

const tags = ['Templates'];

/**
 * Documenso's direct links: one public page per template (`FIRMA_PUBLIC_URL/d/{token}`) where a
 * visitor becomes one of its recipients, gets a document made and signs it. POSTs: full scope.
 */
export const templateDirectOperations = [
  defineOperation({
    method: 'POST',
    url: '/template/direct/create',
    operationId: 'template-createTemplateDirectLink',
    summary: "Create the template's direct link (one per template), enabled",
    description:
      'The visitor becomes `directRecipientId` (default: the first SIGNER). Every other recipient needs an e-mail and every other signer a CUIL, since the document is made and sent at once (DIRECT_LINK_TEMPLATE_INCOMPLETE).',
    tags,
    body: ZTemplateDirectCreateBody,
    response: ZTemplateDirectLink,
    errors: [404, 409],
    handle: (ctx, request) => createDirectLink(ctx, callerOf(request), request.body),
  }),

  defineOperation({
    method: 'POST',
    url: '/template/direct/delete',
    operationId: 'template-deleteTemplateDirectLink',
    summary: "Delete the template's direct link (its token stops working for good)",
    tags,
    body: ZTemplateIdBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await deleteDirectLink(ctx, callerOf(request), request.body);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/template/direct/toggle',
    operationId: 'template-toggleTemplateDirectLink',
    summary: "Turn the template's direct link on or off (a disabled link's page answers 410)",
    tags,
    body: ZTemplateDirectToggleBody,
    response: ZTemplateDirectLink,
    errors: [404],
    handle: (ctx, request) => toggleDirectLink(ctx, callerOf(request), request.body),
  }),
];
